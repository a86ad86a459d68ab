import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, parseDate, parseDateTime } from "./values.ts";

describe("dates at the spec's fixed UTC-5", () => {
  it("stores a local date-time in UTC and shows it back unchanged", () => {
    const stored = parseDateTime("2026-03-01 20:30");
    expect(stored.toISOString()).toBe("2026-03-02T01:30:00.000Z");
    expect(formatDateTime(stored)).toBe("2026-03-01 20:30");
  });

  it("keeps calendar dates as they are", () => {
    expect(formatDate(parseDate("2026-12-31"))).toBe("2026-12-31");
  });
});
