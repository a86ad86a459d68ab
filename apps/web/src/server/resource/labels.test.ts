import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { readXlsx, type XlsxCell } from "../../test-support/read-xlsx.ts";

/** "Say what things are": messages, exports, the audit and the module settings name things, not codes. */
const api = apiHarness();
type Row = Record<string, unknown>;

let admin: string;

beforeAll(async () => {
  ({ admin } = await api.tokens());
});

const student = (externalId: string, extra: Row = {}) => ({
  externalId,
  name: "Ana",
  last: "Ruiz",
  last2: "Paz",
  gender: "F",
  birthday: "2015-04-02",
  status: 10,
  mail: `${externalId.toLowerCase()}@example.com`,
  ...extra,
});

describe("a create with a missing choice", () => {
  it.each([
    ["es", { gender: "El campo Sexo es requerido.", status: "El campo Estado es requerido." }],
    ["en", { gender: "The Sex field is required.", status: "The Status field is required." }],
  ] as const)("names the radio and the select by their labels (%s)", async (locale, errors) => {
    const res = await api.call("POST", "admStudent/create", { token: admin, locale, body: student("L1", { gender: "", status: undefined }) });
    expect(res.http).toBe(422);
    expect(res.body.data).toMatchObject({ errors });
  });
});

async function sheetOf(res: Response): Promise<XlsxCell[][]> {
  expect(res.headers.get("content-type")).toContain("spreadsheetml");
  return (await readXlsx(await res.arrayBuffer()))[0]!.rows;
}

describe("the list's export", () => {
  it.each([
    ["es", ["Código", "Estado", "Matriculado"], ["Estudiante", "Sí"], ["Graduado", "No"], "Foto"],
    ["en", ["Code", "Status", "Enrolled"], ["Student", "Yes"], ["Graduated", "No"], "Photo"],
  ] as const)("writes option labels and yes or no, and no picture column (%s)", async (locale, headers, enrolled, graduated, photo) => {
    for (const [code, extra] of [
      ["X1", { status: 10, enrolled: true }],
      ["X2", { status: 20, enrolled: false }],
    ] as const) {
      const created = await api.call("POST", "admStudent/create", { token: admin, body: student(`${code}${locale}`, extra) });
      expect(created.body.status).toBe(0);
    }
    const [header, ...lines] = await sheetOf(
      await api.raw("GET", `admStudent/get?print=true&format=xlsx&filterBy=externalId&filter=${locale}`, { token: admin, locale }),
    );
    expect(header).not.toContain(photo);
    const [code, status, flag] = headers.map((h) => header!.indexOf(h));
    expect([code, status, flag].every((c) => c! >= 0)).toBe(true);
    const rows = Object.fromEntries(lines.map((r) => [String(r[code!]), [r[status!], r[flag!]]]));
    expect(rows).toEqual({ [`X1${locale}`]: enrolled, [`X2${locale}`]: graduated });
  });
});

describe("a list of codes that mean something", () => {
  beforeAll(async () => {
    const period = { ID: 202901, name: "2029", from: "2029-03-01", to: "2029-12-20", showGradesFrom: "2029-12-21 08:00" };
    expect((await api.call("POST", "admPeriod/create", { token: admin, body: period })).body.status).toBe(0);
  });

  it.each([
    ["es", "Peso (%)", "Automático", "Académico"],
    ["en", "Weight (%)", "Automatic", "Academics"],
  ] as const)("writes a concept's weight -1 as automatic and names a module's menu by its label (%s)", async (locale, header, auto, menu) => {
    const body = { periodId: 202901, isBehavior: true, name: `Conducta ${locale}`, abrev: `CD${locale}`, type: 0, weightType: "auto" };
    expect((await api.call("POST", "admEvalConcept/create", { token: admin, body })).body.status).toBe(0);
    const sheet = await sheetOf(await api.raw("GET", "admEvalConcept/get?print=true&format=xlsx", { token: admin, locale }));
    const column = sheet[0]!.indexOf(header);
    expect(column).toBeGreaterThanOrEqual(0);
    const weights = sheet.slice(1).map((row) => row[column]);
    expect(weights).toContain(auto);
    expect(weights).not.toContain(-1);
    const modules = (await api.call<{ Results: Row[] }>("GET", "admModule/get?admin=true", { token: admin, locale })).body.data.Results;
    expect(modules.find((m) => m.ID === "admPeriod")).toMatchObject({ parentId: "menuAcademic", parentName: menu });
  });
});

describe("the audit", () => {
  it("names each line's module as the school's menu does, in the caller's language", async () => {
    const created = await api.call<{ ID: number }>("POST", "admStudent/create", { token: admin, body: student("A1") });
    expect(created.body.status).toBe(0);
    const line = async (locale: "es" | "en") =>
      (
        await api.call<{ Results: Row[] }>("GET", `admAudit/get?filterBy=recordId&filter=${created.body.data.ID}`, { token: admin, locale })
      ).body.data.Results.find((r) => r.moduleId === "admStudent");
    expect(await line("es")).toMatchObject({ moduleId: "admStudent", moduleName: "Alumnos" });
    expect(await line("en")).toMatchObject({ moduleId: "admStudent", moduleName: "Students" });

    const renamed = await api.call("POST", "admModule/edit/admStudent", { token: admin, body: { name: "Estudiantes", nameEN: "Pupils", sort: 10 } });
    expect(renamed.body.status).toBe(0);
    expect(await line("en")).toMatchObject({ moduleName: "Pupils" });
    const sheet = await sheetOf(await api.raw("GET", "admAudit/get?print=true&format=xlsx", { token: admin, locale: "es" }));
    const column = sheet[0]!.indexOf("Módulo");
    const modules = sheet.map((row) => row[column]);
    expect(modules).toContain("Estudiantes");
    expect(modules).not.toContain("admStudent");
  });
});

describe("a module's access", () => {
  it.each(["es", "en"] as const)("is saved without a description (%s)", async (locale) => {
    const module = (await api.call<{ desc: string | null; userRead: { ID: number }[] }>("GET", "admModule/get/admOtlt", { token: admin })).body.data;
    expect(module.desc).toBeNull();
    const groups = module.userRead.map((g) => g.ID);
    const saved = await api.call("POST", "admModule/edit/admOtlt", {
      token: admin,
      locale,
      body: { name: "Catálogos", nameEN: "Catalogues", desc: "", descEN: "", sort: 10, userRead: groups, userEdit: groups.slice(0, 1) },
    });
    expect(saved.body).toMatchObject({ status: 0 });
    const after = (await api.call<{ desc: string | null; userEdit: { ID: number; selected: boolean }[] }>("GET", "admModule/get/admOtlt", { token: admin }))
      .body.data;
    expect(after.desc).toBeNull();
    expect(after.userEdit.filter((g) => g.selected).map((g) => g.ID)).toEqual(groups.slice(0, 1));
  });
});
