import { describe, expect, it } from "vitest";
import { nextRun } from "./run-notification.ts";

const weekly = (recurrence: string, end: Date | null = null) => ({ hasRecurrence: true, recurrence, recurrenceEndDate: end });

describe("a recurring notification's next run (002 §4), on the school's clock", () => {
  it("fires daily-on-weekdays at the send time at UTC-5: Friday 17:00 in Bogotá is 22:00 UTC", () => {
    // Wednesday 2026-11-25 10:00 UTC → the next Friday at 17:00 Bogotá.
    expect(nextRun(weekly("0 17 * * 5"), new Date("2026-11-25T10:00:00Z"), "America/Bogota")?.toISOString()).toBe("2026-11-27T22:00:00.000Z");
    // Monday and Thursday at 07:30: from Monday 13:00 Bogotá, Thursday comes next.
    expect(nextRun(weekly("30 7 * * 1,4"), new Date("2026-11-23T18:00:00Z"), "America/Bogota")?.toISOString()).toBe("2026-11-26T12:30:00.000Z");
  });

  it("fires monthly in the chosen months on the send date's day, a yearly one being a single month", () => {
    expect(nextRun(weekly("0 9 15 1,7 *"), new Date("2026-11-25T10:00:00Z"), "America/Bogota")?.toISOString()).toBe("2027-01-15T14:00:00.000Z");
    expect(nextRun(weekly("0 9 1 3 *"), new Date("2026-11-25T10:00:00Z"), "America/Bogota")?.toISOString()).toBe("2027-03-01T14:00:00.000Z");
  });

  it("follows the school's own zone, daylight saving included", () => {
    // 09:00 in Madrid is 08:00 UTC in winter and 07:00 UTC in summer.
    expect(nextRun(weekly("0 9 * * 1"), new Date("2026-11-25T10:00:00Z"), "Europe/Madrid")?.toISOString()).toBe("2026-11-30T08:00:00.000Z");
    expect(nextRun(weekly("0 9 * * 1"), new Date("2026-06-02T10:00:00Z"), "Europe/Madrid")?.toISOString()).toBe("2026-06-08T07:00:00.000Z");
  });

  it("stops after its end date, and without recurrence there is none", () => {
    expect(nextRun(weekly("0 17 * * 5", new Date("2026-11-26")), new Date("2026-11-25T10:00:00Z"), "America/Bogota")).toBeNull();
    expect(nextRun(weekly("0 17 * * 5", new Date("2026-11-27")), new Date("2026-11-25T10:00:00Z"), "America/Bogota")).not.toBeNull();
    expect(nextRun({ hasRecurrence: false, recurrence: null, recurrenceEndDate: null }, new Date(), "America/Bogota")).toBeNull();
  });
});
