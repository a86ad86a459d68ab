import { describe, expect, it } from "vitest";
import { afterQuietHours, localMinutes } from "./quiet-hours.ts";

const school = { timeZone: "America/Bogota", quietFrom: 21 * 60, quietTo: 7 * 60 };

describe("quiet hours", () => {
  it("reads the school's wall clock", () => {
    expect(localMinutes(new Date("2026-11-25T14:30:00Z"), "America/Bogota")).toBe(9 * 60 + 30);
    expect(localMinutes(new Date("2026-11-25T14:30:00Z"), "Europe/Madrid")).toBe(15 * 60 + 30);
  });

  it("lets a daytime message go at once", () => {
    const at = new Date("2026-11-25T15:00:00Z"); // 10:00 at UTC-5
    expect(afterQuietHours(at, school)).toEqual(at);
  });

  it("holds a message written at 23:10 until 07:00 the next morning", () => {
    const at = new Date("2026-11-26T04:10:20Z"); // 23:10:20 on the 25th at UTC-5
    expect(afterQuietHours(at, school).toISOString()).toBe("2026-11-26T12:00:00.000Z");
  });

  it("holds a message written at 05:59 until 07:00 the same morning, and none without quiet hours", () => {
    expect(afterQuietHours(new Date("2026-11-26T10:59:00Z"), school).toISOString()).toBe("2026-11-26T12:00:00.000Z");
    const at = new Date("2026-11-26T04:10:00Z");
    expect(afterQuietHours(at, { ...school, quietFrom: null })).toEqual(at);
  });

  it("handles a window inside one day (13:00-14:00)", () => {
    const lunch = { ...school, quietFrom: 13 * 60, quietTo: 14 * 60 };
    expect(afterQuietHours(new Date("2026-11-25T18:20:00Z"), lunch).toISOString()).toBe("2026-11-25T19:00:00.000Z");
    expect(afterQuietHours(new Date("2026-11-25T19:00:00Z"), lunch).toISOString()).toBe("2026-11-25T19:00:00.000Z");
  });
});
