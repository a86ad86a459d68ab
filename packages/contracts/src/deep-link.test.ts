import { describe, expect, it } from "vitest";
import { decodeDeepLink, deepLinkHref, encodeDeepLink } from "./deep-link.ts";

describe("deep links (000 §2.1)", () => {
  it("carries a module and its filters as base64 JSON, and reads them back", () => {
    const link = { type: 0, module: "admGrades", superSectionId: 12, activityId: 345, periodId: 202601 } as const;
    const text = encodeDeepLink(link);
    expect(JSON.parse(Buffer.from(text, "base64").toString("utf8"))).toEqual(link);
    expect(decodeDeepLink(text)).toEqual(link);
    expect(deepLinkHref(link)).toBe(`/app/admGrades?deepLink=${encodeURIComponent(text)}`);
  });

  it("reads the URL-safe alphabet and a link of a subject in no grade", () => {
    const text = Buffer.from(JSON.stringify({ type: 1, module: "admGrades", superSectionId: null, activityId: 4 })).toString("base64url");
    expect(decodeDeepLink(text)).toEqual({ type: 1, module: "admGrades", superSectionId: null, activityId: 4 });
  });

  it.each([
    ["empty", ""],
    ["absent", null],
    ["not base64", "%%%"],
    ["base64 of no JSON", Buffer.from("{type: 0").toString("base64")],
    ["base64 of broken UTF-8", Buffer.from([0x7b, 0xff, 0x7d]).toString("base64")],
    ["another type", Buffer.from(JSON.stringify({ type: 2, module: "admGrades" })).toString("base64")],
    ["no module", Buffer.from(JSON.stringify({ type: 0, activityId: 4 })).toString("base64")],
    ["a module that is no name", Buffer.from(JSON.stringify({ type: 0, module: "../x" })).toString("base64")],
    ["a text id", Buffer.from(JSON.stringify({ type: 0, module: "admGrades", activityId: "4" })).toString("base64")],
  ])("is null for %s", (_, text) => {
    expect(decodeDeepLink(text)).toBeNull();
  });

  it("refuses to encode a link that would not decode", () => {
    expect(() => encodeDeepLink({ type: 0, module: "adm grades" })).toThrow();
  });
});
