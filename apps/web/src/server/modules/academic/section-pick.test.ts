import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness();
type Pick = { ID: number; name: string; desc: string };
type Page = { Results: Pick[] };

let admin: string;
let current: { id: number; name: string };
const ids: Record<string, number> = {};

/** "9.º de pruebas" A and B in the current period and in a later one that is not current (listed first by its id alone). */
beforeAll(async () => {
  ({ admin } = await api.tokens());
  const period = (ID: number, name: string, isCurrent: boolean) =>
    api.call("POST", "admPeriod/create", {
      token: admin,
      body: {
        ID,
        name,
        current: isCurrent,
        from: `${String(ID).slice(0, 4)}-03-01`,
        to: `${String(ID).slice(0, 4)}-12-20`,
        showGradesFrom: `${String(ID).slice(0, 4)}-12-21 08:00`,
      },
    });
  current = { id: 202901, name: "Curso de prueba 2029" };
  expect((await period(current.id, current.name, true)).body.status).toBe(0);
  expect((await period(203001, "Año de ensayo 2030", false)).body.status).toBe(0);
  for (const periodId of [203001, current.id]) {
    const grade = await api.call<{ ID: number }>("POST", "admSuperSection/create", { token: admin, body: { periodId, name: "9.º de pruebas" } });
    for (const name of ["A", "B"]) {
      const section = await api.call<{ ID: number }>("POST", `admSection/create?parentId=${grade.body.data.ID}`, { token: admin, body: { name } });
      ids[`${periodId}${name}`] = section.body.data.ID;
    }
  }
});

const picks = async (filter: string) =>
  (await api.call<Page>("GET", `admSection/get?pick=true&PageSize=100&filterBy=name&filter=${encodeURIComponent(filter)}`, { token: admin })).body.data.Results;

describe("the section picker (admSection's pick list)", () => {
  it("finds a section by its whole label as shown: grade, section and period, each word starting one of theirs", async () => {
    expect((await picks("9.º de pruebas A 2030")).map((p) => p.ID)).toEqual([ids["203001A"]]);
    expect((await picks("pruebas b ensayo")).map((p) => p.ID)).toEqual([ids["203001B"]]);
    // A lone letter is a whole word: section "A", not the "a" inside "pruebas" nor the "A" of "Año".
    expect((await picks("9.º A")).map((p) => p.ID).sort()).toEqual([ids[`${current.id}A`], ids["203001A"]].sort());
    expect((await picks("9.º de pruebas A Año de ensayo 2030")).map((p) => p.ID)).toEqual([ids["203001A"]]);
    expect((await picks("pruebas B año")).map((p) => p.ID)).toEqual([ids["203001B"]]);
    expect(await picks("9.º de pruebas Z")).toEqual([]);
  });

  it("lists the current period's sections first", async () => {
    const found = await picks("9.º de pruebas");
    expect(found.map((p) => p.ID)).toEqual([ids[`${current.id}A`], ids[`${current.id}B`], ids["203001A"], ids["203001B"]]);
    expect(found[0]).toEqual({ ID: ids[`${current.id}A`], name: "9.º de pruebas A", desc: current.name });
    const all = (await api.call<Page>("GET", "admSection/get?pick=true&PageSize=100", { token: admin })).body.data.Results;
    const lastCurrent = all.findLastIndex((p) => p.desc === current.name);
    const firstOther = all.findIndex((p) => p.desc !== current.name);
    expect(lastCurrent).toBeLessThan(firstOther);
  });

  it("orders grades by the school's sort, then names and sections naturally: 2 before 10", async () => {
    // "Inicial" first because the school sorts it so; "2.º" and "10.º" share a sort and go by their numbers.
    for (const [name, sort, sections] of [
      ["10.º Orden", 2, ["A"]],
      ["2.º Orden", 2, ["10 A", "2 A"]],
      ["Inicial Orden", 1, ["A"]],
    ] as const) {
      const grade = await api.call<{ ID: number }>("POST", "admSuperSection/create", { token: admin, body: { periodId: 203001, name, sort } });
      for (const section of sections) await api.call("POST", `admSection/create?parentId=${grade.body.data.ID}`, { token: admin, body: { name: section } });
    }
    expect((await picks("Orden")).map((p) => p.name)).toEqual(["Inicial Orden A", "2.º Orden 2 A", "2.º Orden 10 A", "10.º Orden A"]);
    const grades = await api.call<Page>("GET", "admSuperSection/get?pick=true&PageSize=100&filter=Orden", { token: admin });
    expect(grades.body.data.Results.map((g) => g.name)).toEqual(["Inicial Orden", "2.º Orden", "10.º Orden"]);
  });
});
