import { cities, countries, districts, states } from "@pizarra/contracts/geo";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Page = { Results: { ID: string; name: string }[] };

let admin: string;
beforeAll(async () => {
  ({ admin } = await api.tokens());
});
const get = (path: string, locale: "es" | "en" = "es") => api.call<Page>("GET", path, { token: admin, locale });

describe("the location dataset", () => {
  it("has every ISO 3166-1 country named in Spanish and English", () => {
    expect(countries("en")).toHaveLength(249);
    expect(countries("es").find((c) => c.ID === "PE")!.name).toBe("Perú");
    expect(countries("en").find((c) => c.ID === "DE")!.name).toBe("Germany");
    expect(new Set(countries("es").map((c) => c.ID)).size).toBe(249);
  });

  it("nests Peru's codes: 25 departments, provinces of Lima and Callao, their districts", () => {
    expect(states("PE")).toHaveLength(25);
    expect(cities("PE", "15")).toHaveLength(10);
    expect(cities("PE", "07")).toEqual([{ ID: "0701", name: "Callao" }]);
    expect(districts("PE", "15", "1501")).toHaveLength(43);
    expect(districts("PE", "07", "0701")).toHaveLength(7);
    for (const d of districts("PE", "15", "1501")) expect(d.ID.startsWith("1501")).toBe(true);
    // A city outside the state, or a state of no known country, lists nothing.
    expect(districts("PE", "07", "1501")).toEqual([]);
    expect(states("AR")).toEqual([]);
  });
});

describe("general/get*: the cascade of admRelatives (002 §4)", () => {
  it("answers each level as a pick list, countries in the user's language", async () => {
    const es = (await get("general/getcountries")).body.data.Results;
    expect(es.find((c) => c.ID === "ES")!.name).toBe("España");
    expect((await get("general/getcountries", "en")).body.data.Results.find((c) => c.ID === "ES")!.name).toBe("Spain");
    const deps = (await get("general/getstates?country=pe")).body.data.Results;
    expect(deps).toHaveLength(25);
    expect(deps).toContainEqual({ ID: "07", name: "Callao" });
    expect((await get("general/getcities?country=PE&state=15")).body.data.Results.map((c) => c.name)).toContain("Huarochirí");
    // The screen sends one parent at a time; the state's code says its country.
    expect((await get("general/getcities?state=07")).body.data.Results).toEqual([{ ID: "0701", name: "Callao" }]);
    const lima = (await get("general/getdistricts?country=PE&state=15&city=1501")).body.data.Results;
    expect(lima).toHaveLength(43);
    expect((await get("general/getdistricts?city=1501&filterBy=name&filter=rimac")).body.data.Results).toEqual([{ ID: "150128", name: "Rímac" }]);
    expect((await get("general/getstates?country=US")).body.data.Results).toEqual([]);
    const lists = await api.call<{ countries: unknown[]; states: Record<string, unknown[]> }>("GET", "general/getlists", { token: admin });
    expect(lists.body.data.countries).toHaveLength(249);
    expect(lists.body.data.states.PE).toHaveLength(25);
  });

  it("refuses a malformed code naming the field, and strangers", async () => {
    const es = await api.call<{ errors: Record<string, string> }>("GET", "general/getstates?country=Per%C3%BA", { token: admin });
    expect(es.http).toBe(422);
    expect(es.body.data.errors.country).toBe("El campo país no tiene un formato válido.");
    const en = await api.call<{ errors: Record<string, string> }>("GET", "general/getcities?country=PE", { token: admin, locale: "en" });
    expect(en.body.data.errors.state).toBe("The state field is required.");
    expect((await api.call("GET", "general/getcountries")).http).toBe(401);
  });

  it("stores a relative's place codes as text, leading zeros and all", async () => {
    const body = {
      externalId: "F-GEO",
      name: "Rosa",
      last: "Callao",
      gender: "F",
      nationality: "Peruana",
      mail: "rosa@familia.demo",
      country: "PE",
      state: "07",
      city: "0701",
      district: "070104",
    };
    const created = await api.call<{ ID: number }>("POST", "admRelatives/create", { token: admin, body });
    expect(created.body.status).toBe(0);
    const row = (await api.call<Row>("GET", `admRelatives/get/${created.body.data.ID}`, { token: admin })).body.data;
    expect(row).toMatchObject({ country: "PE", state: "07", city: "0701", district: "070104" });
  });
});
