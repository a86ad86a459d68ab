import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";

function keys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("messages", () => {
  it("en.json and es.json have the same keys", () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it("have no empty text", () => {
    const empty = (tree: unknown) => keys(tree).filter((k) => k.split(".").reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree) === "");
    expect(empty(en)).toEqual([]);
    expect(empty(es)).toEqual([]);
  });
});
