import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import { catalogueEntries } from "../test-support/catalogue.ts";

const keys = (tree: unknown) => catalogueEntries(tree).map(([key]) => key);

describe("messages", () => {
  it("en.json and es.json have the same keys", () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  // A count said as a bare number before its noun ("1 recipients", "1 registros") reads wrong for one of the
  // language's plural forms: such a placeholder must be an ICU plural argument instead. A count followed by a word
  // that does not agree with it (a preposition, a unit) may stay bare, and so may the spec's `:max` inside the plural
  // of the same argument (it keeps the spec's digits, where ICU's `#` would group them: "5000", not "5,000").
  it("say counts through ICU plurals", () => {
    const counts = /^(count|n|total|max|min|days|lines|digits|seconds|minutes|window|length|pending|taken|sent|waiting|failed|pages)$/;
    const agreeing = /^(?!(?:of|de|del|to|al|or|o|and|y|more|más|MB|min)$)\p{L}+$/u;
    const bare = (tree: unknown) =>
      catalogueEntries(tree).flatMap(([key, text]) =>
        [...text.matchAll(/(?:\{(\w+)\}|:(\w+)\b) +(\p{L}+)/gu)]
          .filter(([, icu, spec, word]) => counts.test(icu ?? spec ?? "") && agreeing.test(word ?? "") && !(spec && text.includes(`{${spec}, plural,`)))
          .map(([found]) => `${key}: ${found}`),
      );
    expect(bare(en)).toEqual([]);
    expect(bare(es)).toEqual([]);
  });

  it("have no empty text", () => {
    const empty = (tree: unknown) => catalogueEntries(tree).flatMap(([key, text]) => (text === "" ? [key] : []));
    expect(empty(en)).toEqual([]);
    expect(empty(es)).toEqual([]);
  });
});
