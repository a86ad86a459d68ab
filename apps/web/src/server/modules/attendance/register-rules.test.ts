import type { TAttendanceListAnswer, TAttendanceSession } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness, type CallResult, type DemoSchool } from "../../../test-support/harness.ts";
import { queueAlerts } from "./alerts.ts";
import { signJustifyLink } from "./link-token.ts";
import { ATTENDANCE_ROUTES } from "./routes.ts";

/**
 * Registers only where and when they make sense (001 §7, 002 §7): a register is opened for a school day of an open
 * period that has come, at the school's UTC-5; a group's register is marked by a teacher of the group or role 100; no
 * alert goes for a mark of a day to come; a justification of a closed period's days is refused like a mark. Each
 * rule is walked over every attendance route that opens a register or writes a mark, classified from the route table.
 */
const api = apiHarness({ school: true });
type Locale = "es" | "en";
type Refusal = { errors?: Record<string, string> };

const DAY_MS = 86_400_000;
/** A day of the demo's open 2026 period that has come, and one of its closed 2025 period. */
const DAY = "2026-06-15";
const CLOSED_DAY = "2025-06-16";
/** Tomorrow at the school's clock (UTC-5). */
const TOMORROW = new Date(Date.now() - 5 * 3_600_000 + DAY_MS).toISOString().slice(0, 10);
/** Days no register may be opened on: to come (tomorrow, far ahead), between the demo's two periods, before any. */
const FUTURE = [TOMORROW, "2099-01-05"];
const NOT_SCHOOL = ["2025-12-25", "1901-01-01", "2026-05-01"];
/** Each kind of day, in each language: the field's label and the day are named. */
const TEXT = {
  future: { es: "posterior a hoy", en: "after today" },
  notSchoolDay: { es: "no es un día lectivo", en: "not a school day" },
} as const;
const LABEL = { dt: { es: "Fecha", en: "Date" }, date: { es: "Desde", en: "From" } } as const;

/** The route table's attendance routes by what they write; a route added to the table must be placed here. */
const OPENS_REGISTERS = ["GET admAttendance", "GET admAttendance/{part}/sessions", "GET admAttendance/missing", "POST attendance/absence"];
const WRITES_MARKS = ["POST admAttendance/session/{id}/init", "POST admAttendance/session/{id}/status", "POST admAttendance/session/{id}/comment"];
/** Routes that change what marks say of their justification. */
const JUSTIFIES_MARKS = [
  "POST attendance/absence",
  "POST admJustification/edit/{id}",
  "POST admAttendance/0/justifications/{id}",
  "POST admJustification/delete/{id}",
  "POST justify/{token}",
];
const WRITES_NEITHER = [
  "GET admAttendance/summary/{userId}",
  "GET admAttendance/{part}/sessions/{id}/list",
  "GET admJustification/get",
  "GET admJustification/get/{id}",
  "POST admJustification/file",
  "GET justify/{token}",
];

let admin: string;
let teacher: string;
let secretary: string;
let school: DemoSchool;
/** A student group taught in the 2026 period by others than the demo teacher, and a second student group. */
let taught: { id: number; teachers: number[] };
let other: number;
/** A subject part the demo teacher teaches, its section and one of its students. */
let mine: { partId: number; sectionId: number; activityId: number; student: number };
let absentType: number;

const get = <T>(path: string, token: string, locale: Locale = "es") => api.call<T & Refusal>("GET", path, { token, locale });
const post = <T>(path: string, body: unknown, token: string, locale: Locale = "es") => api.call<T & Refusal>("POST", path, { token, body, locale });
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
const registers = () => school.db.attendanceSession.count();
const marksOf = (sessionId: number) => school.db.attendanceMark.findMany({ where: { sessionId }, orderBy: { userId: "asc" } });
const alertJobs = (markIds: number[]) =>
  api.db().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM pgboss.job WHERE name = 'attendance-alert' AND (data->>'markId')::int = ANY(${markIds})`.then((r) => Number(r[0]!.n));

/**
 * A group's register on `day` as the code before these rules left them (the probe's 2099-01-05 among them): opened by
 * the demo teacher, who became its teacher, and, when `started`, with the group's students pending.
 */
async function leftover(day: string, groupId: number, started: boolean): Promise<number> {
  const { id } = await school.db.attendanceSession.create({
    data: {
      day: dateOf(day),
      scope: `g:${groupId}`,
      groupId,
      masterId: school.teacherId,
      startedAt: started ? new Date() : null,
      startedBy: started ? school.teacherId : null,
    },
    select: { id: true },
  });
  if (started) {
    const members = await school.db.userGroupMember.findMany({ where: { groupId, user: { type: 2, inactive: false } }, select: { userId: true } });
    await school.db.attendanceMark.createMany({ data: members.map((m) => ({ sessionId: id, userId: m.userId })) });
  }
  return id;
}

beforeAll(async () => {
  ({ admin, teacher, secretary } = await api.tokens());
  school = await api.school();
  const subject = await school.db.activity.findFirstOrThrow({
    where: { periodId: 202601, groups: { isEmpty: false } },
    select: { groups: true, masters: { select: { userId: true } }, parts: { select: { masterId: true } } },
  });
  taught = { id: subject.groups[0]!, teachers: [...subject.masters.map((m) => m.userId), ...subject.parts.map((p) => p.masterId!)] };
  expect(taught.teachers).not.toContain(school.teacherId);
  const part = await school.db.activityPart.findFirstOrThrow({
    where: { masterId: school.teacherId, activity: { periodId: 202601 } },
    select: { id: true, sectionId: true, activityId: true, section: { select: { members: { where: { user: { type: 2, inactive: false } }, take: 1 } } } },
  });
  mine = { partId: part.id, sectionId: part.sectionId, activityId: part.activityId, student: part.section.members[0]!.userId };
  // A second student group, of some of the teacher's students.
  other = (await school.db.userGroup.create({ data: { name: "Coro", type: 1, staff: false }, select: { id: true } })).id;
  const singers = await school.db.sectionMember.findMany({ where: { sectionId: mine.sectionId, user: { type: 2, inactive: false } }, take: 5 });
  await school.db.userGroupMember.createMany({ data: singers.map((m) => ({ groupId: other, userId: m.userId })) });
  // Absences tell the family at once: any mark written below would queue its alert.
  const existing = await school.db.attendanceType.findFirst({ where: { type: 3 }, orderBy: { id: "asc" } });
  absentType = existing
    ? (await school.db.attendanceType.update({ where: { id: existing.id }, data: { notify: true, notifyDelay: 0 } })).id
    : (await school.db.attendanceType.create({ data: { name: "Falta", type: 3, notify: true, notifyDelay: 0 } })).id;
});

it("every attendance route is classified by what it writes", () => {
  const keys = ATTENDANCE_ROUTES.map((r) => `${r.method} ${r.path}`).sort();
  expect([...new Set([...OPENS_REGISTERS, ...WRITES_MARKS, ...JUSTIFIES_MARKS, ...WRITES_NEITHER])].sort()).toEqual(keys);
});

describe("a register is opened only for a school day of an open period that has come", () => {
  /** Every way a register is opened, by its route (each of OPENS_REGISTERS), and the field that carries the day. */
  const opens = (): { route: string; field: "dt" | "date"; call: (day: string, locale: Locale) => Promise<CallResult<Refusal>> }[] => [
    { route: "GET admAttendance", field: "dt", call: (d, l) => get(`admAttendance?dt=${d}&daily=false`, teacher, l) },
    { route: "GET admAttendance", field: "dt", call: (d, l) => get(`admAttendance?dt=${d}`, admin, l) },
    { route: "GET admAttendance", field: "dt", call: (d, l) => get(`admAttendance?dt=${d}&groupId=${taught.id}`, teacher, l) },
    { route: "GET admAttendance/{part}/sessions", field: "dt", call: (d, l) => get(`admAttendance/0/sessions?dt=${d}`, admin, l) },
    { route: "GET admAttendance/{part}/sessions", field: "dt", call: (d, l) => get(`admAttendance/${mine.partId}/sessions?dt=${d}`, teacher, l) },
    { route: "GET admAttendance/{part}/sessions", field: "dt", call: (d, l) => get(`admAttendance/0/sessions?dt=${d}&groupId=${other}`, admin, l) },
    { route: "GET admAttendance/missing", field: "dt", call: (d, l) => get(`admAttendance/missing?dt=${d}`, secretary, l) },
    ...[0, 1].map((which) => ({
      route: "POST attendance/absence",
      field: "date" as const,
      call: (d: string, l: Locale) =>
        post<Refusal>("attendance/absence", { userId: mine.student, date: d, partId: which ? mine.partId : 0, reason: "Salud", note: "Cita" }, secretary, l),
    })),
  ];

  it("each route names the day's field and opens nothing, in es and en", async () => {
    expect(new Set(opens().map((o) => o.route))).toEqual(new Set(OPENS_REGISTERS));
    const [before, justifications] = [await registers(), await school.db.justification.count()];
    for (const [kind, days] of [
      ["future", FUTURE],
      ["notSchoolDay", NOT_SCHOOL],
    ] as const) {
      for (const day of days) {
        for (const [i, probe] of opens().entries()) {
          const locale: Locale = i % 2 ? "en" : "es";
          const res = await probe.call(day, locale);
          const what = `${probe.route} #${i} on ${day}`;
          expect(res.body.status, what).toBe(-422);
          expect(res.body.data.errors?.[probe.field], what).toContain(day);
          expect(res.body.msg, what).toContain(LABEL[probe.field][locale]);
          expect(res.body.msg, what).toContain(TEXT[kind][locale]);
        }
      }
    }
    expect(await registers()).toBe(before);
    expect(await school.db.justification.count()).toBe(justifications);
  });

  it("a closed period's day lists the registers it has and opens no more", async () => {
    const before = await registers();
    const listed = await get<TAttendanceSession[]>(`admAttendance/0/sessions?dt=${CLOSED_DAY}`, admin);
    expect(listed.body.status).toBe(0);
    expect(listed.body.data).toEqual([]);
    expect((await get(`admAttendance/missing?dt=${CLOSED_DAY}`, secretary)).body.status).toBe(0);
    expect(await registers()).toBe(before);
  });
});

describe("a register of a day that is not a school day that has come is read-only for everyone", () => {
  it("init, status and comment are refused on each such day, writing no mark and queueing no alert", async () => {
    for (const [kind, days] of [
      ["future", FUTURE],
      ["notSchoolDay", NOT_SCHOOL.slice(0, 2)],
    ] as const) {
      for (const day of days) {
        const waiting = await leftover(day, other, false);
        const started = await leftover(day, taught.id, true);
        const before = await marksOf(started);
        const student = before[0]!.userId;
        const list = await get<TAttendanceListAnswer>(`admAttendance/0/sessions/${started}/list`, teacher);
        expect(list.body.data.readOnly, day).toBe(kind);
        const writes: [string, string, unknown][] = [
          ["POST admAttendance/session/{id}/init", `admAttendance/session/${waiting}/init`, {}],
          ["POST admAttendance/session/{id}/status", `admAttendance/session/${started}/status`, [{ userId: student, status: 3 }]],
          ["POST admAttendance/session/{id}/comment", `admAttendance/session/${started}/comment`, [{ userId: student, comment: "Llegó" }]],
        ];
        expect(writes.map((w) => w[0])).toEqual(WRITES_MARKS);
        for (const [route, path, body] of writes) {
          for (const token of [teacher, admin]) {
            const res = await post(path, body, token, "en");
            expect(res.body.status, `${route} on ${day}`).toBe(-403);
            expect(res.body.msg, `${route} on ${day}`).toBe(
              kind === "future"
                ? "This day has not come yet: its attendance cannot be taken."
                : "This day is not a school day (outside the school year's periods, or without classes): its attendance cannot be taken.",
            );
          }
        }
        expect((await school.db.attendanceSession.findUniqueOrThrow({ where: { id: waiting } })).startedAt).toBeNull();
        expect(await marksOf(waiting)).toHaveLength(0);
        const after = await marksOf(started);
        expect(after).toEqual(before);
        expect(await alertJobs(after.map((m) => m.id))).toBe(0);
      }
    }
  });

  it("queues no alert for a mark of a day to come, whatever path asks for it", async () => {
    const future = await leftover("2098-03-02", other, true);
    const [mark] = await marksOf(future);
    await school.db.attendanceMark.update({ where: { id: mark!.id }, data: { status: 3, typeId: absentType } });
    const markedAt = new Date().toISOString();
    const alert = { markId: mark!.id, status: 3, typeId: absentType, delayMinutes: 0, markedAt };
    await school.db.$transaction((tx) => queueAlerts(tx, [alert]));
    expect(await alertJobs([mark!.id])).toBe(0);
    // The same call for a mark of a day that has come queues its alert.
    const past = await leftover("2026-06-16", other, true);
    const [pastMark] = await marksOf(past);
    await school.db.attendanceMark.update({ where: { id: pastMark!.id }, data: { status: 3, typeId: absentType } });
    await school.db.$transaction((tx) => queueAlerts(tx, [alert, { ...alert, markId: pastMark!.id }]));
    expect(await alertJobs([mark!.id])).toBe(0);
    expect(await alertJobs([pastMark!.id])).toBe(1);
  });
});

describe("a group's register is marked by a teacher of the group or role 100", () => {
  it("a teacher who does not teach the group may list it, not start or mark it; the administrator may", async () => {
    const [register] = (await get<TAttendanceSession[]>(`admAttendance?dt=${DAY}&groupId=${taught.id}`, teacher)).body.data;
    expect(register).toMatchObject({ kind: "group", groupId: taught.id });
    // Whoever opens it first does not become its teacher.
    expect(register!.masterId).not.toBe(school.teacherId);
    expect(taught.teachers).toContain(register!.masterId);
    const list = await get<TAttendanceListAnswer>(`admAttendance/0/sessions/${register!.ID}/list`, teacher);
    expect(list.body.data.readOnly).toBe("notYours");
    const refused = await post(`admAttendance/session/${register!.ID}/init`, {}, teacher, "en");
    expect(refused.body).toMatchObject({ status: -403, msg: "Only this class's teacher can take its attendance." });
    expect(await marksOf(register!.ID)).toHaveLength(0);
    expect((await post(`admAttendance/session/${register!.ID}/init`, {}, admin)).body.status).toBe(0);
    const before = await marksOf(register!.ID);
    const student = before[0]!.userId;
    for (const [path, body] of [
      [`admAttendance/session/${register!.ID}/status`, [{ userId: student, status: 3 }]],
      [`admAttendance/session/${register!.ID}/comment`, [{ userId: student, comment: "Llegó" }]],
    ] as const) {
      const res = await post(path, body, teacher, "es");
      expect(res.body).toMatchObject({ status: -403, msg: "Solo el docente de esta clase puede tomar su asistencia." });
    }
    expect(await marksOf(register!.ID)).toEqual(before);
    expect(await alertJobs(before.map((m) => m.id))).toBe(0);
  });

  it("a teacher of a subject taught to the group takes its register, and an absence tells the family", async () => {
    await school.db.activity.update({ where: { id: mine.activityId }, data: { groups: { push: other } } });
    const [register] = (await get<TAttendanceSession[]>(`admAttendance/0/sessions?dt=2026-06-17&groupId=${other}`, teacher)).body.data;
    expect(register!.masterId).toBe(school.teacherId);
    expect((await get<TAttendanceListAnswer>(`admAttendance/0/sessions/${register!.ID}/list`, teacher)).body.data.readOnly).toBeNull();
    expect((await post(`admAttendance/session/${register!.ID}/init`, {}, teacher)).body.status).toBe(0);
    const [first] = await marksOf(register!.ID);
    expect((await post(`admAttendance/session/${register!.ID}/status`, [{ userId: first!.userId, status: 3 }], teacher)).body.status).toBe(0);
    expect(await alertJobs([first!.id])).toBe(1);
  });
});

describe("a justification of a closed period's days is refused like a mark", () => {
  const CLOSED = "El periodo de este día está cerrado: la asistencia solo se puede consultar.";

  it("the office's new one (one day, or days that reach into the closed period) and the family's link", async () => {
    const before = await school.db.justification.count();
    for (const [date, numOfDay] of [
      [CLOSED_DAY, 1],
      ["2025-12-18", 3],
    ] as const) {
      const res = await post("attendance/absence", { userId: mine.student, date, numOfDay, reason: "Salud", note: "Gripe" }, secretary);
      expect(res.body, date).toMatchObject({ status: -403, msg: CLOSED });
    }
    const family = await school.db.kinship.findFirstOrThrow({ select: { studentId: true, relativeId: true } });
    const token = await signJustifyLink({
      tenantId: school.tenantId,
      studentId: family.studentId,
      guardianId: family.relativeId,
      from: CLOSED_DAY,
      to: CLOSED_DAY,
      sessionId: null,
    });
    const link = await api.call("POST", `justify/${token}`, { locale: "es", body: { reason: "Salud", note: "Fiebre" } });
    expect(link.body).toMatchObject({ status: -403, msg: CLOSED });
    expect(await school.db.justification.count()).toBe(before);
  });

  it("one already in for those days is not edited, reviewed or deleted", async () => {
    const j = await school.db.justification.create({
      data: {
        userId: mine.student,
        kind: 2,
        date: dateOf(CLOSED_DAY),
        tillDate: dateOf(CLOSED_DAY),
        reason: "Salud",
        comment: "Gripe",
        status: 1,
        via: "staff",
      },
    });
    for (const [path, body] of [
      [`admJustification/edit/${j.id}`, { comment: "Otra", justification: "Salud", tillDate: CLOSED_DAY }],
      [`admAttendance/0/justifications/${j.id}`, { status: 2 }],
      [`admJustification/delete/${j.id}`, {}],
    ] as const) {
      const res = await post(path, body, secretary);
      expect(res.body, path).toMatchObject({ status: -403, msg: CLOSED });
    }
    expect(await school.db.justification.findUniqueOrThrow({ where: { id: j.id } })).toEqual(j);
  });
});
