import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { readXlsx } from "../../test-support/read-xlsx.ts";

const api = apiHarness();
type Page<T = Record<string, unknown>> = { Results: T[]; RowCount: number; PageCount: number };

const period = (id: number, name = `Año ${id}`) => ({
  ID: id,
  name,
  from: `${String(id).slice(0, 4)}-03-01`,
  to: `${String(id).slice(0, 4)}-12-20`,
  showGradesFrom: `${String(id).slice(0, 4)}-12-21 08:00`,
  showGradesOnline: true,
});

let admin: string;
let otherSchoolAdmin: string;
let secretary: string;

beforeAll(async () => {
  ({ admin, northside: otherSchoolAdmin, secretary } = await api.tokens());
});

describe("generic resource: admPeriod", () => {
  it("creates, reads, lists, searches, edits and deletes, with an audit line for each write", async () => {
    const created = await api.call("POST", "admPeriod/create", { token: admin, body: period(202601, "Año escolar 2026") });
    expect(created.body).toMatchObject({ status: 0, msg: "Registro creado.", data: { ID: 202601 } });

    const one = await api.call<Record<string, unknown>>("GET", "admPeriod/get/202601", { token: admin });
    expect(one.body.data).toMatchObject({ ID: 202601, name: "Año escolar 2026", from: "2026-03-01", showGradesFrom: "2026-12-21 08:00", current: false });

    await api.call("POST", "admPeriod/create", { token: admin, body: period(202501) });
    const list = await api.call<Page>("GET", "admPeriod/get/?PageSize=1&page=1", { token: admin });
    expect(list.body.data.Results.map((r) => r.ID)).toEqual([202601]);
    expect(list.body.data.RowCount).toBe(-1);
    expect(list.body.data.PageCount).toBe(Math.ceil(9999 / 1));
    // Of the 9999 estimated pages two hold rows: the pager's bounded count says so, rows and total left out.
    const bounded = await api.call<Page>("GET", "admPeriod/get?PageSize=1&count=estimate", { token: admin });
    expect(bounded.body.data).toEqual({ Results: [], RowCount: -1, PageCount: 2 });
    const counted = await api.call<Page>("GET", "admPeriod/get?PageSize=1&page=2&count=true", { token: admin });
    expect(counted.body.data).toMatchObject({ RowCount: 2, PageCount: 2, Results: [{ ID: 202501 }] });

    const search = await api.call<Page>("GET", "admPeriod/get?filterBy=name&filter=ESCOLAR", { token: admin });
    expect(search.body.data.Results.map((r) => r.ID)).toEqual([202601]);
    const pick = await api.call<Page>("GET", "admPeriod/get?pick=true", { token: admin });
    expect(pick.body.data.Results[0]).toEqual({ ID: 202601, name: "Año escolar 2026" });

    const edited = await api.call("POST", "admPeriod/edit/202601", { token: admin, body: { name: "2026", current: true } });
    expect(edited.body.status).toBe(0);
    expect((await api.call<Record<string, unknown>>("GET", "admPeriod/get/202601", { token: admin })).body.data).toMatchObject({
      name: "2026",
      current: true,
      from: "2026-03-01",
    });

    const unconfirmed = await api.call("POST", "admPeriod/delete/202501", { token: admin });
    expect(unconfirmed.body.status).toBeLessThan(0);
    expect((await api.call("GET", "admPeriod/get/202501", { token: admin })).http).toBe(200);
    const deleted = await api.call("POST", "admPeriod/delete/202501?confirm=true", { token: admin });
    expect(deleted.body.msg).toBe("Registro eliminado.");
    expect((await api.call("GET", "admPeriod/get/202501", { token: admin })).http).toBe(404);

    const trail = await api.db().auditLog.findMany({ where: { moduleId: "admPeriod" }, orderBy: { id: "asc" } });
    expect(trail.map((a) => [a.action, a.recordId, a.userName])).toEqual([
      ["create", "202601", "Ana Administradora"],
      ["create", "202501", "Ana Administradora"],
      ["edit", "202601", "Ana Administradora"],
      ["delete", "202501", "Ana Administradora"],
    ]);
    expect(trail[0]!.ip).toBe("203.0.113.7");
  });

  it.each([
    ["es", { ...period(202699), ID: 2026011 }, "ID", "El campo Código debe ser un número de solo 6 dígitos."],
    ["en", { ...period(202699), ID: 2026011 }, "ID", "The Code must be a number of only 6 digits."],
    ["es", { ...period(202699), ID: 202100 }, "ID", "Código no debe ser menor a 202200."],
    ["es", { ...period(202699), name: "" }, "name", "El campo Nombre es requerido."],
    ["en", { ...period(202699), from: "2026-02-30x" }, "from", "The From is not a valid date (YYYY-MM-DD)."],
    ["en", { ...period(202699), name: "x".repeat(101) }, "name", "The Name may not be greater than 100 characters."],
  ])("refuses bad input in %s naming the field, and writes nothing", async (locale, body, field, message) => {
    const res = await api.call<{ errors: Record<string, string> }>("POST", "admPeriod/create", { token: admin, body, locale: locale as "es" | "en" });
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().period.count({ where: { id: { in: [202699, 2026011, 202100] } } })).toBe(0);
  });

  it("refuses a range that runs backwards, and a duplicate code", async () => {
    const backwards = await api.call("POST", "admPeriod/create", { token: admin, body: { ...period(202401), to: "2024-01-01" } });
    expect(backwards.body.msg).toBe("La fecha final no puede ser anterior a la inicial.");
    const duplicate = await api.call("POST", "admPeriod/create", { token: admin, body: period(202601) });
    expect(duplicate.http).toBe(409);
  });

  it("lets the read-only secretary read but not write", async () => {
    expect((await api.call("GET", "admPeriod/get", { token: secretary })).http).toBe(200);
    const refused = await api.call("POST", "admPeriod/create", { token: secretary, body: period(202301) });
    expect(refused.http).toBe(403);
    expect(await api.db().period.count({ where: { id: 202301 } })).toBe(0);
  });

  it("shows another school nothing of this one, and lets it change nothing", async () => {
    const list = await api.call<Page>("GET", "admPeriod/get?count=true", { token: otherSchoolAdmin });
    expect(list.body.data.RowCount).toBe(0);
    expect((await api.call("GET", "admPeriod/get/202601", { token: otherSchoolAdmin })).http).toBe(404);
    expect((await api.call("POST", "admPeriod/edit/202601", { token: otherSchoolAdmin, body: { name: "hacked" } })).http).toBe(404);
    expect((await api.call("POST", "admPeriod/delete/202601?confirm=true", { token: otherSchoolAdmin })).http).toBe(404);
    expect((await api.call<Record<string, unknown>>("GET", "admPeriod/get/202601", { token: admin })).body.data.name).toBe("2026");

    // The same code is free in the other school: period ids are unique per school only.
    expect((await api.call("POST", "admPeriod/create", { token: otherSchoolAdmin, body: period(202601, "2026 Northside") })).body.status).toBe(0);
  });

  it("exports a real .xlsx with the labels in the user's language", async () => {
    const res = await api.raw("GET", "admPeriod/get?print=true&format=xlsx", { token: admin, locale: "en" });
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const [sheet] = await readXlsx(await res.arrayBuffer());
    expect(sheet!.name).toBe("Periods");
    expect(sheet!.rows[0]![1]).toBe("Name");
    expect(sheet!.rows[1]!.slice(0, 2)).toEqual([202601, "2026"]);
  });

  it("exports more than a page of rows whole and in the list's order", async () => {
    // 2,345 students (pages are 1,000) whose names sort in a different order from their ids.
    const tenantId = (await api.db().tenant.findFirstOrThrow({ where: { title: "Colegio Demo" } })).id;
    const count = 2_345;
    await api.db().user.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        tenantId,
        type: 2,
        roleCode: 0,
        externalId: `EXP${i}`,
        name: `N${(i * 7919) % count}`,
        last: "Zzexport",
        last2: `L${(i * 104_729) % 97}`,
      })),
    });
    const res = await api.raw("GET", "admStudent/get?print=true&format=xlsx&filter=Zzexport", { token: admin, locale: "en" });
    const [header, ...lines] = (await readXlsx(await res.arrayBuffer()))[0]!.rows;
    const [last2, name] = [header!.indexOf("Second last name"), header!.indexOf("Names")];
    const got = lines.map((line) => `${line[last2]}|${line[name]}`);
    const expected = await api
      .db()
      .user.findMany({ where: { tenantId, last: "Zzexport" }, orderBy: [{ last: "asc" }, { last2: "asc" }, { name: "asc" }, { id: "asc" }] });
    expect(got).toHaveLength(count);
    expect(got).toEqual(expected.map((u) => `${u.last2}|${u.name}`));
  });
});

describe("generic resource: grades and sections", () => {
  it("filters sections by grade and period, names the grade, and will not delete a grade that has sections", async () => {
    const grade = await api.call<{ ID: number }>("POST", "admSuperSection/create", { token: admin, body: { periodId: 202601, name: "1.º de primaria" } });
    const gradeId = grade.body.data.ID;
    const a = await api.call<{ ID: number }>("POST", `admSection/create?parentId=${gradeId}`, { token: admin, body: { name: "A", color: "blue" } });
    expect(a.body.status).toBe(0);
    const badColor = await api.call("POST", `admSection/create?parentId=${gradeId}`, { token: admin, body: { name: "B", color: "pink" } });
    expect(badColor.http).toBe(422);

    const byPeriod = await api.call<Page>("GET", "admSection/get?periodId=202601", { token: admin });
    expect(byPeriod.body.data.Results).toMatchObject([{ ID: a.body.data.ID, name: "A", parentName: "1.º de primaria", parentId: gradeId }]);
    expect((await api.call<Page>("GET", "admSection/get?periodId=202501", { token: admin })).body.data.Results).toEqual([]);
    const picks = await api.call<Page>("GET", `admSection/get?pick=true&parentId=${gradeId}`, { token: admin });
    // Each grade and section names its period, so that a list of several periods tells "1.º" of one year from the next's.
    const period = (await api.db().period.findFirstOrThrow({ where: { id: 202601, tenant: { alias: "colegio-demo" } }, select: { name: true } })).name;
    expect(picks.body.data.Results).toEqual([{ ID: a.body.data.ID, name: "1.º de primaria A", desc: period }]);
    const gradePicks = await api.call<Page>("GET", "admSuperSection/get?pick=true&PageSize=100", { token: admin });
    expect(gradePicks.body.data.Results.find((g) => g.ID === gradeId)).toEqual({ ID: gradeId, name: "1.º de primaria", desc: period });
    const grades = await api.call<Page>("GET", "admSuperSection/get?periodId=202601", { token: admin });
    expect(grades.body.data.Results[0]).toMatchObject({ name: "1.º de primaria", count: 1 });

    const refused = await api.call("POST", `admSuperSection/delete/${gradeId}?confirm=true`, { token: admin });
    expect(refused.http).toBe(409);
    expect(refused.body.msg).toBe("Este registro está en uso y no se puede eliminar.");

    // A section cannot be hung under another school's grade.
    const foreign = await api.call("POST", `admSection/create?parentId=${gradeId}`, { token: otherSchoolAdmin, body: { name: "X" } });
    expect(foreign.body.status).toBeLessThan(0);
    expect(await api.db().section.count({ where: { name: "X" } })).toBe(0);
  });
});
