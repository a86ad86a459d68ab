import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import { catalogueEntries } from "../test-support/catalogue.ts";

const keys = (tree: unknown) => catalogueEntries(tree).map(([key]) => key);

describe("messages", () => {
  it("en.json and es.json have the same keys", () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it("have no empty text", () => {
    const empty = (tree: unknown) => catalogueEntries(tree).flatMap(([key, text]) => (text === "" ? [key] : []));
    expect(empty(en)).toEqual([]);
    expect(empty(es)).toEqual([]);
  });
});
