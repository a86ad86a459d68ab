import { forTenant } from "@pizarra/db";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { rightsState } from "../../../test-support/rights-state.ts";
import { staffWith } from "../../../test-support/staff-with.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Page = { Results: Row[]; RowCount: number; PageCount: number };
type Locale = "es" | "en";
type Refusal = { errors: Record<string, string>; notFound?: { field: string; line: number; value: string }[] };

let admin: string;
let northside: string;
let secretary: string;

beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
});

const list = api.rows;
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const members = (groupId: number) => api.db().userGroupMember.count({ where: { groupId } });
const newGroup = async (name: string, token = admin) =>
  (await api.call<{ ID: number }>("POST", "admGroup/create", { token, body: { name, type: 1 } })).body.data.ID;
async function students(n: number) {
  return (await list(`admStudent/get?PageSize=${n}`)).map((s) => ({ id: s.ID as number, externalId: s.externalId as string }));
}

describe("admGroup: spec 001 §5, refused in the user's language naming the field, nothing written", () => {
  it.each([
    ["es", { type: 1 }, "name", "El campo Nombre es requerido."],
    ["en", { name: " ", type: 1 }, "name", "The Name field is required."],
    ["en", { name: "Parents", type: 7 }, "type", "The Type is not one of the allowed options."],
    ["es", { name: "Tutores", type: 0, staff: true }, "canRead", "El campo Puede ver es requerido."],
    ["en", { name: "Tutors", type: 0, staff: true, canRead: ["admNoSuchModule"] }, "canRead", "The May read is not one of the allowed options."],
    ["es", { name: "Prensa", type: 1, categories: [999_999] }, "categories", "El campo Categorías de publicaciones no es una de las opciones permitidas."],
  ])("in %s: %j", async (locale, body, field, message) => {
    const before = await api.db().userGroup.count();
    const res = await api.call<Refusal>("POST", "admGroup/create", { token: admin, body, locale: locale as Locale });
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().userGroup.count()).toBe(before);
  });

  it("keeps a staff group's read and modify lists as its module rights, and lists groups by staff", async () => {
    const pub = (await list("admCategory/get?type=pub&pick=true"))[0]!.ID;
    const body = { name: "Tutores", type: 0, staff: true, canRead: ["admStudent", "admPeriod"], canEdit: ["admStudent"], categories: [pub] };
    const created = await api.call<{ ID: number }>("POST", "admGroup/create", { token: admin, body });
    expect(created.body.status).toBe(0);
    const row = (await api.call<Row>("GET", `admGroup/get/${created.body.data.ID}`, { token: admin })).body.data;
    expect(row).toMatchObject({ name: "Tutores", staff: true, canRead: ["admPeriod", "admStudent"], canEdit: ["admStudent"], categories: [pub], members: 0 });
    const rights = await api.db().moduleAccess.findMany({ where: { groupId: created.body.data.ID }, orderBy: { moduleId: "asc" } });
    expect(rights.map((r) => [r.moduleId, r.canRead, r.canWrite])).toEqual([
      ["admPeriod", true, false],
      ["admStudent", true, true],
    ]);

    // Turning staff off makes it an audience only: it grants nothing.
    await api.call("POST", `admGroup/edit/${created.body.data.ID}`, { token: admin, body: { staff: false } });
    expect(await api.db().moduleAccess.count({ where: { groupId: created.body.data.ID } })).toBe(0);

    const audiences = await list("admGroup/get?staff=0&PageSize=100");
    expect(audiences.length).toBeGreaterThan(2);
    expect(audiences.every((g) => g.staff === false)).toBe(true);
    expect((await list("admGroup/get?staff=1&PageSize=100")).every((g) => g.staff === true)).toBe(true);
  });

  it("lists the group types in the user's language", async () => {
    const es = await api.call<Page>("GET", "admGroup/getTypes", { token: admin });
    expect(es.body.data.Results).toEqual([
      { ID: 0, name: "Acceso" },
      { ID: 1, name: "Comunicación" },
    ]);
    const en = await api.call<Page>("GET", "admGroup/getTypes", { token: admin, locale: "en" });
    expect(en.body.data.Results[1]).toEqual({ ID: 1, name: "Communication" });
  });
});

describe("members sub-grids and admUser/group", () => {
  it("adds a member in the sub-grid, lists it under its group and answers admUser/group with user rows", async () => {
    const groupId = await newGroup("Taller de teatro");
    const [student] = await students(1);
    const added = await api.call("POST", `admGroupMembers/create?parentId=${groupId}`, { token: admin, body: { userId: student!.id } });
    expect(added.body.status).toBe(0);
    const rows = await list(`admGroupMembers/get?parentId=${groupId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ groupId, userId: student!.id, externalId: student!.externalId });
    expect(typeof rows[0]!.userName).toBe("string");
    // The same person twice is refused, not doubled.
    expect((await api.call("POST", `admGroupMembers/create?parentId=${groupId}`, { token: admin, body: { userId: student!.id } })).http).toBe(409);

    const users = await api.call<Page>("GET", `admUser/group/${groupId}`, { token: admin });
    expect(users.body.data.Results.map((u) => u.ID)).toEqual([student!.id]);
    expect(users.body.data.Results[0]).toMatchObject({ externalId: student!.externalId, type: 2 });
    expect((await api.call("GET", "admUser/group/99999999", { token: admin })).http).toBe(404);
  });

  it("admUserGroupMembers lists a permission group's members", async () => {
    const group = (await list("admUserGroup/get?PageSize=50")).find((g) => g.name === "Secretaría")!;
    const rows = await list(`admUserGroupMembers/get?parentId=${group.ID}`);
    expect(rows.map((r) => r.mail)).toContain("secretaria@pizarra.demo");
  });
});

describe("admGroup/importAttach and admUserGroup/importAttach: one importer", () => {
  it("adds members from an id list and from a CSV of external ids, counting those already in", async () => {
    const groupId = await newGroup("Banda");
    const kids = await students(5);
    const byIds = await api.call<Row>("POST", "admGroup/importAttach", { token: admin, body: { groupId, idsList: `${kids[0]!.id}\n\n${kids[1]!.id}\n` } });
    expect(byIds.body).toMatchObject({ status: 0, msg: "Miembros importados.", data: { groupId, added: 2, already: 0 } });
    const csv = base64(`externalId;name\n${kids[1]!.externalId};x\r\n"${kids[2]!.externalId}";y\n${kids[3]!.externalId}\n`);
    const byCsv = await api.call<Row>("POST", "admGroup/importAttach", { token: admin, body: { groupId, data: csv, useExternalIds: true } });
    expect(byCsv.body.data).toMatchObject({ added: 2, already: 1, lines: 3 });
    expect(await members(groupId)).toBe(4);
  });

  it("reads a CSV as Spanish Excel saves it: Windows-1252, a `Código` header, quoted cells holding the delimiter", async () => {
    const groupId = await newGroup("Teatro");
    const kids = await students(2);
    const text = `Código;Nombre\r\n${kids[0]!.externalId};"Peña; José"\r\n"${kids[1]!.externalId}";Muñoz\r\n`;
    // Windows-1252 puts ó, ñ and é in one byte each, as Latin-1 does for these letters.
    const data = Buffer.from(text, "latin1").toString("base64");
    const res = await api.call<Row>("POST", "admGroup/importAttach", { token: admin, body: { groupId, data, useExternalIds: true } });
    expect(res.body.data).toMatchObject({ added: 2, already: 0, lines: 2 });
    expect(await members(groupId)).toBe(2);
  });

  it("refuses the whole import when a line matches nobody, naming the lines, and writes nothing", async () => {
    const groupId = await newGroup("Ajedrez");
    const kids = await students(3);
    const audit = await api.db().auditLog.count();
    const res = await api.call<Refusal>("POST", "admGroup/importAttach", {
      token: admin,
      body: { groupId, idsList: `${kids[0]!.id}\n99999999\n${kids[1]!.id}\nabc` },
    });
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe("El campo lista de ids tiene 2 líneas que no corresponden a nadie (línea y valor): 2 (99999999), 4 (abc).");
    expect(res.body.data.notFound).toEqual([
      { field: "idsList", line: 2, value: "99999999" },
      { field: "idsList", line: 4, value: "abc" },
    ]);
    expect(await members(groupId)).toBe(0);
    expect(await api.db().auditLog.count()).toBe(audit);

    const en = await api.call<Refusal>("POST", "admUserGroup/importAttach", {
      token: admin,
      locale: "en",
      body: { groupId, data: base64("id\nZZZ-1\n"), useExternalIds: "true" },
    });
    expect(en.body.data.errors.data).toBe("The file has 1 line that matches nobody (line and value): 2 (ZZZ-1).");
    const empty = await api.call<Refusal>("POST", "admGroup/importAttach", { token: admin, locale: "en", body: { groupId, idsList: " \n " } });
    expect(empty.body.data.errors.idsList).toBe("The id list field is required.");
    const garbled = await api.call<Refusal>("POST", "admGroup/importAttach", { token: admin, body: { groupId, data: "%%%" } });
    expect(garbled.http).toBe(422);
    expect(await members(groupId)).toBe(0);
  });

  it("serves admUserGroup's per-row import with the same importer and its own right", async () => {
    const group = (await list("admUserGroup/get?PageSize=50")).find((g) => g.name === "Docentes")!;
    const before = await members(group.ID as number);
    const [kid] = await students(1);
    const res = await api.call<Row>("POST", "admUserGroup/importAttach", { token: admin, body: { groupId: group.ID, idsList: String(kid!.id) } });
    expect(res.body.data).toMatchObject({ added: 1 });
    expect(await members(group.ID as number)).toBe(before + 1);
    // The secretary may only read groups.
    expect((await api.call("POST", "admGroup/importAttach", { token: secretary, body: { groupId: group.ID, idsList: String(kid!.id) } })).http).toBe(403);
  });
});

describe("admUser/importAttach: numbers into a group (002 §5)", () => {
  it("makes a new group of external contacts, reusing a contact already kept under a number", async () => {
    const res = await api.call<{ groupId: number; added: number }>("POST", "admUser/importAttach", {
      token: admin,
      body: { groupName: "Proveedores 2026", phoneList: "+51 987 650 001\n+51 911 222 333\n+51911222333\n" },
    });
    expect(res.body.status).toBe(0);
    const { groupId } = res.body.data;
    expect(res.body.data.added).toBe(2);
    const users = (await api.call<Page>("GET", `admUser/group/${groupId}`, { token: admin })).body.data.Results;
    expect(users.map((u) => [u.type, u.cel]).sort()).toEqual([
      [3, "+51911222333"],
      [3, "+51987650001"],
    ]);
    // The seeded contact +51987650001 was reused, not doubled.
    const { tenantId } = await api.db().userGroup.findUniqueOrThrow({ where: { id: groupId } });
    expect(await api.db().user.count({ where: { cel: "+51987650001", tenantId } })).toBe(1);

    const again = await api.call<{ added: number }>("POST", "admUser/importAttach", {
      token: admin,
      body: { groupId, data: base64("phone\n+51911222333\n+1 212 555 0100\n") },
    });
    expect(again.body.data).toMatchObject({ groupId, added: 1, already: 1 });
  });

  it("refuses bad numbers, a taken name or no group, creating neither contacts nor group", async () => {
    const users = await api.db().user.count();
    const groups = await api.db().userGroup.count();
    const bad = await api.call<Refusal>("POST", "admUser/importAttach", {
      token: admin,
      locale: "en",
      body: { groupName: "Nuevos", phoneList: "+51 911 000 111\n987654321\n" },
    });
    expect(bad.http).toBe(422);
    expect(bad.body.data.errors.phoneList).toBe("The phone list has 1 line that is not a mobile number with country code (line and value): 2 (987654321).");
    const taken = await api.call<Refusal>("POST", "admUser/importAttach", { token: admin, body: { groupName: "docentes", phoneList: "+51911000111" } });
    expect(taken.body.data.errors.groupName).toBe("El valor del campo nombre del grupo nuevo ya está en uso.");
    const none = await api.call<Refusal>("POST", "admUser/importAttach", { token: admin, body: { phoneList: "+51911000111" } });
    expect(none.body.data.errors.groupId).toBe("El campo grupo es requerido.");
    const noList = await api.call<Refusal>("POST", "admUser/importAttach", { token: admin, locale: "en", body: { groupName: "Nuevos" } });
    expect(noList.body.data.errors.phoneList).toBe("The phone list field is required.");
    expect(await api.db().user.count()).toBe(users);
    expect(await api.db().userGroup.count()).toBe(groups);
  });
});

describe("another school", () => {
  it("can neither read, import into, nor list the members of this school's groups", async () => {
    const groupId = await newGroup("Privado");
    const [kid] = await students(1);
    await api.call("POST", "admGroup/importAttach", { token: admin, body: { groupId, idsList: String(kid!.id) } });
    expect((await api.call("GET", `admUser/group/${groupId}`, { token: northside })).http).toBe(404);
    expect((await api.call("GET", `admGroup/get/${groupId}`, { token: northside })).http).toBe(404);
    const theirs = (await api.call<Page>("GET", "admGroup/get?PageSize=1", { token: northside })).body.data.Results[0]!;
    // Their import cannot reach our people, nor ours theirs, and ours cannot reach their group.
    const into = await api.call<Refusal>("POST", "admGroup/importAttach", { token: northside, body: { groupId: theirs.ID, idsList: String(kid!.id) } });
    expect(into.http).toBe(422);
    expect((await api.call("POST", "admGroup/importAttach", { token: northside, body: { groupId, idsList: "1" } })).http).toBe(404);
    expect((await api.call("POST", "admUser/importAttach", { token: northside, body: { groupId, phoneList: "+51911000999" } })).http).toBe(404);
    expect((await api.call("POST", `admGroupMembers/create?parentId=${theirs.ID}`, { token: northside, body: { userId: kid!.id } })).http).toBe(404);
    expect(await members(groupId)).toBe(1);
    expect(await api.db().user.count({ where: { cel: "+51911000999" } })).toBe(0);
  });
});

describe("no side path raises a right: memberships and rights change only within the caller's own", () => {
  let tenant: number;
  let direccion: number;
  const state = () => rightsState(api.db(), tenant);

  beforeAll(async () => {
    ({ tenantId: tenant } = await api.school());
    direccion = (await forTenant(api.db(), tenant).userGroup.findFirstOrThrow({ where: { name: "Dirección" }, select: { id: true } })).id;
  });

  it("keeps a user with only admGroup write out of Dirección, by its import and its members sub-grid, and so out of its rights", async () => {
    const intruder = await staffWith(api.db(), tenant, "solo-grupos@pizarra.demo", { admGroup: true }, 0);
    const before = await state();
    const staffOnly = "Solo quien puede modificar Personal puede cambiar un grupo de permisos: sus permisos, sus miembros, su creación o su eliminación.";
    const imported = await api.call("POST", "admGroup/importAttach", { token: intruder.token, body: { groupId: direccion, idsList: String(intruder.id) } });
    expect([imported.http, imported.body.msg]).toEqual([403, staffOnly]);
    const added = await api.call("POST", `admGroupMembers/create?parentId=${direccion}`, { token: intruder.token, body: { userId: intruder.id } });
    expect([added.http, added.body.msg]).toEqual([403, staffOnly]);
    expect(await state()).toEqual(before);
    // Signed in again, they hold what they held.
    const again = await api.tokenFor("solo-grupos@pizarra.demo");
    expect((await api.call("POST", "admStaff/create", { token: again, body: {} })).http).toBe(403);
  });

  it("refuses admUser/importAttach into a permission group, even to the administrator, and still fills a communication group", async () => {
    const { secretary, admin } = await api.tokens();
    const before = await state();
    for (const token of [secretary, admin]) {
      const res = await api.call("POST", "admUser/importAttach", { token, locale: "en", body: { groupId: direccion, phoneList: "+51 911 000 777" } });
      expect([res.http, res.body.msg]).toEqual([403, "Numbers can only be imported into a communication group, not into a permission group."]);
    }
    expect(await state()).toEqual(before);
    expect(await api.db().user.count({ where: { cel: "+51911000777" } })).toBe(0);
    const audience = await newGroup("Proveedores de la secretaría");
    const res = await api.call<Row>("POST", "admUser/importAttach", { token: secretary, body: { groupId: audience, phoneList: "+51 911 000 777" } });
    expect(res.body.data).toMatchObject({ groupId: audience, added: 1 });
  });

  it("lets no admGroup writer make or join a staff group granting Staff and Modules, nor a staff writer grant Modules they lack", async () => {
    const groupsOnly = await staffWith(api.db(), tenant, "grupos@pizarra.demo", { admGroup: true }, 0);
    const staffToo = await staffWith(api.db(), tenant, "grupos-personal@pizarra.demo", { admGroup: true, admStaff: true }, 10);
    const key = { name: "Llave maestra", type: 0, staff: true, canRead: ["admStaff", "admModule"], canEdit: ["admStaff", "admModule"] };
    const before = await state();
    const made = await api.call("POST", "admGroup/create", { token: groupsOnly.token, body: key });
    expect([made.http, made.body.msg]).toEqual([
      403,
      "Solo quien puede modificar Personal puede cambiar un grupo de permisos: sus permisos, sus miembros, su creación o su eliminación.",
    ]);
    const granted = await api.call("POST", "admGroup/create", { token: staffToo.token, locale: "en", body: key });
    expect([granted.http, granted.body.msg]).toEqual([403, "You cannot grant rights you do not hold: Modules (May modify)."]);
    expect(await state()).toEqual(before);

    // Made by the administrator, the group takes neither of them in.
    const made2 = await api.call<{ ID: number }>("POST", "admGroup/create", { token: (await api.tokens()).admin, body: key });
    const groupId = made2.body.data.ID;
    const after = await state();
    const join = (who: { token: string; id: number }) =>
      api.call("POST", "admGroup/importAttach", { token: who.token, body: { groupId, idsList: String(who.id) } });
    expect((await join(groupsOnly)).http).toBe(403);
    const more = await join(staffToo);
    expect([more.http, more.body.msg]).toEqual([403, "Este grupo otorga permisos que tú no tienes (Módulos (Puede modificar)): no puedes añadirle a nadie."]);
    expect(await state()).toEqual(after);
  });

  it("still lets a staff writer make a permission group within their own rights and put people in it", async () => {
    const office = await staffWith(api.db(), tenant, "oficina-grupos@pizarra.demo", { admGroup: true, admStaff: true, admStudent: true }, 10);
    const made = await api.call<{ ID: number }>("POST", "admGroup/create", {
      token: office.token,
      body: { name: "Tutores de la oficina", type: 0, staff: true, canRead: ["admStudent"], canEdit: ["admStudent"] },
    });
    expect(made.body.status).toBe(0);
    const [kid] = await students(1);
    const res = await api.call<Row>("POST", "admGroup/importAttach", {
      token: office.token,
      body: { groupId: made.body.data.ID, idsList: `${office.id}\n${kid!.id}` },
    });
    expect(res.body.data).toMatchObject({ added: 2 });
  });
});
