import type { TAttendanceListAnswer, TAttendanceSession, TJustificationAnswer, TJustifyLinkAnswer } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness, type DemoSchool } from "../../../test-support/harness.ts";
import { runAlert } from "./alerts.ts";
import { signJustifyLink } from "./link-token.ts";

const api = apiHarness({ school: true });
type Refusal = { errors?: Record<string, string> };
type Locale = "es" | "en";

/** A day inside the demo's open 2026 period: the tests do not depend on today's date. */
const DAY = "2026-06-15";
/** 08:05 at UTC-5, 07:05 in Mexico City (UTC-6 all year): the moment the marks below are written down. */
const MARKED_AT = new Date("2026-06-15T13:05:00Z");

let admin: string;
let teacher: string;
let secretary: string;
let school: DemoSchool;

beforeAll(async () => {
  // Before anything reads the environment: e-mail and WhatsApp are offered (nothing is sent: no worker runs here).
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  process.env.WHATSAPP_TOKEN = "test-token";
  process.env.WHATSAPP_PHONE_NUMBER_ID = "100200300";
  process.env.WHATSAPP_API_URL = "http://127.0.0.1:9";
  ({ admin, teacher, secretary } = await api.tokens());
  school = await api.school();
});

const get = <T>(path: string, token = admin, locale: Locale = "es") => api.call<T & Refusal>("GET", path, { token, locale });
const post = <T>(path: string, body: unknown, token = admin, locale: Locale = "es") => api.call<T & Refusal>("POST", path, { token, body, locale });

let registers: TAttendanceSession[] | undefined;
/** The demo teacher's subject registers of DAY, started. */
async function teacherRegisters(): Promise<TAttendanceSession[]> {
  if (registers) return registers;
  const res = await get<TAttendanceSession[]>(`admAttendance?dt=${DAY}&daily=false`, teacher);
  registers = res.body.data.filter((s) => s.masterId === school.teacherId);
  for (const r of registers) await post(`admAttendance/session/${r.ID}/init`, {}, teacher);
  return registers;
}

let used = 0;
/**
 * A student of one of the registers, not used by an earlier test, whose family is exactly the guardians given: each
 * an active guardian with an e-mail, a WhatsApp number only when `cel` is given, and a language.
 */
async function studentWithFamily(register: TAttendanceSession, family: { locale: Locale; cel?: string }[]) {
  const list = (await get<TAttendanceListAnswer>(`admAttendance/${register.partId}/sessions/${register.ID}/list`, teacher)).body.data.rows;
  const row = list[used++]!;
  await school.db.kinship.deleteMany({ where: { studentId: row.id } });
  const guardians = [];
  for (const [i, g] of family.entries()) {
    const guardian = await school.db.user.create({
      data: { type: 1, name: `Rosa${i}`, last: "Quispe", last2: "Huamán", mail: `g${row.id}-${i}@example.com`, cel: g.cel ?? null, locale: g.locale },
      select: { id: true, mail: true },
    });
    await school.db.kinship.create({ data: { studentId: row.id, relativeId: guardian.id, userKind: 1 } });
    guardians.push(guardian);
  }
  const student = await school.db.user.findUniqueOrThrow({ where: { id: row.id }, select: { id: true, name: true, last: true, last2: true } });
  return { student, guardians };
}

/** Marks the student, writes the mark down at MARKED_AT and runs its alert as the worker would once its delay is over. */
async function markAndAlert(register: TAttendanceSession, userId: number, status: 2 | 3) {
  await post(`admAttendance/session/${register.ID}/status`, [{ userId, status }], teacher);
  const mark = await school.db.attendanceMark.update({
    where: { sessionId_userId: { sessionId: register.ID, userId } },
    data: { markedAt: MARKED_AT },
  });
  const sent = await runAlert(api.db(), { tenantId: school.tenantId, markId: mark.id, status, typeId: mark.typeId!, markedAt: MARKED_AT.toISOString() });
  const ledger = await school.db.message.findMany({ where: { source: "attendance", sourceId: mark.id }, orderBy: { id: "asc" } });
  return { mark, sent, ledger };
}

const setSchool = (data: { settings?: object; timeZone?: string }) => school.db.tenant.update({ where: { id: school.tenantId }, data });

describe("what the family is told about a mark: a late arrival is not an absence", () => {
  it("a late arrival and an absence each have their own e-mail, in the guardian's language", async () => {
    const [register] = await teacherRegisters();
    const late = await studentWithFamily(register!, [{ locale: "es" }, { locale: "en" }]);
    const absent = await studentWithFamily(register!, [{ locale: "es" }, { locale: "en" }]);
    const l = await markAndAlert(register!, late.student.id, 2);
    const a = await markAndAlert(register!, absent.student.id, 3);
    expect(l.sent).toBe(2);
    expect(a.sent).toBe(2);
    const [lateEs, lateEn] = l.ledger;
    const [absentEs, absentEn] = a.ledger;
    expect([lateEs!.channel, lateEs!.locale, lateEn!.locale]).toEqual(["mail", "es", "en"]);
    expect(lateEs!.subject).toContain("llegó tarde");
    expect(lateEs!.text).toContain("llegó tarde a");
    expect(lateEs!.text).not.toContain("no asistió");
    expect(lateEn!.subject).toContain("arrived late");
    expect(lateEn!.text).not.toContain("absent");
    expect(absentEs!.subject).toContain("no asistió");
    expect(absentEs!.text).not.toContain("tarde");
    expect(absentEn!.text).toContain("was absent from");
    for (const row of [lateEs, lateEn, absentEs, absentEn]) expect(row!.text).toContain("/justify/");
  });

  it("on WhatsApp each goes as the school's own template of its kind, as staff edited it, with the link", async () => {
    const [register] = await teacherRegisters();
    await school.db.localizationTemplate.update({
      where: { tenantId_id: { tenantId: school.tenantId, id: "late-alert" } },
      data: { content: "{{student}} llegó a las {{time}} a {{place}}. Justifique aquí: {{link}}", templateId: "tardanza_v2" },
    });
    const late = await studentWithFamily(register!, [{ locale: "es", cel: "+51 987 654 321" }]);
    const absent = await studentWithFamily(register!, [{ locale: "en", cel: "+51 987 654 322" }]);
    const [lateRow] = (await markAndAlert(register!, late.student.id, 2)).ledger;
    const [absentRow] = (await markAndAlert(register!, absent.student.id, 3)).ledger;
    expect(lateRow!.channel).toBe("whatsapp");
    const lateTemplate = lateRow!.template as { name: string; language: string; params: string[] };
    expect(lateTemplate.name).toBe("tardanza_v2");
    expect(lateTemplate.params).toHaveLength(4);
    expect(lateTemplate.params[1]).toBe("8:05");
    expect(lateTemplate.params[3]).toMatch(/\/justify\/[\w.-]+$/);
    // Its e-mail fallback still reads as a late arrival.
    expect(lateRow!.text).toContain("llegó tarde");
    const absentTemplate = absentRow!.template as { name: string; language: string; params: string[] };
    expect(absentTemplate).toMatchObject({ name: "absence_alert", language: "en" });
    // The seeded absence template's tags: name, student, place, day, time, link.
    expect(absentTemplate.params[0]).toBe("Rosa0");
    expect(absentTemplate.params[5]).toContain("/justify/");
  });

  it("a school without a template of that kind is not written to on WhatsApp about it: the e-mail goes", async () => {
    const [register] = await teacherRegisters();
    await school.db.localizationTemplate.delete({ where: { tenantId_id: { tenantId: school.tenantId, id: "late-alert" } } });
    const late = await studentWithFamily(register!, [{ locale: "es", cel: "+51 987 654 323" }]);
    const [row] = (await markAndAlert(register!, late.student.id, 2)).ledger;
    expect(row).toMatchObject({ channel: "mail", template: null });
  });

  it("names the student as the school writes names, and the time on the school's clock in the reader's format", async () => {
    const [register] = await teacherRegisters();
    const family = await studentWithFamily(register!, [{ locale: "es" }, { locale: "en" }]);
    const { name, last, last2 } = family.student;
    const surnamesFirst = [last, last2, name].filter(Boolean).join(" ");
    const givenFirst = [name, last, last2].filter(Boolean).join(" ");
    await setSchool({ settings: { givenNamesFirst: true }, timeZone: "America/Mexico_City" });
    try {
      const [es, en] = (await markAndAlert(register!, family.student.id, 3)).ledger;
      expect(es!.text).toContain(`${givenFirst} no asistió`);
      expect(es!.text).toContain("Hola Rosa0 Quispe Huamán:");
      expect(es!.text).toContain("registrado a las 7:05");
      expect(es!.text).toContain("lunes, 15 de junio");
      expect(en!.text).toContain(`${givenFirst} was absent`);
      expect(en!.text).toContain("recorded at 7:05 AM");
      expect(en!.text).toContain("Monday, June 15");
    } finally {
      await setSchool({ settings: {}, timeZone: "America/Bogota" });
    }
    // By default, as every list shows names: surnames first.
    const other = await studentWithFamily(register!, [{ locale: "es" }]);
    const [row] = (await markAndAlert(register!, other.student.id, 3)).ledger;
    expect(row!.text).toContain([other.student.last, other.student.last2, other.student.name].filter(Boolean).join(" "));
    expect(row!.text).toContain("registrado a las 8:05");
    expect(surnamesFirst).not.toBe(givenFirst);
  });
});

describe("the family's page and the office's answer", () => {
  /** The link the alert of a mark sends a guardian. */
  const linkOf = (studentId: number, guardianId: number, sessionId: number) =>
    signJustifyLink({ tenantId: school.tenantId, studentId, guardianId, from: DAY, to: DAY, sessionId });

  /** A student marked late or absent on a register, and the justification their first guardian sent through the link. */
  async function justifiedThroughLink(status: 2 | 3, family: { locale: Locale }[]) {
    const [register] = await teacherRegisters();
    const { student, guardians } = await studentWithFamily(register!, family);
    await post(`admAttendance/session/${register!.ID}/status`, [{ userId: student.id, status }], teacher);
    const token = await linkOf(student.id, guardians[0]!.id, register!.ID);
    const sent = await api.call<{ ID: number }>("POST", `justify/${token}`, { locale: "es", body: { reason: "Salud", note: "Cita médica." } });
    const card = (await get<TJustificationAnswer>(`admJustification/get/${sent.body.data.ID}`, secretary)).body.data;
    return { register: register!, student, guardians, card };
  }

  it("names what happened, shows the school's logo and colour, and the other guardian's link shows it done", async () => {
    const [register] = await teacherRegisters();
    const { student, guardians } = await studentWithFamily(register!, [{ locale: "es" }, { locale: "en" }]);
    await post(`admAttendance/session/${register!.ID}/status`, [{ userId: student.id, status: 2 }], teacher);
    await school.db.tenant.update({
      where: { id: school.tenantId },
      data: { themeColor: "light.green", logo: `t${school.tenantId}/company/${school.tenantId}/logo-0a1b2c3d4e5f6a7b.png` },
    });
    const [mine, theirs] = await Promise.all(guardians.map((g) => linkOf(student.id, g.id, register!.ID)));
    const page = (await api.call<TJustifyLinkAnswer>("GET", `justify/${mine}`, { locale: "es" })).body.data;
    expect(page).toMatchObject({ mark: 2, color: "light.green", sent: null });
    expect(page.logo).toContain("logo-0a1b2c3d4e5f6a7b.png");

    const sent = await api.call<{ ID: number }>("POST", `justify/${mine}`, { locale: "es", body: { reason: "Salud", note: "Cita médica temprano." } });
    expect(sent.body.status).toBe(0);
    const other = (await api.call<TJustifyLinkAnswer>("GET", `justify/${theirs}`, { locale: "en" })).body.data;
    expect(other.sent).toEqual({ ID: sent.body.data.ID, status: 1, reason: "Salud", mine: false });
    const again = await api.call("POST", `justify/${theirs}`, { locale: "en", body: { reason: "Viaje", note: "x" } });
    expect(again.body).toMatchObject({ status: -409, msg: "Another guardian already sent a justification for these days." });
    // The database holds it too: a second family row of those days cannot be written whoever sends it.
    await expect(
      school.db.justification.create({
        data: {
          userId: student.id,
          kind: 2,
          date: new Date(`${DAY}T00:00:00Z`),
          tillDate: new Date(`${DAY}T00:00:00Z`),
          reason: "Viaje",
          via: "link",
          createdBy: guardians[1]!.id,
        },
      }),
    ).rejects.toThrow();
  });

  it("accepting defaults to the excused type; the family is told of the decision through the delivery ledger, the register shows it", async () => {
    const { register, student, guardians, card } = await justifiedThroughLink(3, [{ locale: "es" }, { locale: "en" }]);
    const excused = await school.db.attendanceType.findFirstOrThrow({ where: { name: "Falta justificada" }, select: { id: true } });
    expect(card.acceptAs).toBe(excused.id);
    const told = () => school.db.message.findMany({ where: { source: "justification", sourceId: card.ID }, orderBy: { id: "asc" } });
    expect(await told()).toHaveLength(0);

    await post(`admAttendance/0/justifications/${card.ID}`, { status: 2, typeId: card.acceptAs }, secretary);
    const accepted = await told();
    expect(accepted.map((m) => [m.userId, m.channel, m.status, m.locale])).toEqual([
      [guardians[0]!.id, "mail", "queued", "es"],
      [guardians[1]!.id, "mail", "queued", "en"],
    ]);
    expect(accepted[0]!.text).toContain("El colegio aceptó la justificación de");
    expect(accepted[1]!.subject).toContain("accepted");
    // The send itself is on the queue, as every message's is.
    const jobs = await api.db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE data->'ids' @> ${JSON.stringify([accepted[0]!.id])}::jsonb`;
    expect(jobs[0]!.n).toBe(1);
    const row = (await get<TAttendanceListAnswer>(`admAttendance/${register.partId}/sessions/${register.ID}/list`, teacher)).body.data.rows.find(
      (r) => r.id === student.id,
    );
    expect(row).toMatchObject({ status: 3, justifType: 2 });
    expect((await school.db.attendanceMark.findFirstOrThrow({ where: { sessionId: register.ID, userId: student.id }, select: { typeId: true } })).typeId).toBe(
      excused.id,
    );

    // Accepting again changes nothing and tells nobody again; a denial is told.
    await post(`admAttendance/0/justifications/${card.ID}`, { status: 2 }, secretary);
    expect(await told()).toHaveLength(2);
    await post(`admAttendance/0/justifications/${card.ID}`, { status: -1 }, secretary);
    const all = await told();
    expect(all).toHaveLength(4);
    expect(all[2]!.text).toContain("no aceptó");
    expect(all[3]!.text).toContain("did not accept");
  });

  it("a late arrival's justification is accepted as an excused late arrival by default", async () => {
    const { card } = await justifiedThroughLink(2, [{ locale: "es" }]);
    const excused = await school.db.attendanceType.findFirstOrThrow({ where: { name: "Tardanza justificada" }, select: { id: true } });
    expect(card.acceptAs).toBe(excused.id);
  });
});
