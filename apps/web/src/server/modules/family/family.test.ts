import type {
  TAttendanceListAnswer,
  TAttendanceSession,
  TFamilyChildrenAnswer,
  TFamilyLinkRow,
  TFamilyLinksAnswer,
  TStudentContactsAnswer,
} from "@pizarra/contracts";
import { forTenant } from "@pizarra/db";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness, type DemoSchool } from "../../../test-support/harness.ts";
import { demoTenants } from "../../../test-support/route-samples.ts";
import { staffWith } from "../../../test-support/staff-with.ts";
import { readRecipients } from "../../delivery/guardians.ts";
import { claimMessages } from "../../delivery/send-message.ts";
import { runAlert } from "../attendance/alerts.ts";
import { signJustifyLink } from "../attendance/link-token.ts";
import { recipientsOf, SEND_TO } from "../notifications/recipients.ts";

/**
 * Family links staff edit (001 §2-§3, 002 §3 "Relative") and what every sender reads of them (delivery/guardians.ts):
 * only an open guardian link with contact rights that receives messages makes a recipient or opens a family link.
 */
const api = apiHarness({ school: true });
type Refusal = { errors?: Record<string, string> };
type Locale = "es" | "en";

let admin: string;
let secretary: string;
let teacher: string;
let school: DemoSchool;
let northside: number;

const get = <T>(path: string, token = secretary, locale: Locale = "es") => api.call<T & Refusal>("GET", path, { token, locale });
const post = <T>(path: string, body: unknown, token = secretary, locale: Locale = "es") => api.call<T & Refusal>("POST", path, { token, body, locale });

beforeAll(async () => {
  // Before anything reads the environment: e-mail is offered (nothing is sent: no worker runs here).
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  ({ admin, secretary, teacher } = await api.tokens());
  school = await api.school();
  ({ b: northside } = await demoTenants(api.db()));
});

let made = 0;
/** A student of the school with no links yet (a fresh one: each test its own family). */
async function freshStudent() {
  made += 1;
  return school.db.user.create({
    data: { type: 2, name: `Niña${made}`, last: "Familia", externalId: `FAM-${made}`, mail: `nina${made}@example.com` },
    select: { id: true },
  });
}
/** A relative of the school, with an e-mail. */
const relative = (name: string) =>
  school.db.user.create({
    data: { type: 1, name, last: "Pariente", mail: `${name.toLowerCase()}${++made}@example.com`, externalId: `PAR-${made}` },
    select: { id: true },
  });

const FLAGS = { userKind: 1, relation: "mother", pays: true, pickup: true, messages: true, contactRights: true };
const NEW_RELATIVE = {
  externalId: "",
  name: "Carmen",
  last: "Rojas",
  last2: "Vega",
  gender: "F",
  nationality: "Peruana",
  documenttype: "DNI",
  documentnumber: "",
  cel: "987654321",
  mail: "",
};
let newCount = 0;
const newRelative = (extra: Record<string, unknown> = {}) => {
  newCount += 1;
  return {
    ...NEW_RELATIVE,
    externalId: `NUEVO-${newCount}`,
    documentnumber: `4${String(newCount).padStart(7, "0")}`,
    mail: `carmen${newCount}@example.com`,
    ...FLAGS,
    ...extra,
  };
};
const links = async (studentId: number, token = secretary) => (await get<TFamilyLinksAnswer>(`admStudent/family/${studentId}`, token)).body.data.Results;

describe("staff add, change and end a student's family links", () => {
  it("links an existing relative, and a new one with the relative's own rules (the mobile kept in E.164), each audited", async () => {
    const student = await freshStudent();
    const mother = await relative("Ana");
    const existing = await post<TFamilyLinkRow>(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: mother.id });
    expect(existing.http).toBe(200);
    expect(existing.body.data).toMatchObject({ relativeId: mother.id, userKind: 1, relation: "mother", pays: true, endedAt: null });
    const fresh = await post<TFamilyLinkRow>(`admStudent/family/${student.id}/new`, newRelative({ userKind: 0, relation: "father", pays: false }));
    expect(fresh.http).toBe(200);
    expect(fresh.body.data).toMatchObject({ name: "Rojas Vega Carmen", cel: "+51987654321", userKind: 0, relation: "father" });
    const stored = await school.db.user.findUniqueOrThrow({ where: { id: fresh.body.data.relativeId }, select: { type: true, userKind: true } });
    expect(stored).toEqual({ type: 1, userKind: 0 });
    expect((await links(student.id)).map((l) => [l.relativeId, l.userKind])).toEqual([
      [fresh.body.data.relativeId, 0],
      [mother.id, 1],
    ]);
    // Linking the same relative twice is refused naming the field; the children list shows the link from the other side.
    const again = await post(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: mother.id }, secretary, "en");
    expect(again.body.data.errors?.relativeId).toBe("This relative is already linked to the student.");
    const children = await get<TFamilyChildrenAnswer>(`admRelatives/children/${mother.id}`);
    expect(children.body.data.Results).toEqual([
      expect.objectContaining({ studentId: student.id, name: expect.stringMatching(/^Familia Niña\d+$/), relation: "mother" }),
    ]);
    const trail = await school.db.auditLog.findMany({
      where: { recordId: { in: [`${student.id}/${mother.id}`, `${student.id}/${fresh.body.data.relativeId}`] } },
    });
    expect(trail.map((a) => [a.moduleId, a.action])).toEqual([
      ["admStudent", "create"],
      ["admStudent", "create"],
    ]);
    expect(await school.db.auditLog.count({ where: { moduleId: "admRelatives", action: "create", recordId: String(fresh.body.data.relativeId) } })).toBe(1);
  });

  it("refuses a bad mobile or e-mail of a new relative naming the field, in es and en, and writes nothing", async () => {
    const student = await freshStudent();
    const before = await school.db.user.count();
    const es = await post(`admStudent/family/${student.id}/new`, newRelative({ cel: "12345" }), secretary, "es");
    expect(es.http).toBe(422);
    expect(es.body.data.errors?.cel).toMatch(/^El campo Celular no es un número de teléfono válido/);
    const en = await post(`admStudent/family/${student.id}/new`, newRelative({ cel: "12345" }), secretary, "en");
    expect(en.body.data.errors?.cel).toMatch(/^The Mobile is not a valid phone number/);
    const mailEs = await post(`admStudent/family/${student.id}/new`, newRelative({ mail: "carmen@" }), secretary, "es");
    expect(mailEs.body.data.errors?.mail).toBe("El campo Correo no es un correo válido");
    const mailEn = await post(`admStudent/family/${student.id}/new`, newRelative({ mail: "carmen@" }), secretary, "en");
    expect(mailEn.body.data.errors?.mail).toBe("The E-mail must be a valid email address.");
    const kind = await post(`admStudent/family/${student.id}/new`, newRelative({ userKind: 2 }), secretary, "en");
    expect(kind.http).toBe(422);
    expect(kind.body.data.errors?.userKind).toBeDefined();
    expect(await school.db.user.count()).toBe(before);
    expect(await links(student.id)).toEqual([]);
  });

  it("edits a link's flags, keeps at most one principal (the one before becomes a guardian), and ends a link, kept", async () => {
    const student = await freshStudent();
    const [a, b] = [await relative("Berta"), await relative("Bruno")];
    await post(`admStudent/family/${student.id}/link`, { ...FLAGS, userKind: 0, relativeId: a.id });
    await post(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: b.id });
    const edited = await post<TFamilyLinkRow>(`admStudent/family/${student.id}/edit/${b.id}`, {
      ...FLAGS,
      userKind: 0,
      relation: "father",
      messages: false,
      contactRights: false,
      restriction: "Orden judicial",
    });
    expect(edited.body.data).toMatchObject({ userKind: 0, relation: "father", messages: false, contactRights: false, restriction: "Orden judicial" });
    expect((await links(student.id)).map((l) => [l.relativeId, l.userKind])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    // A note is kept only while contact is restricted.
    const lifted = await post<TFamilyLinkRow>(`admStudent/family/${student.id}/edit/${b.id}`, { ...FLAGS, userKind: 0, restriction: "Orden judicial" });
    expect(lifted.body.data).toMatchObject({ contactRights: true, restriction: null });
    const ended = await post<TFamilyLinkRow>(`admStudent/family/${student.id}/end/${b.id}`, {});
    expect(ended.body.data.endedAt).not.toBeNull();
    const after = await links(student.id);
    expect(after.map((l) => [l.relativeId, l.endedAt === null])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    // An ended link is not edited; linking the relative again opens it anew.
    expect((await post(`admStudent/family/${student.id}/edit/${b.id}`, FLAGS)).http).toBe(404);
    const reopened = await post<TFamilyLinkRow>(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: b.id });
    expect(reopened.body.data).toMatchObject({ endedAt: null, userKind: 1 });
  });

  it("two racing 'make principal' requests leave exactly one open principal", async () => {
    const student = await freshStudent();
    const relatives = [await relative("Celia"), await relative("Ciro"), await relative("Cata")];
    for (const r of relatives) await post(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: r.id });
    const answers = await Promise.all(relatives.map((r) => post(`admStudent/family/${student.id}/edit/${r.id}`, { ...FLAGS, userKind: 0 })));
    for (const a of answers) expect([200, 422]).toContain(a.http);
    expect(await school.db.kinship.count({ where: { studentId: student.id, userKind: 0, endedAt: null } })).toBe(1);
  });

  it("the database itself refuses a second open principal written past the API (Kinship_one_principal)", async () => {
    const student = await freshStudent();
    const [a, b] = [await relative("Dora"), await relative("Dino")];
    await post(`admStudent/family/${student.id}/link`, { ...FLAGS, userKind: 0, relativeId: a.id });
    await expect(school.db.kinship.create({ data: { studentId: student.id, relativeId: b.id, userKind: 0 } })).rejects.toThrow();
  });

  it("refuses another school's relative or student, and calls without the rights each door needs", async () => {
    const student = await freshStudent();
    const other = await forTenant(api.db(), northside).user.findFirstOrThrow({ where: { type: 1 }, select: { id: true } });
    const foreign = await post(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: other.id }, secretary, "en");
    expect(foreign.http).toBe(422);
    expect(foreign.body.data.errors?.relativeId).toBe("The Relative is not one of the allowed options.");
    const otherStudent = await forTenant(api.db(), northside).user.findFirstOrThrow({ where: { type: 2 }, select: { id: true } });
    expect((await get(`admStudent/family/${otherStudent.id}`)).http).toBe(404);
    expect((await post(`admStudent/family/${otherStudent.id}/new`, newRelative())).http).toBe(404);
    expect(await forTenant(api.db(), northside).kinship.count({ where: { studentId: otherStudent.id, relative: { mail: { startsWith: "carmen" } } } })).toBe(0);

    // A student's links are admStudent's (read to list, write to change); a new relative is admRelatives' to create too.
    const reader = await staffWith(api.db(), school.tenantId, "familia-lee@pizarra.demo", { admStudent: false }, 10);
    expect((await get(`admStudent/family/${student.id}`, reader.token)).http).toBe(200);
    expect((await post(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: (await relative("Eva")).id }, reader.token)).http).toBe(403);
    const studentsOnly = await staffWith(api.db(), school.tenantId, "familia-alumnos@pizarra.demo", { admStudent: true }, 10);
    const refused = await post(`admStudent/family/${student.id}/new`, newRelative(), studentsOnly.token, "en");
    expect(refused.http).toBe(403);
    expect((await post(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: (await relative("Edu")).id }, studentsOnly.token)).http).toBe(403);
    expect(await links(student.id)).toEqual([]);
    expect((await get(`admRelatives/children/${(await relative("Eli")).id}`, studentsOnly.token)).http).toBe(403);
    const relativesOnly = await staffWith(api.db(), school.tenantId, "familia-parientes@pizarra.demo", { admRelatives: false }, 10);
    expect((await get(`admRelatives/children/${(await relative("Elsa")).id}`, relativesOnly.token)).http).toBe(200);
    expect((await get("admStudent/contacts", relativesOnly.token)).http).toBe(403);
    expect((await get(`admStudent/family/${student.id}`, relativesOnly.token)).http).toBe(403);
  });
});

describe("admStudent/contacts and me/family", () => {
  it("lists students with their open links and flags, restricted ones flagged, paged and filtered", async () => {
    const student = await freshStudent();
    const [ok, barred, gone] = [await relative("Flor"), await relative("Fausto"), await relative("Fidel")];
    await post(`admStudent/family/${student.id}/link`, { ...FLAGS, userKind: 0, relativeId: ok.id });
    await post(`admStudent/family/${student.id}/link`, { ...FLAGS, contactRights: false, restriction: "Sin contacto", relativeId: barred.id });
    await post(`admStudent/family/${student.id}/link`, { ...FLAGS, relativeId: gone.id });
    await post(`admStudent/family/${student.id}/end/${gone.id}`, {});
    const one = (await get<TStudentContactsAnswer>(`admStudent/contacts?studentId=${student.id}`)).body.data;
    expect(one.RowCount).toBe(1);
    expect(one.Results[0]).toMatchObject({ ID: student.id, externalId: expect.stringMatching(/^FAM-/) });
    expect(one.Results[0]!.contacts.map((c) => [c.relativeId, c.userKind, c.restricted, c.restriction])).toEqual([
      [ok.id, 0, false, null],
      [barred.id, 1, true, "Sin contacto"],
    ]);
    const page = (await get<TStudentContactsAnswer>("admStudent/contacts?PageSize=5&page=2")).body.data;
    expect(page.Results).toHaveLength(5);
    expect(page.PageCount).toBe(Math.ceil(page.RowCount / 5));
    const found = (await get<TStudentContactsAnswer>(`admStudent/contacts?filter=FAM-`)).body.data;
    expect(found.Results.every((r) => r.externalId?.startsWith("FAM-"))).toBe(true);

    // me/family: whom a meeting may be booked with: the open guardian links with contact rights.
    const family = (await get<{ Results: { ID: number }[] }>(`me/family?studentId=${student.id}`, admin)).body.data.Results;
    expect(family.map((f) => f.ID)).toEqual([ok.id]);
  });
});

describe("every sender reads the links' flags in one place", () => {
  /** A student whose family is one guardian of each standing: writable, restricted, messages off, ended, external. */
  async function standings(studentId: number) {
    const family = {
      ok: await relative("Gala"),
      barred: await relative("Gerardo"),
      muted: await relative("Gina"),
      ended: await relative("Gonzalo"),
      external: await relative("Greta"),
    };
    await post(`admStudent/family/${studentId}/link`, { ...FLAGS, userKind: 0, relativeId: family.ok.id });
    await post(`admStudent/family/${studentId}/link`, { ...FLAGS, contactRights: false, relativeId: family.barred.id });
    await post(`admStudent/family/${studentId}/link`, { ...FLAGS, messages: false, relativeId: family.muted.id });
    await post(`admStudent/family/${studentId}/link`, { ...FLAGS, relativeId: family.ended.id });
    await post(`admStudent/family/${studentId}/end/${family.ended.id}`, {});
    await post(`admStudent/family/${studentId}/link`, { ...FLAGS, userKind: 3, relativeId: family.external.id });
    return family;
  }

  it("a notification and an absence alert reach only the guardian who may be told; only their family link opens", async () => {
    const register = (await get<TAttendanceSession[]>("admAttendance?dt=2026-06-15&daily=false", teacher)).body.data.find(
      (s) => s.masterId === school.teacherId,
    )!;
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const rows = (await get<TAttendanceListAnswer>(`admAttendance/${register.partId}/sessions/${register.ID}/list`, teacher)).body.data.rows;
    const studentId = rows[0]!.id;
    await school.db.kinship.deleteMany({ where: { studentId } });
    const family = await standings(studentId);

    const notified = await school.db.$transaction((tx) =>
      recipientsOf(tx, {
        sendTo: SEND_TO.guardians,
        filterBy: "dependants",
        sectionIds: [],
        userIds: [studentId],
        principalUserIds: [],
        recipientType: null,
        groupId: null,
      }),
    );
    expect(notified.map((r) => r.id)).toEqual([family.ok.id]);
    expect((await readRecipients(school.db, { familyOf: { id: studentId } })).map((r) => r.id)).toEqual([family.ok.id]);

    await post(`admAttendance/session/${register.ID}/status`, [{ userId: studentId, status: 3 }], teacher);
    const markedAt = new Date("2026-06-15T13:05:00Z");
    const mark = await school.db.attendanceMark.update({ where: { sessionId_userId: { sessionId: register.ID, userId: studentId } }, data: { markedAt } });
    await runAlert(api.db(), { tenantId: school.tenantId, markId: mark.id, status: 3, typeId: mark.typeId!, markedAt: markedAt.toISOString() });
    const ledger = await school.db.message.findMany({ where: { source: "attendance", sourceId: mark.id } });
    expect(ledger.map((m) => m.userId)).toEqual([family.ok.id]);

    const open = async (guardianId: number) => {
      const token = await signJustifyLink({ tenantId: school.tenantId, studentId, guardianId, from: "2026-06-15", to: "2026-06-15", sessionId: register.ID });
      return (await api.call("GET", `justify/${token}`)).http;
    };
    expect(await open(family.ok.id)).toBe(200);
    for (const g of [family.barred, family.muted, family.ended, family.external]) expect(await open(g.id)).toBe(401);

    // The alert's row says whom it is about; written before a restriction (held by quiet hours, say), it is withdrawn
    // when it is sent, not sent, and its fallback is not written either.
    const [row] = ledger;
    expect(row!.aboutId).toBe(studentId);
    await school.db.message.update({ where: { id: row!.id }, data: { notBefore: new Date(0) } });
    const edited = await post(`admStudent/family/${studentId}/edit/${family.ok.id}`, {
      ...FLAGS,
      userKind: 0,
      contactRights: false,
      restriction: "Orden judicial",
    });
    expect(edited.body.status).toBe(0);
    const [claimed] = await claimMessages(api.db(), [{ tenantId: school.tenantId, ids: [row!.id] }]);
    expect(claimed?.withdrawn).toBe("unlinked");
  });
});
