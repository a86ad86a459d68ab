import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { likeLiteral } from "./search-text.ts";

const api = apiHarness();
let admin: string;

beforeAll(async () => {
  ({ admin } = await api.tokens());
  const { db: school } = await api.school();
  for (const [name, last] of [
    ["Cien", "100% Real"],
    ["Mil", "1000 Real"],
    ["Ana_Maria", "Buscada"],
    ["AnaXMaria", "Buscada"],
    ["Barra", "Con\\Barra"],
  ]) {
    await school.user.create({ data: { type: 2, name: name!, last: last!, mail: `${name!.toLowerCase()}@pizarra.demo` } });
  }
});

const found = async (text: string) => (await api.rows<{ name: string }>(`admStudent/get?filter=${encodeURIComponent(text)}`, admin)).map((r) => r.name).sort();

describe("search text is taken literally", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(likeLiteral("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  });

  it("finds % and _ as themselves, not as wildcards", async () => {
    expect(await found("0%")).toEqual(["Cien"]);
    expect(await found("Ana_M")).toEqual(["Ana_Maria"]);
    expect(await found("%")).toEqual(["Cien"]);
    expect(await found("_")).toEqual(["Ana_Maria"]);
    expect(await found("n\\B")).toEqual(["Barra"]);
    expect(await found("anaxmaria")).toEqual(["AnaXMaria"]);
  });
});
