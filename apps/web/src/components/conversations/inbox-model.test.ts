import type { TConversationMessage } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { aiTimer, conversationTime, heldByAssistant, withMessage } from "./inbox-model.ts";

// Wednesday 2026-12-09 10:00 at the school's UTC-5.
const NOW = new Date("2026-12-09T15:00:00Z");

describe("conversationTime (002 §9, at a fixed UTC-5)", () => {
  it("shows the time alone for today at the school, even when UTC has moved on to the next day", () => {
    expect(conversationTime("2026-12-09T05:30:00Z", "en", NOW)).toBe("00:30");
    // 23:10 at UTC-5 is 04:10 UTC of the next day: still today at the school.
    expect(conversationTime("2026-12-10T04:10:00Z", "es", new Date("2026-12-10T04:20:00Z"))).toBe("23:10");
  });

  it("shows the weekday and the time within the last 7 days, the date before that", () => {
    // 04:59 UTC on the 9th is 23:59 on Tuesday the 8th at the school.
    expect(conversationTime("2026-12-09T04:59:00Z", "en", NOW)).toBe("Tue 23:59");
    expect(conversationTime("2026-12-03T16:00:00Z", "es", NOW)).toMatch(/^jue,? 11:00$/);
    expect(conversationTime("2026-12-01T16:00:00Z", "en", NOW)).toMatch(/^Dec 1, 2026,? 11:00$/);
    expect(conversationTime("2026-12-01T16:00:00Z", "es", NOW)).toMatch(/^1 dic 2026,? 11:00$/);
  });
});

describe("aiTimer (002 §4 colours)", () => {
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
  it("is red under 5 minutes, orange under 15, green otherwise, with the minutes left rounded up", () => {
    expect(aiTimer(at(4.5), NOW)).toEqual({ minutes: 5, tone: "red" });
    expect(aiTimer(at(5), NOW)).toEqual({ minutes: 5, tone: "orange" });
    expect(aiTimer(at(14.9), NOW)).toEqual({ minutes: 15, tone: "orange" });
    expect(aiTimer(at(15), NOW)).toEqual({ minutes: 15, tone: "green" });
    expect(aiTimer(at(30), NOW)).toEqual({ minutes: 30, tone: "green" });
  });

  it("is gone once the hold has ended or when there is none", () => {
    expect(aiTimer(at(0), NOW)).toBeNull();
    expect(aiTimer(at(-3), NOW)).toBeNull();
    expect(aiTimer(null, NOW)).toBeNull();
  });

  it("holds the reply box only on an open conversation", () => {
    expect(heldByAssistant({ type: "open", holdAiTill: at(10) }, NOW)).toBe(true);
    expect(heldByAssistant({ type: "human", holdAiTill: at(10) }, NOW)).toBe(false);
    expect(heldByAssistant({ type: "open", holdAiTill: at(-1) }, NOW)).toBe(false);
  });
});

describe("withMessage", () => {
  const message = (ID: string, createdAt: string): TConversationMessage => ({
    ID,
    text: ID,
    author: "staff",
    staffName: null,
    kind: "text",
    createdAt,
    mediaUrl: null,
    mediaType: null,
    status: "queued",
    error: null,
    sources: [],
  });
  it("puts a sent reply in time order once, even when a poll already brought it", () => {
    const list = [message("U_1_202612091000", "2026-12-09T15:00:00Z"), message("A_3_202612091002", "2026-12-09T15:02:00Z")];
    const reply = message("A_2_202612091001", "2026-12-09T15:01:00Z");
    expect(withMessage(list, reply).map((m) => m.ID)).toEqual(["U_1_202612091000", "A_2_202612091001", "A_3_202612091002"]);
    expect(withMessage(list, list[1]!)).toHaveLength(2);
  });
});
