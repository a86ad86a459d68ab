import { resourceDef, type ResourceAction } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { RESOURCE_SERVERS } from "../resources.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Page = { Results: Row[]; RowCount: number; PageCount: number };

let admin: string;
let northside: string;
let secretary: string;
const ids = RESOURCE_SERVERS.map((s) => s.def.id).filter((id) => !resourceDef(id)!.parent);
const children = RESOURCE_SERVERS.map((s) => s.def).filter((d) => d.parent);
const offers = (id: string, action: ResourceAction) => resourceDef(id)!.actions.includes(action);

beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
});

/** The editable values of a row, as its form would send them back. */
function formValues(id: string, row: Row): Row {
  const out: Row = {};
  for (const f of resourceDef(id)!.fields)
    if (f.name in row && !f.readOnly && !["image", "file", "dropzone", "password"].includes(f.type)) out[f.name] = row[f.name];
  return out;
}

describe.each(ids)("%s on the demo school", (id) => {
  it("lists a page, reads a row and accepts its own data back unchanged", async () => {
    const list = await api.call<Page>("GET", `${id}/get?PageSize=5`, { token: admin });
    expect(list.http).toBe(200);
    expect(list.body.data.Results.length).toBeGreaterThan(0);
    const first = list.body.data.Results[0]!;
    const one = await api.call<Row>("GET", `${id}/get/${first.ID}`, { token: admin });
    expect(one.body.data.ID).toBe(first.ID);
    if (offers(id, "edit")) {
      const saved = await api.call("POST", `${id}/edit/${first.ID}`, { token: admin, body: formValues(id, one.body.data) });
      expect(saved.body).toMatchObject({ status: 0 });
      const again = await api.call<Row>("GET", `${id}/get/${first.ID}`, { token: admin });
      expect(formValues(id, again.body.data)).toEqual(formValues(id, one.body.data));
    }

    const picks = await api.call<Page>("GET", `${id}/get?pick=true&PageSize=3`, { token: admin });
    expect(Object.keys(picks.body.data.Results[0]!)).toEqual(expect.arrayContaining(["ID", "name"]));
  });

  // Typed keys (period codes) are the same in every school; that case is tested in resource.test.ts.
  it.skipIf(resourceDef(id)!.keyInput)("shows another school none of these rows and lets it change none", async () => {
    const row = (await api.call<Page>("GET", `${id}/get?PageSize=1`, { token: admin })).body.data.Results[0]!;
    const theirs = await api.call<Page>("GET", `${id}/get?PageSize=10000&print=true`, { token: northside });
    expect(theirs.body.data.Results.some((r) => r.ID === row.ID)).toBe(false);
    expect((await api.call("GET", `${id}/get/${row.ID}`, { token: northside })).http).toBe(404);
    // A read-only list refuses the write before looking for the row.
    expect((await api.call("POST", `${id}/edit/${row.ID}`, { token: northside, body: { name: "X" } })).http).toBe(offers(id, "edit") ? 404 : 405);
    expect((await api.call("POST", `${id}/delete/${row.ID}?confirm=true`, { token: northside })).http).toBe(offers(id, "delete") ? 404 : 405);
    expect((await api.call("GET", `${id}/get/${row.ID}`, { token: admin })).http).toBe(200);
  });
});

describe.each(children.map((d) => [d.id, d.parent!.resource, d.parent!.field] as const))("%s under %s", (id, parent, field) => {
  it("lists the rows of one parent only", async () => {
    const parentRow = (await api.call<Page>("GET", `${parent}/get?PageSize=1`, { token: admin })).body.data.Results[0]!;
    const rows = (await api.call<Page>("GET", `${id}/get?parentId=${parentRow.ID}&PageSize=100`, { token: admin })).body.data.Results;
    expect(rows.every((r) => r[field] === parentRow.ID)).toBe(true);
  });
});

describe("read-only access", () => {
  it.each(["admPeriod", "admSuperSection", "admSection", "admSubject", "admStaff"])("the secretary reads %s but cannot write it", async (id) => {
    const row = (await api.call<Page>("GET", `${id}/get?PageSize=1`, { token: secretary })).body.data.Results[0]!;
    expect((await api.call("POST", `${id}/edit/${row.ID}`, { token: secretary, body: {} })).http).toBe(403);
    expect((await api.call("POST", `${id}/delete/${row.ID}?confirm=true`, { token: secretary })).http).toBe(403);
    expect((await api.call("GET", `${id}/get/${row.ID}`, { token: admin })).http).toBe(200);
  });

  it("the teacher cannot even read the staff list", async () => {
    const { teacher } = await api.tokens();
    expect((await api.call("GET", "admStaff/get", { token: teacher })).http).toBe(403);
  });
});

describe("people rules", () => {
  it("places a student in one section per period", async () => {
    const sections = (await api.call<Page>("GET", "admSection/get?periodId=202601&PageSize=2", { token: admin })).body.data.Results;
    const student = (await api.call<Page>("GET", `admStudent/get?sectionId=${sections[0]!.ID}&PageSize=1`, { token: admin })).body.data.Results[0]!;
    const moved = await api.call("POST", `admStudent/edit/${student.ID}`, { token: admin, body: { sectionId: sections[1]!.ID } });
    expect(moved.body.status).toBe(0);
    const memberships = await api.db().sectionMember.findMany({ where: { userId: Number(student.ID), section: { superSection: { periodId: 202601 } } } });
    expect(memberships.map((m) => m.sectionId)).toEqual([sections[1]!.ID]);
    const inPrevious = await api.db().sectionMember.count({ where: { userId: Number(student.ID), section: { superSection: { periodId: 202501 } } } });
    expect(inPrevious).toBeLessThanOrEqual(1);
  });

  it("creates a teacher who can then sign in, in their access group", async () => {
    const groups = (await api.call<Page>("GET", "admUserGroup/get?pick=true", { token: admin })).body.data.Results;
    const teachers = groups.find((g) => g.name === "Docentes")!;
    const body = { name: "Nora", last: "Nueva", type: 5, mail: "nora@colegio.demo", cel: "987654321", groupId: teachers.ID, pass: "una-clave-segura" };
    const created = await api.call<{ ID: number }>("POST", "admStaff/create", { token: admin, body });
    expect(created.body.status).toBe(0);
    const login = await api.login("nora@colegio.demo", "una-clave-segura");
    expect(login.body.status).toBe(0);
    expect(JSON.stringify(login.body.data.menu)).toContain("admGrades");
    const row = (await api.call<Row>("GET", `admStaff/get/${created.body.data.ID}`, { token: admin })).body.data;
    expect(row).toMatchObject({ groupId: teachers.ID, canSignIn: true });
    expect(row).not.toHaveProperty("pass");
  });

  it("will not set the password of a person who signs in at another school", async () => {
    const groups = (await api.call<Page>("GET", "admUserGroup/get?pick=true", { token: northside })).body.data.Results;
    const body = { name: "Intruso", last: "X", type: 4, mail: "docente@pizarra.demo", cel: "+51987654321", groupId: groups[0]!.ID, pass: "robar-la-cuenta" };
    const refused = await api.call("POST", "admStaff/create", { token: northside, body, locale: "en" });
    expect(refused.http).toBe(409);
    expect((await api.login("docente@pizarra.demo")).body.status).toBe(0);
    expect(await api.db().user.count({ where: { name: "Intruso" } })).toBe(0);
  });

  it("filters subjects by grade and names their coordinator", async () => {
    const grade = (await api.call<Page>("GET", "admSuperSection/get?periodId=202601&PageSize=1", { token: admin })).body.data.Results[0]!;
    const subjects = (await api.call<Page>("GET", `admSubject/get?superSectionId=${grade.ID}&PageSize=50`, { token: admin })).body.data.Results;
    expect(subjects.length).toBeGreaterThan(3);
    expect(subjects.every((s) => (s.superSections as number[]).includes(grade.ID as number))).toBe(true);
    expect(typeof subjects[0]!.ownerName).toBe("string");
  });
});
