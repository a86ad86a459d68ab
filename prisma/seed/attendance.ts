// A month of attendance in a demo school: the registers of its last school days, some absences and
// late arrivals, and the justifications families and the office sent for a few of them, so that the attendance screens,
// the student's summary and the justification list have something to show on the first sign-in.
import { type Db, forTenant, insertRows, type TenantDb } from "@pizarra/db";
import {
  ATTENDANCE_STATUS,
  JUSTIFICATION_DEFAULT_DAYS,
  JUSTIFICATION_KIND,
  JUSTIFICATION_REASONS,
  JUSTIFICATION_STATUS,
  MARK_JUSTIFICATION,
} from "../../packages/contracts/src/attendance/vocabulary.ts";
import { unit } from "../../packages/db/src/seed/grades.ts";

/** School days with registers: the last 22 (Monday to Friday, none the calendar closes), ending yesterday. */
const SCHOOL_DAYS = 22;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The spec's fixed UTC-5: a school day is a day there, and 07:50 there is 12:50 UTC. */
const OFFSET = 5 * 60 * MINUTE;
const STUDENT = 2;
const { present: PRESENT, late: LATE, absent: ABSENT } = ATTENDANCE_STATUS;
/** Shares of student-days: absent, then late to the daily register; late to one lesson of a day otherwise present. */
const ABSENT_SHARE = 0.04;
const LATE_SHARE = 0.05;
const LATE_TO_LESSON_SHARE = 0.02;
const { pending: PENDING, accepted: ACCEPTED, denied: DENIED } = JUSTIFICATION_STATUS;
/** What a justification in each status says of the marks it covers. */
const MARK_STATE = { [PENDING]: MARK_JUSTIFICATION.received, [ACCEPTED]: MARK_JUSTIFICATION.accepted, [DENIED]: MARK_JUSTIFICATION.rejected };

type Reason = (typeof JUSTIFICATION_REASONS)[number];

const TEXTS = {
  es: {
    types: { late: "Tardanza", absent: "Falta", excusedLate: "Tardanza justificada", excusedAbsent: "Falta justificada" },
    arrived: (time: string) => `Llegó a las ${time}.`,
    notes: {
      Salud: ["Tuvo fiebre y se quedó en casa; adjuntamos la indicación del pediatra.", "Cita con el dentista a primera hora."],
      Familiar: ["Viajó con la familia al matrimonio de su tía en Trujillo.", "Acompañó a su hermano menor al nido."],
      Deporte: ["Representó al colegio en el campeonato interescolar de vóley.", "Entrenamiento de la selección de natación."],
      Personal: ["Trámite de su DNI en la RENIEC.", "Se quedó sin movilidad escolar."],
      Viaje: ["Viaje familiar a Cusco.", "Regresó de viaje en el vuelo de la mañana."],
    } satisfies Record<Reason, [string, string]>,
    illness: "Gripe: tres días de descanso médico indicados por el pediatra.",
  },
  en: {
    types: { late: "Late", absent: "Absence", excusedLate: "Excused lateness", excusedAbsent: "Excused absence" },
    arrived: (time: string) => `Arrived at ${time}.`,
    notes: {
      Salud: ["Had a fever and stayed at home; the GP's note is attached.", "Dentist appointment first thing."],
      Familiar: ["Away with the family at her aunt's wedding in York.", "Took his little brother to nursery."],
      Deporte: ["Played for the school at the inter-school volleyball tournament.", "Swimming squad training."],
      Personal: ["Passport appointment.", "Missed the school bus."],
      Viaje: ["Family trip to the Highlands.", "Back from a trip on the morning flight."],
    } satisfies Record<Reason, [string, string]>,
    illness: "Flu: three days' rest on the doctor's advice.",
  },
} as const;

interface Register {
  id: number;
  day: string;
  sectionId: number;
  partId: number | null;
  masterId: number | null;
  startedAt: Date;
}
/** A type, not an interface: insertRows takes plain records. */
type Mark = {
  sessionId: number;
  userId: number;
  status: number;
  typeId: number | null;
  justification: number;
  justificationId: number | null;
  comment: string | null;
  markedAt: Date;
  markedBy: number | null;
  updatedAt: Date;
};
/** A justification to write: the marks it covers and what it says of them. */
interface Excuse {
  userId: number;
  kind: (typeof JUSTIFICATION_KIND)[keyof typeof JUSTIFICATION_KIND];
  days: string[];
  sessionId: number | null;
  reason: Reason;
  note: string;
  status: typeof PENDING | typeof ACCEPTED | typeof DENIED;
  viaLink: boolean;
  marks: Mark[];
}

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
/** A local time (UTC-5) of a school day as the instant it is stored as. */
const at = (day: string, minutes: number) => new Date(dateOf(day).getTime() + OFFSET + minutes * MINUTE);
const clock = (date: Date) => new Date(date.getTime() - OFFSET).toISOString().slice(11, 16);
const dayNumber = (day: string) => dateOf(day).getTime() / DAY;
/** Today at UTC-5. */
const localToday = (now: Date) => new Date(now.getTime() - OFFSET).toISOString().slice(0, 10);

/** The last SCHOOL_DAYS weekdays before today (UTC-5) inside the period, skipping the calendar's days without classes. */
function schoolDays(now: Date, period: { from: Date; to: Date }, closed: { from: Date; to: Date }[]): string[] {
  const days: string[] = [];
  const today = dateOf(localToday(now)).getTime();
  for (let d = today - DAY; d >= period.from.getTime() && days.length < SCHOOL_DAYS; d -= DAY) {
    const weekday = new Date(d).getUTCDay();
    const noon = new Date(d + OFFSET + 12 * 60 * MINUTE);
    if (d > period.to.getTime() || weekday === 0 || weekday === 6 || closed.some((c) => c.from <= noon && c.to >= noon)) continue;
    days.push(new Date(d).toISOString().slice(0, 10));
  }
  return days.reverse();
}

/**
 * The types marks are recorded as: for each status the first of the school's types (as the register records a mark),
 * and for late and absent the excused one an accepted justification turns them into; those missing are made.
 */
async function attendanceTypes(t: TenantDb, names: (typeof TEXTS)[keyof typeof TEXTS]["types"]) {
  const wanted = [
    { type: LATE, name: names.late, notify: false, notifyDelay: 0, excused: false },
    { type: ABSENT, name: names.absent, notify: true, notifyDelay: 15, excused: false },
    { type: LATE, name: names.excusedLate, notify: false, notifyDelay: 0, excused: true },
    { type: ABSENT, name: names.excusedAbsent, notify: false, notifyDelay: 0, excused: true },
  ];
  const find = async () => {
    const types = await t.attendanceType.findMany({ orderBy: { id: "asc" }, select: { id: true, type: true, notify: true } });
    const first = (status: number) => types.find((x) => x.type === status);
    const excused = (status: number) => types.find((x) => x.type === status && !x.notify && x.id !== first(status)?.id);
    return { first, excused };
  };
  const found = await find();
  const missing = wanted.filter((w) => !(w.excused ? found.excused(w.type) : found.first(w.type)));
  if (missing.length) await t.attendanceType.createMany({ data: missing.map(({ excused: _, ...w }) => w) });
  const { first, excused } = missing.length ? await find() : found;
  return {
    byStatus: (status: number) => first(status)?.id ?? null,
    excused: (status: number) => excused(status)?.id ?? null,
  };
}

/** Sections without a tutor get the teacher of their first subject: the daily register is the tutor's. */
async function tutors<S extends { id: number; owner: number | null; parts: { masterId: number | null }[] }>(t: TenantDb, sections: S[]): Promise<S[]> {
  const assigned = sections.flatMap((s) => (s.owner === null && s.parts[0]?.masterId ? [{ id: s.id, owner: s.parts[0].masterId }] : []));
  await t.$transaction(assigned.map((s) => t.section.update({ where: { id: s.id }, data: { owner: s.owner } })));
  return sections.map((s) => ({ ...s, owner: s.owner ?? assigned.find((a) => a.id === s.id)?.owner ?? null }));
}

/**
 * The justifications: one several-day illness (a student absent three days running, accepted), one for the hours of a
 * lesson the student arrived late to (accepted), and `count` more for single days: the recent ones pending (two sent
 * through the alert's link by a guardian), two recent ones accepted, the older ones accepted but one denied. Each covers
 * the student's late and absent marks of its days, or of its one register (as the server's applyToMarks does).
 */
function chooseExcuses(
  marks: Mark[],
  registers: Map<number, Register>,
  today: string,
  illness: { userId: number; days: string[] } | null,
  count: number,
  notes: Record<Reason, readonly [string, string]>,
  illnessNote: string,
  tenantId: number,
): Excuse[] {
  const dayOf = (m: Mark) => registers.get(m.sessionId)!.day;
  const excusable = marks.filter((m) => m.status === LATE || m.status === ABSENT);
  const excuses: Excuse[] = [];
  const add = (e: Omit<Excuse, "marks">) =>
    excuses.push({
      ...e,
      marks: excusable.filter((m) => m.userId === e.userId && (e.sessionId !== null ? m.sessionId === e.sessionId : e.days.includes(dayOf(m)))),
    });
  const staff = { viaLink: false, status: ACCEPTED } as const;
  if (illness)
    add({ ...staff, userId: illness.userId, kind: JUSTIFICATION_KIND.days, days: illness.days, sessionId: null, reason: "Salud", note: illnessNote });
  const lesson = excusable.find((m) => m.status === LATE && registers.get(m.sessionId)!.partId !== null && m.userId !== illness?.userId);
  if (lesson)
    add({
      ...staff,
      userId: lesson.userId,
      kind: JUSTIFICATION_KIND.hours,
      days: [dayOf(lesson)],
      sessionId: lesson.sessionId,
      reason: "Salud",
      note: notes.Salud[1],
    });

  // The rest: daily-register marks in a fixed shuffled order, a student excused once. The list opens on its last six
  // days (002 §6), so what waits for the office falls inside them.
  const taken = new Set(excuses.map((e) => e.userId));
  const recent = (day: string) => dayNumber(today) - dayNumber(day) <= JUSTIFICATION_DEFAULT_DAYS;
  const candidates = excusable
    .filter((m) => registers.get(m.sessionId)!.partId === null)
    .sort((a, b) => unit(tenantId, a.userId, dayNumber(dayOf(a)), 7) - unit(tenantId, b.userId, dayNumber(dayOf(b)), 7));
  const pick = (fromRecent: boolean) => {
    const m = candidates.find((c) => recent(dayOf(c)) === fromRecent && !taken.has(c.userId));
    if (m) taken.add(m.userId);
    return m;
  };
  const pending = Math.ceil(count * 0.45);
  for (let i = 0; i < count; i++) {
    const fromRecent = i < pending + 2;
    const m = pick(fromRecent) ?? pick(!fromRecent);
    if (!m) break;
    const reason = JUSTIFICATION_REASONS[i % JUSTIFICATION_REASONS.length]!;
    add({
      userId: m.userId,
      kind: JUSTIFICATION_KIND.day,
      days: [dayOf(m)],
      sessionId: null,
      reason,
      note: notes[reason][m.status === LATE ? 1 : 0],
      status: i < pending ? PENDING : i === count - 1 ? DENIED : ACCEPTED,
      viaLink: i < 2,
    });
  }
  return excuses;
}

export interface AttendanceOptions {
  /** The demo teacher's account: the registers of their subjects are taken too. */
  teacherEmail?: string;
  /** The office's account, who enters and reviews justifications (the school's administrator when absent). */
  officeEmail?: string;
  /** Single-day justifications besides the illness and the lesson (about a dozen in all for the big demo school). */
  justifications: number;
  now?: Date;
}

/**
 * A month of registers of one demo school: every section's daily register (taken by its tutor) and the registers of
 * the demo teacher's subjects, each school day of the last 22 up to yesterday; today's are left for the demo user to
 * take. Students are present, late (about 5 % of days) or absent (about 4 %, from every register of that day), from
 * fixed hashes so that every seed makes the same month. Some absences and late arrivals get justifications (pending,
 * accepted or denied, some from a guardian through the alert's link), and their marks say so.
 */
export async function seedAttendance(db: Db, tenantId: number, options: AttendanceOptions) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const texts = TEXTS[tenant.defaultLocale === "en" ? "en" : "es"];
  const none = { registers: 0, marks: 0, justifications: 0 };
  const period = await t.period.findFirst({ where: { current: true }, select: { from: true, to: true } });
  if (!period) return none;
  const closed = await t.calendarDate.findMany({ where: { noClasses: true, inactive: false }, select: { from: true, to: true } });
  const now = options.now ?? new Date();
  const days = schoolDays(now, period, closed);
  if (days.length === 0) return none;

  const userOf = async (email: string | undefined) => {
    const account = email ? await db.account.findUnique({ where: { email }, select: { id: true } }) : null;
    return account ? await t.user.findFirst({ where: { accountId: account.id }, select: { id: true, name: true, last: true } }) : null;
  };
  const teacher = await userOf(options.teacherEmail);
  const office =
    (await userOf(options.officeEmail)) ??
    (await t.user.findFirst({ where: { roleCode: 100 }, orderBy: { id: "asc" }, select: { id: true, name: true, last: true } }));
  const types = await attendanceTypes(t, texts.types);
  const sections = await tutors(
    t,
    await t.section.findMany({
      where: { superSection: { period: { current: true } } },
      orderBy: { id: "asc" },
      select: {
        id: true,
        owner: true,
        parts: { orderBy: { id: "asc" }, select: { id: true, masterId: true } },
        members: { where: { user: { type: STUDENT, inactive: false } }, orderBy: { userId: "asc" }, select: { userId: true } },
      },
    }),
  );
  const students = new Map(sections.map((s) => [s.id, s.members.map((m) => m.userId)]));
  const taught = teacher ? sections.flatMap((s) => s.parts.filter((p) => p.masterId === teacher.id).map((p) => ({ ...p, sectionId: s.id }))) : [];

  // Registers: the daily one at 07:50, the teacher's subjects one lesson after another from 08:00.
  const created = await t.attendanceSession.createManyAndReturn({
    data: days.flatMap((day) => [
      ...sections.map((s) => ({
        day: dateOf(day),
        scope: `s:${s.id}`,
        sectionId: s.id,
        masterId: s.owner,
        startedAt: at(day, 7 * 60 + 50),
        startedBy: s.owner,
      })),
      ...taught.map((p, k) => ({
        day: dateOf(day),
        scope: `p:${p.id}`,
        sectionId: p.sectionId,
        partId: p.id,
        masterId: p.masterId,
        startedAt: at(day, 8 * 60 + 45 * (k % 8)),
        startedBy: p.masterId,
      })),
    ]),
    select: { id: true, day: true, sectionId: true, partId: true, masterId: true, startedAt: true },
  });
  const registers = new Map(
    created.map((r): [number, Register] => [r.id, { ...r, day: r.day.toISOString().slice(0, 10), sectionId: r.sectionId!, startedAt: r.startedAt! }]),
  );

  // One student of the teacher's first class (else of the first section) is ill three school days running, a week ago.
  const ill = students.get(taught[0]?.sectionId ?? sections[0]!.id)?.[0];
  const illness = ill !== undefined && days.length >= 10 ? { userId: ill, days: days.slice(-10, -7) } : null;
  const dayStatus = (userId: number, day: string) => {
    if (illness?.userId === userId && illness.days.includes(day)) return ABSENT;
    const u = unit(tenantId, userId, dayNumber(day));
    return u < ABSENT_SHARE ? ABSENT : u < ABSENT_SHARE + LATE_SHARE ? LATE : PRESENT;
  };
  const marks: Mark[] = [...registers.values()].flatMap((r) =>
    (students.get(r.sectionId) ?? []).map((userId) => {
      const daily = dayStatus(userId, r.day);
      const status =
        r.partId === null ? daily : daily === ABSENT ? ABSENT : unit(tenantId, userId, dayNumber(r.day), r.partId) < LATE_TO_LESSON_SHARE ? LATE : PRESENT;
      const markedAt = new Date(r.startedAt.getTime() + (status === LATE ? 15 + Math.floor(unit(userId, r.id) * 20) : 3) * MINUTE);
      const comment = r.partId === null && status === LATE && unit(userId, r.id, 1) < 0.4 ? texts.arrived(clock(markedAt)) : null;
      return {
        sessionId: r.id,
        userId,
        status,
        typeId: types.byStatus(status),
        justification: 0,
        justificationId: null,
        comment,
        markedAt,
        markedBy: r.masterId,
        updatedAt: markedAt,
      };
    }),
  );

  const excuses = chooseExcuses(marks, registers, localToday(now), illness, options.justifications, texts.notes, texts.illness, tenantId);
  const guardians = await t.kinship.findMany({
    where: { studentId: { in: excuses.filter((e) => e.viaLink).map((e) => e.userId) } },
    orderBy: [{ userKind: "asc" }, { relativeId: "asc" }],
    select: { studentId: true, relative: { select: { name: true, last: true, mail: true, cel: true } } },
  });
  const officeName = office ? [office.name, office.last].filter(Boolean).join(" ") : null;
  const notAfterNow = (date: Date) => new Date(Math.min(date.getTime(), now.getTime()));
  const saved = await t.justification.createManyAndReturn({
    data: excuses.map((e) => {
      const first = e.days[0]!;
      const last = e.days.at(-1)!;
      const guardian = e.viaLink ? guardians.find((g) => g.studentId === e.userId)?.relative : undefined;
      const status = e.marks.find((m) => m.status === ABSENT) ? ABSENT : LATE;
      // A guardian answers the alert the same afternoon; the office enters an excuse and reviews it the next morning.
      const createdAt = notAfterNow(e.viaLink ? at(first, 16 * 60 + 20) : at(last, 24 * 60 + 8 * 60 + 30));
      return {
        userId: e.userId,
        attendanceTypeId: e.viaLink ? null : types.excused(status),
        kind: e.kind,
        date: dateOf(first),
        tillDate: dateOf(last),
        sessionId: e.sessionId,
        reason: e.reason,
        comment: e.note,
        status: e.status,
        via: e.viaLink ? "link" : "staff",
        createdBy: e.viaLink ? null : (office?.id ?? null),
        createdByName: e.viaLink ? (guardian ? [guardian.name, guardian.last].filter(Boolean).join(" ") : null) : officeName,
        createdByEmail: e.viaLink ? (guardian?.mail ?? null) : null,
        createdByPhone: e.viaLink ? (guardian?.cel ?? null) : null,
        reviewedBy: e.status === PENDING ? null : (office?.id ?? null),
        reviewedAt: e.status === PENDING ? null : notAfterNow(new Date(createdAt.getTime() + 45 * MINUTE)),
        createdAt,
      };
    }),
    select: { id: true },
  });
  excuses.forEach((e, i) => {
    for (const m of e.marks) {
      m.justification = MARK_STATE[e.status];
      m.justificationId = saved[i]!.id;
      if (e.status === ACCEPTED) m.typeId = types.excused(m.status) ?? m.typeId;
    }
  });
  // Prisma's createMany compiles a statement per row; insertRows sends the month as one parameter.
  await insertRows(t, "AttendanceMark", marks);
  return { registers: registers.size, marks: marks.length, justifications: saved.length };
}
