import { describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";

const api = apiHarness();

describe("the API wrapper", () => {
  it("answers 400 with a Message for malformed JSON, and writes nothing", async () => {
    const res = await api.call("POST", "admStaff/login?adm=true", { rawBody: "{ user: ", headers: { "content-type": "application/json" } });
    expect(res.http).toBe(400);
    expect(res.body.Message).toBe("El cuerpo de la solicitud no es un JSON válido.");
    expect(await api.db().loginThrottle.count()).toBe(0);
  });

  it("answers 404 for an unknown call and 405 for a known path with another verb", async () => {
    const unknown = await api.call("GET", "nothing/here", { locale: "en" });
    expect(unknown.http).toBe(404);
    expect(unknown.body.msg).toBe("There is no such call: nothing/here");
    expect((await api.call("GET", "admStaff/login")).http).toBe(405);
  });

  it("treats X/get and X/get/ as the same route", async () => {
    const { admin: token } = await api.tokens();
    const a = await api.call("GET", "admModule/get", { token });
    const b = await api.call("GET", "admModule/get/", { token });
    expect(a.http).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it("refuses on the server a module the user cannot read", async () => {
    const { teacher: token } = await api.tokens();
    const res = await api.call("GET", "admModule/get", { token });
    expect(res.http).toBe(403);
    expect(res.body.msg).toBe("No tienes permiso para acceder a este módulo: admModule");
  });

  it("checks a right the parsed query decides once the query is parsed, and every other right before any input", async () => {
    // admGrades/getFinal needs read on admGrades, or on admGradesBehavior for a behaviour sheet: its query says which.
    const { secretary } = await api.tokens();
    expect((await api.call("GET", "admGrades/getFinal?periodId=abc", { token: secretary })).http).toBe(422);
    const refused = await api.call("GET", "admGrades/getFinal?periodId=0&sectionId=1", { token: secretary, locale: "en" });
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("You do not have permission for this module: admGrades");
    // A route's own module is checked first: bad input tells a caller without the right nothing.
    const { teacher } = await api.tokens();
    expect((await api.call("GET", "admModule/get?level=abc", { token: teacher })).http).toBe(403);
  });

  it("refuses a write where the user may only read, and changes nothing", async () => {
    const db = api.db();
    const tenant = await db.tenant.findUniqueOrThrow({ where: { alias: "colegio-demo" } });
    const office = await db.userGroup.findFirstOrThrow({ where: { tenantId: tenant.id, name: "Secretaría" } });
    await db.moduleAccess.create({ data: { tenantId: tenant.id, groupId: office.id, moduleId: "admModule", canRead: true, canWrite: false } });
    const { secretary: token } = await api.tokens();

    expect((await api.call("GET", "admModule/get/admPeriod", { token })).http).toBe(200);
    const res = await api.call("POST", "admModule/edit/admPeriod", { token, body: { name: "X", desc: "X", sort: 1 } });
    expect(res.http).toBe(403);
    const period = await db.module.findFirstOrThrow({ where: { tenantId: tenant.id, id: "admPeriod" } });
    expect(period.name).toBe("Periodos");
  });

  it("edits a module and its group access in one transaction, only in the caller's tenant", async () => {
    const db = api.db();
    const { admin: token } = await api.tokens();
    const colegio = await db.tenant.findUniqueOrThrow({ where: { alias: "colegio-demo" } });
    const groups = await db.userGroup.findMany({ where: { tenantId: colegio.id }, orderBy: { name: "asc" } });
    const teachers = groups.find((g) => g.name === "Docentes")!;
    const admins = groups.find((g) => g.name === "Dirección")!;

    const bad = await api.call("POST", "admModule/edit/admDates", { token, body: { name: "", desc: "d", sort: 1 }, locale: "en" });
    expect(bad.http).toBe(422);
    expect(bad.body.msg).toBe("The name field is required.");

    const res = await api.call("POST", "admModule/edit/admDates", {
      token,
      body: { name: "Fechas", desc: "Feriados y fechas", sort: 5, userRead: [teachers.id], userEdit: [admins.id] },
    });
    expect(res.body.status).toBe(0);
    const rows = await db.moduleAccess.findMany({ where: { tenantId: colegio.id, moduleId: "admDates" }, orderBy: { groupId: "asc" } });
    expect(rows.map((r) => [r.groupId, r.canWrite])).toEqual(
      [
        [admins.id, true],
        [teachers.id, false],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const other = await db.module.findFirstOrThrow({ where: { tenant: { alias: "northside" }, id: "admDates" } });
    expect(other.name).toBe("Fechas del calendario");

    // A group of the other school cannot be granted from here: nothing changes.
    const foreign = await db.userGroup.findFirstOrThrow({ where: { tenant: { alias: "northside" } } });
    const refused = await api.call("POST", "admModule/edit/admDates", { token, body: { name: "Z", desc: "Z", sort: 1, userRead: [foreign.id] } });
    expect(refused.http).toBe(404);
    expect((await db.module.findFirstOrThrow({ where: { tenantId: colegio.id, id: "admDates" } })).name).toBe("Fechas");
  });

  it("answers health with the database reachable", async () => {
    const res = await api.call("GET", "health");
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual({ database: "up" });
  });
});

describe("bad input never gives a 500 nor writes anything", () => {
  const bodies: unknown[] = [
    [],
    "text",
    42,
    null,
    { user: { $ne: null }, pass: [] },
    { user: `${"a".repeat(300)}@x.io`, pass: "x" },
    { user: "x@y.io", pass: "p", extra: "\u0000<script>" },
  ];

  it.each(bodies.map((b) => [JSON.stringify(b).slice(0, 40), b]))("login with %s", async (_label, body) => {
    const res = await api.call("POST", "admStaff/login?adm=true", { body });
    expect(res.http).toBeLessThan(500);
    expect(res.body.status).toBeLessThan(0);
  });

  it("an oversized body is refused before it is parsed", async () => {
    const res = await api.call("POST", "admStaff/login?adm=true", { rawBody: JSON.stringify({ user: "x@y.io", pass: "p".repeat(2_000_000) }) });
    expect(res.http).toBe(413);
  });

  it("a malformed percent-escape in the path is a 400, not a crash", async () => {
    const { admin: token } = await api.tokens();
    const res = await api.call("GET", "admModule/get/%E0%A4%A", { token });
    expect(res.http).toBeLessThan(500);
  });
});

describe("per-school inactive fields", () => {
  it("switches off optional fields of a module for one school and tells the menu", async () => {
    const { admin: token } = await api.tokens();
    const required = await api.call("POST", "admModule/edit/admStudent", {
      token,
      body: { name: "Alumnos", desc: "d", sort: 1, inactiveFields: ["house", "mail"] },
    });
    expect(required.http).toBe(422);
    expect(required.body.msg).toBe("Estos campos no se pueden desactivar: mail.");
    const ok = await api.call("POST", "admModule/edit/admStudent", {
      token,
      body: { name: "Alumnos", desc: "d", sort: 1, inactiveFields: ["house", "language"] },
    });
    expect(ok.body.status).toBe(0);
    const menu = (await api.call<{ menu: { ID: string; subs: unknown[]; inactiveFields: string[] }[] }>("GET", "admStaff/loginToken", { token })).body.data
      .menu;
    const find = (items: { ID: string; subs: unknown[]; inactiveFields: string[] }[]): { inactiveFields: string[] } | undefined =>
      items.map((i) => (i.ID === "admStudent" ? i : find(i.subs as typeof items))).find(Boolean);
    expect(find(menu)?.inactiveFields).toEqual(["house", "language"]);
  });
});
