import { describe, expect, it } from "vitest";
import { jsonDepthExceeds } from "./json-depth.ts";

describe("jsonDepthExceeds", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ text: "[[[[[[{{{{{{" }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: 'a \\" [[[[ "' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: "\\", b: [[1]] }), 2)).toBe(true);
  });

  it("measures a deep text without recursion and stops early", () => {
    const deep = "[".repeat(1_000_000) + "]".repeat(1_000_000);
    expect(jsonDepthExceeds(deep, 32)).toBe(true);
    expect(jsonDepthExceeds("[".repeat(32) + "]".repeat(32), 32)).toBe(false);
  });
});
