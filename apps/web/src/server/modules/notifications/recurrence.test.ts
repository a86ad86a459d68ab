import { describe, expect, it } from "vitest";
import { parseDateTime } from "../../resource/values.ts";
import { recurrenceCron } from "./recurrence.ts";

describe("recurrenceCron", () => {
  it("repeats daily on the chosen weekdays at the send time shown at UTC-5", () => {
    expect(recurrenceCron("daily", parseDateTime("2026-05-04 07:30"), [5, 1, 3, 1], [])).toBe("30 7 * * 1,3,5");
    expect(recurrenceCron("daily", parseDateTime("2026-05-04 23:05"), [0, 6], [])).toBe("5 23 * * 0,6");
  });

  it("repeats monthly on the send date's day in the chosen months", () => {
    expect(recurrenceCron("monthly", parseDateTime("2026-03-15 08:00"), [], [12, 3, 6])).toBe("0 8 15 3,6,12 *");
  });

  it("takes the day at UTC-5, not the UTC day", () => {
    // 21:00 at UTC-5 is already the next day in UTC.
    expect(recurrenceCron("monthly", parseDateTime("2026-03-31 21:00"), [], [1])).toBe("0 21 31 1 *");
  });
});
