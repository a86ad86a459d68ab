import type { ChildProcess } from "node:child_process";
import type {
  TAttendanceListAnswer,
  TAttendanceSavedAnswer,
  TAttendanceSession,
  TAttendanceSummary,
  TJustificationAnswer,
  TJustifyLinkAnswer,
  TWhoIsMissingAnswer,
} from "@pizarra/contracts";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MailSink, startMailSink } from "../../../../../../scripts/lib/mail-sink.ts";
import { startWorker } from "../../../../../../scripts/lib/outside.ts";
import { apiHarness, type DemoSchool } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { runAlert } from "./alerts.ts";
import { signJustifyLink } from "./link-token.ts";

const api = apiHarness({ school: true });
type Refusal = { errors?: Record<string, string> };
type Locale = "es" | "en";

/** Days inside the demo's open 2026 period and its closed 2025 one: the tests do not depend on today's date. */
const DAY = "2026-06-15";
const CLOSED_DAY = "2025-06-16";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]).toString("base64");

let admin: string;
let teacher: string;
let secretary: string;
let northside: string;
let school: DemoSchool;
let sink: MailSink;
const workers = new Set<ChildProcess>();

beforeAll(async () => {
  // Before anything reads the environment: the alerts go by e-mail to this catcher.
  sink = await startMailSink();
  process.env.SMTP_URL = sink.url;
  ({ admin, teacher, secretary, northside } = await api.tokens());
  school = await api.school();
});
afterAll(async () => {
  const stopped = [...workers].map((w) => new Promise((resolve) => w.once("exit", resolve)));
  for (const w of workers) w.kill("SIGTERM");
  await Promise.all(stopped);
  await sink?.close();
});

const get = <T>(path: string, token = admin, locale: Locale = "es") => api.call<T & Refusal>("GET", path, { token, locale });
const post = <T>(path: string, body: unknown, token = admin, locale: Locale = "es") => api.call<T & Refusal>("POST", path, { token, body, locale });
const marksOf = (sessionId: number) => school.db.attendanceMark.findMany({ where: { sessionId }, orderBy: { userId: "asc" } });

/** A subject register of the demo teacher on DAY, and its students. */
async function teacherRegister(day = DAY): Promise<TAttendanceSession> {
  const res = await get<TAttendanceSession[]>(`admAttendance?dt=${day}&daily=false`, teacher);
  expect(res.body.status).toBe(0);
  expect(res.body.data.length).toBeGreaterThan(0);
  expect(res.body.data.every((s) => s.kind === "part")).toBe(true);
  return res.body.data.find((s) => s.masterId === school.teacherId)!;
}

describe("registers and marks (001 §7)", () => {
  it("lists the teacher's registers of a day, made once however often they are asked for", async () => {
    const first = await get<TAttendanceSession[]>(`admAttendance?dt=${DAY}&daily=false`, teacher);
    const again = await get<TAttendanceSession[]>(`admAttendance?dt=${DAY}&daily=false`, teacher);
    expect(again.body.data.map((s) => s.ID)).toEqual(first.body.data.map((s) => s.ID));
    const parts = await school.db.activityPart.count({ where: { masterId: school.teacherId, section: { superSection: { periodId: 202601 } } } });
    expect(first.body.data.length).toBeGreaterThanOrEqual(parts);
    expect(first.body.data[0]).toMatchObject({ started: false, day: DAY });
    expect(first.body.data[0]!.total).toBeGreaterThan(0);
    // The daily registers of a section, by part 0.
    const section = first.body.data[0]!.sectionId!;
    const daily = await get<TAttendanceSession[]>(`admAttendance/0/sessions?dt=${DAY}&sectionId=${section}`);
    expect(daily.body.data).toHaveLength(1);
    expect(daily.body.data[0]).toMatchObject({ kind: "section", sectionId: section });
  });

  it("refuses marks before the register is started, then starts it with every student pending", async () => {
    const register = await teacherRegister();
    const list = await get<TAttendanceListAnswer>(`admAttendance/${register.partId}/sessions/${register.ID}/list`, teacher);
    const student = list.body.data.rows[0]!.id;
    for (const [locale, text] of [
      ["es", "Inicie el registro de asistencia antes de marcar."],
      ["en", "Start the attendance register before marking."],
    ] as const) {
      const refused = await post(`admAttendance/session/${register.ID}/status`, [{ userId: student, status: 1 }], teacher, locale);
      expect(refused.body).toMatchObject({ status: -409, msg: text });
    }
    expect(await marksOf(register.ID)).toHaveLength(0);
    const started = await post<TAttendanceListAnswer>(`admAttendance/session/${register.ID}/init`, {}, teacher);
    expect(started.body.data.session.started).toBe(true);
    expect(started.body.data.rows.every((r) => r.status === 0)).toBe(true);
    expect(await marksOf(register.ID)).toHaveLength(list.body.data.rows.length);
    // Starting it again changes nothing.
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    expect(await marksOf(register.ID)).toHaveLength(list.body.data.rows.length);
  });

  it("saves a batch of marks; a comment on a pending student is not kept and says so (001 §8)", async () => {
    const register = await teacherRegister();
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const rows = (await get<TAttendanceListAnswer>(`admAttendance/${register.partId}/sessions/${register.ID}/list`, teacher)).body.data.rows;
    const [a, b, c, d] = rows.map((r) => r.id) as [number, number, number, number];
    const saved = await post<TAttendanceSavedAnswer>(
      `admAttendance/session/${register.ID}/status`,
      [
        { userId: a, status: 1 },
        { userId: b, status: 2, comment: "Llegó 8:20" },
        { userId: c, status: 3 },
        { userId: d, status: 0, comment: "Revisar" },
      ],
      teacher,
    );
    expect(saved.body.msg).toBe("La observación no se ha guardado, se guardará cuando marque la asistencia respectiva");
    expect(saved.body.data.commentsNotSaved).toEqual([d]);
    const byId = new Map(saved.body.data.rows.map((r) => [r.id, r]));
    expect(byId.get(a)!.status).toBe(1);
    expect(byId.get(b)).toMatchObject({ status: 2, comment: "Llegó 8:20" });
    expect(byId.get(d)).toMatchObject({ status: 0, comment: null });
    const comment = await post<TAttendanceSavedAnswer>(`admAttendance/session/${register.ID}/comment`, [{ userId: d, comment: "Otra vez" }], teacher, "en");
    expect(comment.body.msg).toBe("The comment was not saved; it will be saved when you mark that student's attendance");
    const kept = await post<TAttendanceSavedAnswer>(`admAttendance/session/${register.ID}/comment`, [{ userId: a, comment: "Participa" }], teacher);
    expect(kept.body.data.rows[0]).toMatchObject({ id: a, status: 1, comment: "Participa" });
  });

  it("two devices marking one student at once leave one row with the later value", async () => {
    const register = await teacherRegister();
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const student = (await marksOf(register.ID))[5]!.userId;
    await Promise.all([1, 2, 3, 1, 2, 3].map((status) => post(`admAttendance/session/${register.ID}/status`, [{ userId: student, status }], teacher)));
    const last = await post<TAttendanceSavedAnswer>(`admAttendance/session/${register.ID}/status`, [{ userId: student, status: 2 }], teacher);
    expect(last.body.data.rows[0]!.status).toBe(2);
    const rows = await school.db.attendanceMark.findMany({ where: { sessionId: register.ID, userId: student } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe(2);
  });

  it("bad statuses, dates and students are refused naming the field, in es and en, and write nothing", async () => {
    const register = await teacherRegister();
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const before = await marksOf(register.ID);
    const student = before[0]!.userId;
    const cases: [string, unknown, Locale, string, string][] = [
      [
        `admAttendance/session/${register.ID}/status`,
        [{ userId: student, status: 7 }],
        "es",
        "0.status",
        "El campo Asistencia no es una de las opciones permitidas.",
      ],
      [`admAttendance/session/${register.ID}/status`, [{ userId: student, status: 7 }], "en", "0.status", "Attendance"],
      [`admAttendance/session/${register.ID}/status`, [], "es", "", "requerido"],
      [`admAttendance/session/${register.ID}/status`, [{ userId: student, status: 1, comment: "x".repeat(501) }], "en", "0.comment", "Comment"],
    ];
    for (const [path, body, locale, , text] of cases) {
      const res = await post(path, body, teacher, locale);
      expect(res.body.status, JSON.stringify(body).slice(0, 80)).toBe(-422);
      expect(res.body.msg).toContain(text);
    }
    const badDay = await get(`admAttendance?dt=2026-02-30&daily=false`, teacher, "en");
    expect(badDay.body.status).toBe(-422);
    expect(badDay.body.msg).toContain("Date");
    // A student who is not on this register (another section's) is refused, and nothing of the batch is written.
    const stranger = await school.db.user.findFirstOrThrow({
      where: { type: 2, sections: { none: { sectionId: register.sectionId! } } },
      select: { id: true },
    });
    const mixed = await post(
      `admAttendance/session/${register.ID}/status`,
      [
        { userId: student, status: 3 },
        { userId: stranger.id, status: 3 },
      ],
      teacher,
    );
    expect(mixed.body.status).toBe(-422);
    expect(mixed.body.data.errors!.userId).toContain(String(stranger.id));
    expect(await marksOf(register.ID)).toEqual(before);
  });

  it("a teacher marks only their own registers; a closed period is read-only for everyone; another school's register is not found", async () => {
    const register = await teacherRegister();
    const other = await school.db.activityPart.findFirstOrThrow({
      where: {
        masterId: { not: school.teacherId },
        section: { superSection: { periodId: 202601 } },
        activity: { masters: { none: { userId: school.teacherId } } },
      },
      select: { id: true },
    });
    const [foreign] = (await get<TAttendanceSession[]>(`admAttendance/${other.id}/sessions?dt=${DAY}`, teacher)).body.data;
    const list = await get<TAttendanceListAnswer>(`admAttendance/${other.id}/sessions/${foreign!.ID}/list`, teacher);
    expect(list.body.data.readOnly).toBe("notYours");
    const refused = await post(`admAttendance/session/${foreign!.ID}/init`, {}, teacher, "en");
    expect(refused.body).toMatchObject({ status: -403, msg: "Only this class's teacher can take its attendance." });
    // The administrator may take it.
    expect((await post(`admAttendance/session/${foreign!.ID}/init`, {}, admin)).body.status).toBe(0);

    // A register of the closed year, made while it was open: listed as it is, read-only.
    const lastYear = await school.db.section.findFirstOrThrow({ where: { superSection: { periodId: 202501 } }, select: { id: true, owner: true } });
    await school.db.attendanceSession.create({
      data: { day: new Date(`${CLOSED_DAY}T00:00:00Z`), scope: `s:${lastYear.id}`, sectionId: lastYear.id, masterId: lastYear.owner },
    });
    const [closed] = (await get<TAttendanceSession[]>(`admAttendance/0/sessions?dt=${CLOSED_DAY}`)).body.data;
    expect(closed).toMatchObject({ sectionId: lastYear.id });
    const closedList = await get<TAttendanceListAnswer>(`admAttendance/0/sessions/${closed!.ID}/list`);
    expect(closedList.body.data.readOnly).toBe("closed");
    expect((await post(`admAttendance/session/${closed!.ID}/init`, {}, admin)).body.msg).toBe(
      "El periodo de este día está cerrado: la asistencia solo se puede consultar.",
    );
    expect(await marksOf(closed!.ID)).toHaveLength(0);

    // Northside's administrator cannot see or touch Colegio Demo's register.
    expect((await get(`admAttendance/${register.partId}/sessions/${register.ID}/list`, northside)).body.status).toBe(-404);
    expect((await post(`admAttendance/session/${register.ID}/init`, {}, northside)).body.status).toBe(-404);
    // The read-only secretary has no right to the register.
    expect((await get(`admAttendance?dt=${DAY}`, secretary)).body.status).toBe(-403);
  });
});

/** An attendance type for absences that tells the family after `delay` minutes, the first of its status. */
async function notifyingType(delay: number): Promise<number> {
  await school.db.attendanceType.deleteMany({ where: { type: 3, marks: { none: {} }, justifications: { none: {} } } });
  const existing = await school.db.attendanceType.findFirst({ where: { type: 3 }, orderBy: { id: "asc" } });
  if (existing) {
    await school.db.attendanceType.update({ where: { id: existing.id }, data: { notify: true, notifyDelay: delay } });
    return existing.id;
  }
  return (await school.db.attendanceType.create({ data: { name: "Falta", type: 3, notify: true, notifyDelay: delay } })).id;
}

/** A student of the register with a guardian who has an e-mail. */
async function studentWithGuardian(register: TAttendanceSession) {
  return school.db.user.findFirstOrThrow({
    where: {
      type: 2,
      inactive: false,
      sections: { some: { sectionId: register.sectionId! } },
      relatives: { some: { relative: { mail: { not: null }, rip: false, inactive: false } } },
    },
    select: { id: true, name: true, relatives: { where: { relative: { mail: { not: null } } }, select: { relative: { select: { id: true, mail: true } } } } },
  });
}

const alertJobs = (markId: number) =>
  api.db().$queryRaw<{ data: { tenantId: number; markId: number; status: number; typeId: number; markedAt: string }; start_after: Date }[]>`
    SELECT data, start_after FROM pgboss.job WHERE name = 'attendance-alert' AND (data->>'markId')::int = ${markId} ORDER BY created_on`;

describe("absence alerts and the family's justification link", () => {
  it("a mark changed back within the delay alarms nobody; one kept tells the guardians once", async () => {
    const typeId = await notifyingType(10);
    const register = await teacherRegister();
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const student = await studentWithGuardian(register);
    await post(`admAttendance/session/${register.ID}/status`, [{ userId: student.id, status: 3 }], teacher);
    const mark = await school.db.attendanceMark.findFirstOrThrow({ where: { sessionId: register.ID, userId: student.id } });
    expect(mark.typeId).toBe(typeId);
    const [job] = await alertJobs(mark.id);
    expect(job!.start_after.getTime() - mark.markedAt!.getTime()).toBeGreaterThanOrEqual(10 * 60_000 - 1000);

    // The teacher's slip: back to present before the delay is over.
    await post(`admAttendance/session/${register.ID}/status`, [{ userId: student.id, status: 1 }], teacher);
    expect(await runAlert(api.db(), job!.data)).toBe(0);
    expect(await school.db.message.count({ where: { source: "attendance", sourceId: mark.id } })).toBe(0);

    // Absent again and kept: its own alert goes, once, however often it runs.
    await post(`admAttendance/session/${register.ID}/status`, [{ userId: student.id, status: 3 }], teacher);
    const jobs = await alertJobs(mark.id);
    expect(jobs).toHaveLength(2);
    expect(await runAlert(api.db(), jobs[1]!.data)).toBeGreaterThan(0);
    await runAlert(api.db(), jobs[1]!.data);
    const ledger = await school.db.message.findMany({ where: { source: "attendance", sourceId: mark.id } });
    expect(ledger).toHaveLength(student.relatives.length);
    expect(ledger[0]!.text).toContain(student.name);
    expect(ledger[0]!.text).toContain("/justify/");
  });

  it("the worker sends the alert to the SMTP catcher; its link opens the family's form, which lands as a pending justification", async () => {
    await notifyingType(0);
    const register = await teacherRegister("2026-06-18");
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const rows = (await get<TAttendanceListAnswer>(`admAttendance/${register.partId}/sessions/${register.ID}/list`, teacher)).body.data.rows;
    const student = await studentWithGuardian(register);
    const guardianMail = student.relatives[0]!.relative.mail!;
    expect(rows.some((r) => r.id === student.id)).toBe(true);
    await post(`admAttendance/session/${register.ID}/status`, [{ userId: student.id, status: 3 }], teacher);
    const before = sink.received.length;
    // The worker signs the link with this server's secret, so that the link it sends opens here.
    const worker = startWorker({
      DATABASE_URL: api.state.database!.url,
      AUTH_SECRET: env().AUTH_SECRET,
      SMTP_URL: sink.url,
      PUBLIC_URL: "https://colegio.example",
    });
    workers.add(worker);
    worker.on("exit", () => workers.delete(worker));
    const end = Date.now() + 60_000;
    // The first test's alert (queued with the default address) goes out too: this one carries the worker's PUBLIC_URL.
    const ours = () => sink.mailbox().find((m) => m.raw.includes(guardianMail) && m.raw.includes("colegio.example/justify/"));
    while (!ours() && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
    expect(sink.received.length).toBeGreaterThan(before);
    const raw = ours();
    expect(raw, "the alert e-mail").toBeDefined();
    const mail = await simpleParser(raw!.raw);
    expect(mail.subject).toContain(student.name);
    const token = /https:\/\/colegio\.example\/justify\/([\w.-]+)/.exec(mail.text ?? "")![1]!;

    const page = await api.call<TJustifyLinkAnswer>("GET", `justify/${token}`, { locale: "es" });
    expect(page.body.data).toMatchObject({ student: expect.stringContaining(student.name), from: "2026-06-18", to: "2026-06-18", sent: null });
    const sent = await api.call<{ ID: number }>("POST", `justify/${token}`, {
      locale: "es",
      body: { reason: "Salud", note: "Tuvo fiebre, adjunto la nota del médico.", file: { name: "nota.png", data: PNG } },
    });
    expect(sent.body).toMatchObject({ status: 0, msg: "Justificación enviada. El colegio la revisará." });
    const card = (await get<TJustificationAnswer>(`admJustification/get/${sent.body.data.ID}`, secretary)).body.data;
    expect(card).toMatchObject({ status: 1, via: "link", justification: "Salud", userId: student.id, date: "2026-06-18", marks: 1 });
    expect(card.docUrl).toBeTruthy();
    const mark = await school.db.attendanceMark.findFirstOrThrow({ where: { sessionId: register.ID, userId: student.id } });
    expect(mark.justification).toBe(1);
    // Sent twice: refused while the first is pending.
    expect((await api.call("POST", `justify/${token}`, { locale: "en", body: { reason: "Salud", note: "again" } })).body.msg).toBe(
      "A justification was already sent with this link.",
    );

    // The office accepts it: the mark is justified.
    const accepted = await post<TJustificationAnswer>(`admAttendance/0/justifications/${card.ID}`, { status: 2 }, secretary);
    expect(accepted.body).toMatchObject({ status: 0, msg: "Justificación aceptada", data: { status: 2 } });
    const list = await get<TAttendanceListAnswer>(`admAttendance/${register.partId}/sessions/${register.ID}/list`, teacher);
    expect(list.body.data.rows.find((r) => r.id === student.id)!.justifType).toBe(2);
  }, 90_000);

  it("refuses a link that is tampered, expired, or bent to another student, and stores nothing", async () => {
    const student = await school.db.user.findFirstOrThrow({
      where: { type: 2, relatives: { some: {} } },
      select: { id: true, relatives: { select: { relativeId: true } } },
    });
    const claims = { tenantId: school.tenantId, studentId: student.id, guardianId: student.relatives[0]!.relativeId, from: DAY, to: DAY, sessionId: null };
    const token = await signJustifyLink(claims);
    const count = () => school.db.justification.count();
    const before = await count();
    const [head, body, signature] = token.split(".");
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), sub: String(student.id + 1) })).toString("base64url");
    for (const forged of [`${head}.${other}.${signature}`, `${token.slice(0, -2)}xx`, "not-a-token-at-all-really"]) {
      const res = await api.call("POST", `justify/${forged}`, { locale: "en", body: { reason: "Viaje", note: "x" } });
      expect(res.body).toMatchObject({ status: -401, msg: "This link is not valid. Ask the school for a new one." });
    }
    // A genuine link of another guardian's child: the guardian must be that student's.
    const stranger = await school.db.user.findFirstOrThrow({ where: { type: 1, dependants: { none: { studentId: student.id } } }, select: { id: true } });
    const bent = await signJustifyLink({ ...claims, guardianId: stranger.id });
    expect((await api.call("POST", `justify/${bent}`, { locale: "es", body: { reason: "Viaje", note: "x" } })).body.status).toBe(-401);
    // A guardian's own link, once they may no longer be told about the child: deactivated, or only an external contact.
    const link = { studentId: student.id, relativeId: claims.guardianId };
    const { userKind } = await school.db.kinship.findFirstOrThrow({ where: link, select: { userKind: true } });
    for (const [change, undo] of [
      [
        () => school.db.user.update({ where: { id: claims.guardianId }, data: { inactive: true } }),
        () => school.db.user.update({ where: { id: claims.guardianId }, data: { inactive: false } }),
      ],
      [() => school.db.kinship.updateMany({ where: link, data: { userKind: 3 } }), () => school.db.kinship.updateMany({ where: link, data: { userKind } })],
    ] as const) {
      await change();
      try {
        expect((await api.call("POST", `justify/${token}`, { locale: "es", body: { reason: "Viaje", note: "x" } })).body.status).toBe(-401);
      } finally {
        await undo();
      }
    }
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 8 * 86_400_000);
    try {
      const res = await api.call("GET", `justify/${token}`, { locale: "es" });
      expect(res.body).toMatchObject({ status: -410, msg: "Este enlace ha vencido. Pida uno nuevo al colegio." });
    } finally {
      vi.useRealTimers();
    }
    expect(await count()).toBe(before);
  });
});

describe("justifications (002 §7)", () => {
  it("the office enters one over several days; it covers the student's absences, lists under its filters, and is accepted, edited and deleted", async () => {
    const register = await teacherRegister("2026-06-16");
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const student = (await marksOf(register.ID))[2]!.userId;
    await post(`admAttendance/session/${register.ID}/status`, [{ userId: student, status: 3 }], teacher);
    const type = await school.db.attendanceType.create({ data: { name: "Falta justificada", type: 3 } });

    const bad = await post("attendance/absence", { userId: student, date: "2026-06-31", numOfDay: 0, reason: "Vacaciones", note: "" }, secretary, "en");
    expect(bad.body.status).toBe(-422);
    expect(Object.keys(bad.body.data.errors!).sort()).toEqual(["date", "note", "numOfDay", "reason"]);
    const wrongFile = await post(
      "attendance/absence",
      { userId: student, date: "2026-06-15", reason: "Salud", note: "Gripe", file: PNG, fileType: "pdf" },
      secretary,
      "es",
    );
    expect(wrongFile.body.data.errors!.file).toContain("pdf");
    const before = await school.db.justification.count();
    expect(before).toBeGreaterThanOrEqual(0);

    const created = await post<{ ID: number }>(
      "attendance/absence",
      { userId: student, date: "2026-06-15", numOfDay: 3, reason: "Salud", note: "Gripe", attendanceTypeId: type.id, file: PNG, fileType: "png" },
      secretary,
    );
    expect(created.body.status).toBe(0);
    const id = created.body.data.ID;
    const mark = () => school.db.attendanceMark.findFirstOrThrow({ where: { sessionId: register.ID, userId: student } });
    expect(await mark()).toMatchObject({ justification: 1, justificationId: id });

    const listed = (q: string) => get<{ Results: TJustificationAnswer[] }>(`admJustification/get/?PageSize=10000&from=2026-06-10&to=2026-06-20${q}`, secretary);
    expect((await listed("")).body.data.Results.map((j) => j.ID)).toContain(id);
    expect((await listed("&type=3&justify=1&justification=Salud")).body.data.Results.map((j) => j.ID)).toContain(id);
    expect((await listed("&type=1")).body.data.Results.map((j) => j.ID)).not.toContain(id);
    expect((await listed(`&sectionId=${register.sectionId}`)).body.data.Results.map((j) => j.ID)).toContain(id);
    expect((await listed("&justify=2")).body.data.Results.map((j) => j.ID)).not.toContain(id);

    const accepted = await post<TJustificationAnswer>(`admAttendance/0/justifications/${id}`, { status: 2, typeId: type.id }, secretary);
    expect(accepted.body.data.status).toBe(2);
    expect(await mark()).toMatchObject({ justification: 2, typeId: type.id });
    // Shortened to its first day: the mark of the 16th is no longer covered.
    const edited = await post<TJustificationAnswer>(
      `admJustification/edit/${id}`,
      { comment: "Gripe, un día", justification: "Salud", tillDate: "2026-06-15", doc: null },
      secretary,
    );
    expect(edited.body.data).toMatchObject({ kind: 2, tillDate: "2026-06-15", doc: null });
    expect(await mark()).toMatchObject({ justification: 0, justificationId: null });
    // Some hours: the office names the class (the register of that day is found, or made) rather than a register id.
    const hours = await post<{ ID: number }>(
      "attendance/absence",
      { userId: student, date: "2026-06-16", numOfDay: 1, partId: register.partId, reason: "Deporte", note: "Campeonato" },
      secretary,
    );
    const byHours = (await get<TJustificationAnswer>(`admJustification/get/${hours.body.data.ID}`, secretary)).body.data;
    expect(byHours).toMatchObject({ kind: 1, sessionId: register.ID, marks: 1 });
    const otherPart = await school.db.activityPart.findFirstOrThrow({ where: { sectionId: { not: register.sectionId! } }, select: { id: true } });
    const wrongPart = await post(
      "attendance/absence",
      { userId: student, date: "2026-06-16", partId: otherPart.id, reason: "Deporte", note: "x" },
      secretary,
      "en",
    );
    expect(wrongPart.body.data.errors!.partId).toContain("Course");
    await post(`admJustification/delete/${hours.body.data.ID}`, {}, secretary);
    const denied = await post<TJustificationAnswer>(`admAttendance/0/justifications/${id}`, { status: -1 }, secretary, "en");
    expect(denied.body.msg).toBe("Justification denied");
    // The teacher's module does not open the office's review.
    expect((await post(`admAttendance/0/justifications/${id}`, { status: 2 }, teacher)).body.status).toBe(-403);
    expect((await post(`admJustification/delete/${id}`, {}, secretary)).body.status).toBe(0);
    expect(await school.db.justification.count({ where: { id } })).toBe(0);
  });

  it("who is missing: today's registers not taken and the students absent now; a student's attendance summary", async () => {
    const register = await teacherRegister("2026-06-17");
    await post(`admAttendance/session/${register.ID}/init`, {}, teacher);
    const [present, absent] = (await marksOf(register.ID)).map((m) => m.userId);
    await post(
      `admAttendance/session/${register.ID}/status`,
      [
        { userId: present, status: 1 },
        { userId: absent, status: 3 },
      ],
      teacher,
    );
    const view = await get<TWhoIsMissingAnswer>("admAttendance/missing?dt=2026-06-17", secretary);
    expect(view.body.data.absent.map((a) => a.userId)).toContain(absent);
    expect(view.body.data.absent.map((a) => a.userId)).not.toContain(present);
    const sections = await school.db.section.count({ where: { superSection: { periodId: 202601 } } });
    // Every section's daily register is still to take, and this subject register has students pending.
    expect(view.body.data.registers.filter((r) => r.kind === "section")).toHaveLength(sections);
    expect(view.body.data.registers.find((r) => r.ID === register.ID)!.pending).toBeGreaterThan(0);
    expect((await get("admAttendance/missing?dt=2026-06-17", teacher)).body.status).toBe(-403);

    const summary = await get<TAttendanceSummary[]>(`admAttendance/summary/${absent}`, secretary);
    const period = summary.body.data.find((s) => s.periodId === 202601)!;
    expect(period.absent).toBeGreaterThanOrEqual(1);
    expect(period.absentPct).toBeGreaterThan(0);
    expect(period.presentPct + period.latePct + period.absentPct).toBeCloseTo(100, 0);
  });
});
