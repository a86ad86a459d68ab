import {
  ATTENDANCE_STATUS,
  JUSTIFIABLE_STATUSES,
  JUSTIFICATION_KIND,
  JUSTIFICATION_STATUS,
  MARK_JUSTIFICATION,
  type TAttendanceCommentInput,
  type TAttendanceListAnswer,
  type TAttendanceMarkInput,
  type TAttendanceReadOnly,
  type TAttendanceRow,
  type TAttendanceSavedAnswer,
  type TAttendanceStatus,
} from "@pizarra/contracts";
import { insertRows, type Prisma, type TenantDb, type TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fileUrl } from "../../storage/storage.ts";
import { queueAlerts } from "./alerts.ts";
import { groupTeachers, isAdmin, REGISTER_SELECT, type Register, registersOf, SESSION_SELECT, STUDENT } from "./registers.ts";
import { dayRefusal } from "./school-day.ts";

type Db = TenantDb | TenantTx;

type Session = Prisma.AttendanceSessionGetPayload<{ select: typeof SESSION_SELECT }>;

/** A register read by `read`, or 404. */
async function found<T>(read: Promise<T | null>): Promise<T> {
  const row = await read;
  if (!row) throw notFound();
  return row;
}

/** The register's own row (a save's): what its rights need beyond it is read only when asked. */
const sessionOf = (db: Db, id: number): Promise<Session> => found(db.attendanceSession.findFirst({ where: { id }, select: SESSION_SELECT }));
/** The register's row and what names it, in one statement (a list's). */
const registerOf = (db: Db, id: number): Promise<Register> => found(db.attendanceSession.findFirst({ where: { id }, select: REGISTER_SELECT }));

/** The students a register is for: its section's, or its group's, active students. */
const rosterWhere = (s: { sectionId: number | null; groupId: number | null }): Prisma.UserWhereInput => ({
  type: STUDENT,
  inactive: false,
  ...(s.groupId !== null ? { memberships: { some: { groupId: s.groupId } } } : { sections: { some: { sectionId: s.sectionId ?? -1 } } }),
});

/**
 * Why the caller may not change this register's marks, or null. For everyone: a closed period is read-only (as its
 * grades are: the section's period, or the day's), and so is a day that has not come or is no school day (a register
 * left from before these rules, or a day the calendar or the periods have since taken away). Otherwise role 100 may
 * mark; a group's register, a teacher of the group (whoever opened it first is not its teacher for that); any other,
 * the register's teacher, the section's tutor or a teacher of the part's subject.
 */
async function readOnlyReason(db: Db, ctx: AuthedContext, s: Session): Promise<TAttendanceReadOnly> {
  const [closedSection, day] = await Promise.all([
    s.sectionId !== null ? db.period.count({ where: { closed: true, superSections: { some: { sections: { some: { id: s.sectionId } } } } } }) : 0,
    dayRefusal(db, s.day),
  ]);
  if (closedSection > 0) return "closed";
  if (day) return day;
  if (isAdmin(ctx)) return null;
  if (s.groupId !== null) return (await groupTeachers(db, s.groupId, s.day)).includes(ctx.user.id) ? null : "notYours";
  if (s.masterId === ctx.user.id) return null;
  if (s.sectionId !== null && (await db.section.count({ where: { id: s.sectionId, owner: ctx.user.id } }))) return null;
  if (s.partId !== null && (await db.activityMaster.count({ where: { activity: { parts: { some: { id: s.partId } } }, userId: ctx.user.id } }))) return null;
  return "notYours";
}

const REFUSAL = {
  closed: "attendanceApi.closed",
  future: "attendanceApi.future",
  notSchoolDay: "attendanceApi.notSchoolDay",
  notYours: "attendanceApi.notYourRegister",
} as const;

function refuseReadOnly(reason: TAttendanceReadOnly): void {
  if (reason) throw new AppError(-403, REFUSAL[reason], 403);
}

const PERSON_SELECT = { id: true, name: true, last: true, last2: true, face: true } as const;
type Person = Prisma.UserGetPayload<{ select: typeof PERSON_SELECT }>;
type Marked = { status: number; comment: string | null; justification: number; typeId: number | null };

/** 001 §3 "Attendance row": a student and their mark (none yet: pending). */
const rowOf = (u: Person, mark: Marked | undefined): TAttendanceRow => ({
  id: u.id,
  name: u.name,
  last: u.last,
  last2: u.last2,
  status: (mark?.status ?? ATTENDANCE_STATUS.pending) as TAttendanceStatus,
  comment: mark?.comment ?? null,
  justifType: mark?.justification ?? MARK_JUSTIFICATION.notReceived,
  typeId: mark?.typeId ?? null,
  img: fileUrl(u.face),
});

/** The register's rows in surname order: its students, and anyone marked in it who has left the roster since. */
async function rowsOf(db: Db, s: { id: number; sectionId: number | null; groupId: number | null }): Promise<TAttendanceRow[]> {
  // The ids first (two index scans), then the people: one query with both as OR'd EXISTS reads the whole school.
  const [roster, marked] = await Promise.all([
    db.user.findMany({ where: rosterWhere(s), select: { id: true } }).then((us) => us.map((u) => u.id)),
    db.attendanceMark.findMany({ where: { sessionId: s.id }, select: { userId: true } }).then((ms) => ms.map((m) => m.userId)),
  ]);
  const users = await db.user.findMany({
    where: { id: { in: [...new Set([...roster, ...marked])] } },
    select: {
      ...PERSON_SELECT,
      attendanceMarks: {
        where: { sessionId: s.id },
        select: { status: true, comment: true, justification: true, typeId: true },
      },
    },
    orderBy: [{ last: "asc" }, { last2: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  return users.map((u) => rowOf(u, u.attendanceMarks[0]));
}

async function listOf(db: Db, ctx: AuthedContext, s: Register): Promise<TAttendanceListAnswer> {
  const [[session], rows, readOnly] = await Promise.all([registersOf(db, [s], ctx.user.givenNamesFirst), rowsOf(db, s), readOnlyReason(db, ctx, s)]);
  return { session: session!, rows, readOnly };
}

/** GET admAttendance/{part}/sessions/{id}/list (001 §7). */
export async function listRegister(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TAttendanceListAnswer>> {
  return { data: await listOf(ctx.db, ctx, await registerOf(ctx.db, ctx.params.id)) };
}

/**
 * POST admAttendance/session/{id}/init (001 §2, §7): starts the register; each student then on its roster gets a
 * pending mark, so the register keeps who was in the class that day. Starting it again changes nothing.
 */
export async function initRegister(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TAttendanceListAnswer>> {
  const data = await ctx.db.$transaction(async (tx) => {
    const s = await registerOf(tx, ctx.params.id);
    refuseReadOnly(await readOnlyReason(tx, ctx, s));
    if (!s.startedAt) {
      const started = await tx.attendanceSession.updateMany({ where: { id: s.id, startedAt: null }, data: { startedAt: new Date(), startedBy: ctx.user.id } });
      if (started.count) {
        const roster = await tx.user.findMany({ where: rosterWhere(s), select: { id: true } });
        await tx.attendanceMark.createMany({ data: roster.map((u) => ({ sessionId: s.id, userId: u.id })), skipDuplicates: true });
      }
    }
    // Started here or by someone else meanwhile: the row as it now is.
    return listOf(tx, ctx, s.startedAt ? s : await registerOf(tx, s.id));
  });
  return { data, msgKey: "attendanceApi.started" };
}

type AttendanceKind = { id: number; notify: boolean; notifyDelay: number };

/** The school's attendance types by id, and the first of each status: a mark of that status is recorded as it. */
async function attendanceTypes(db: Db): Promise<{ byId: Map<number, AttendanceKind>; byStatus: Map<number, AttendanceKind> }> {
  const types = await db.attendanceType.findMany({ orderBy: { id: "asc" }, select: { id: true, type: true, notify: true, notifyDelay: true } });
  const byStatus = new Map<number, AttendanceKind>();
  for (const t of types) if (!byStatus.has(t.type)) byStatus.set(t.type, t);
  return { byId: new Map(types.map((t) => [t.id, t])), byStatus };
}

/**
 * The justifications already in (pending or accepted) that cover these students on the register's day: a student
 * excused in advance (a trip, an appointment) is marked absent with the excuse already attached.
 */
async function coveringJustifications(db: Db, s: Session, userIds: number[]) {
  const found = await db.justification.findMany({
    where: {
      userId: { in: userIds },
      status: { in: [JUSTIFICATION_STATUS.pending, JUSTIFICATION_STATUS.accepted] },
      date: { lte: s.day },
      tillDate: { gte: s.day },
      OR: [{ kind: { not: JUSTIFICATION_KIND.hours } }, { sessionId: s.id }],
    },
    orderBy: { id: "desc" },
    select: { id: true, userId: true, status: true, attendanceTypeId: true },
  });
  return new Map(found.reverse().map((j) => [j.userId, j]));
}

interface Change {
  userId: number;
  /** undefined: leave the status as it is (a comment alone). */
  status?: TAttendanceStatus;
  /** undefined: leave the comment as it is. */
  comment: string | null | undefined;
}

/** What a save has read and checked before its transaction. */
interface Checked {
  session: Session;
  people: Map<number, Person>;
  types: Awaited<ReturnType<typeof attendanceTypes>>;
  excuses: Awaited<ReturnType<typeof coveringJustifications>>;
}

/**
 * What a save must pass, and what it writes from, read before its transaction, side by side on the pool: the register
 * and who may mark it, that each student is on it (its roster, or marked in it before leaving), the school's types and
 * the excuses in. None of it is a mark, which the transaction reads.
 */
async function checkSave(ctx: AuthedContext, id: number, changes: Change[]): Promise<Checked> {
  const session = await sessionOf(ctx.db, id);
  const ids = [...new Set(changes.map((c) => c.userId))];
  const [reason, onRoster, types, excuses] = await Promise.all([
    readOnlyReason(ctx.db, ctx, session),
    ctx.db.user.findMany({
      where: { id: { in: ids }, OR: [rosterWhere(session), { attendanceMarks: { some: { sessionId: session.id } } }] },
      select: PERSON_SELECT,
    }),
    attendanceTypes(ctx.db),
    coveringJustifications(ctx.db, session, ids),
  ]);
  refuseReadOnly(reason);
  if (!session.startedAt) throw new AppError(-409, "attendanceApi.notStarted", 409);
  const people = new Map(onRoster.map((u) => [u.id, u]));
  const stranger = ids.find((userId) => !people.has(userId));
  if (stranger !== undefined) throw fieldRefusal("userId", ctx.t("attendanceApi.notOnRegister", { id: stranger }));
  return { session, people, types, excuses };
}

/**
 * Writes marks in one statement (last write wins: two devices marking one student leave one row, the later value),
 * keeping a mark's type and justification when its status does not change, and queues the family's alert of each
 * mark whose type asks for one. Comments of students left pending are not kept (001 §5).
 */
async function writeMarks(
  tx: TenantTx,
  ctx: AuthedContext,
  { session: s, people, types, excuses }: Checked,
  changes: Change[],
): Promise<TAttendanceSavedAnswer> {
  const previous = new Map(
    (
      await tx.attendanceMark.findMany({
        where: { sessionId: s.id, userId: { in: [...people.keys()] } },
        select: { userId: true, status: true, comment: true, typeId: true, justification: true, justificationId: true },
      })
    ).map((p) => [p.userId, p]),
  );
  const latest = new Map(changes.map((c) => [c.userId, c]));
  const commentsNotSaved: number[] = [];
  const now = new Date().toISOString();
  const rows = [...latest.values()].map((change) => {
    const before = previous.get(change.userId);
    const c = { ...change, status: change.status ?? ((before?.status ?? ATTENDANCE_STATUS.pending) as TAttendanceStatus) };
    const same = before !== undefined && before.status === c.status;
    if (c.comment && c.status === ATTENDANCE_STATUS.pending) commentsNotSaved.push(c.userId);
    const comment =
      c.status === ATTENDANCE_STATUS.pending ? (before?.comment ?? null) : c.comment === undefined ? (before?.comment ?? null) : c.comment || null;
    const excuse = JUSTIFIABLE_STATUSES.includes(c.status) ? excuses.get(c.userId) : undefined;
    const justification = same
      ? { typeId: before.typeId, justification: before.justification, justificationId: before.justificationId }
      : excuse
        ? {
            typeId: (excuse.status === JUSTIFICATION_STATUS.accepted ? excuse.attendanceTypeId : null) ?? types.byStatus.get(c.status)?.id ?? null,
            justification: excuse.status === JUSTIFICATION_STATUS.accepted ? MARK_JUSTIFICATION.accepted : MARK_JUSTIFICATION.received,
            justificationId: excuse.id,
          }
        : { typeId: types.byStatus.get(c.status)?.id ?? null, justification: MARK_JUSTIFICATION.notReceived, justificationId: null };
    return { sessionId: s.id, userId: c.userId, status: c.status, comment, ...justification, markedAt: now, markedBy: ctx.user.id, updatedAt: now };
  });
  const written = await insertRows(tx, "AttendanceMark", rows, {
    on: ["sessionId", "userId"],
    update: ["status", "comment", "typeId", "justification", "justificationId", "markedAt", "markedBy", "updatedAt"],
    returning: ["id", "userId", "status", "typeId"],
  });
  // A mark that became one the school wants families told of: an alert waits its delay, then goes unless changed back.
  const alerts = written.flatMap((w) => {
    const type = types.byId.get(Number(w.typeId));
    const before = previous.get(Number(w.userId));
    return type?.notify && (before?.status !== w.status || before?.typeId !== w.typeId)
      ? [{ markId: Number(w.id), status: Number(w.status), typeId: type.id, delayMinutes: type.notifyDelay, markedAt: now }]
      : [];
  });
  await queueAlerts(tx, alerts);
  // The rows as saved, from what was written and the people already read.
  const saved = rows
    .map((r) => rowOf(people.get(r.userId)!, r))
    .sort((a, b) => `${a.last ?? ""} ${a.last2 ?? ""} ${a.name}`.localeCompare(`${b.last ?? ""} ${b.last2 ?? ""} ${b.name}`) || a.id - b.id);
  return { rows: saved, commentsNotSaved };
}

async function save(ctx: AuthedContext, id: number, changes: Change[]): Promise<Reply<TAttendanceSavedAnswer>> {
  const checked = await checkSave(ctx, id, changes);
  const data = await ctx.db.$transaction((tx) => writeMarks(tx, ctx, checked, changes));
  return data.commentsNotSaved.length ? { data, msgKey: "attendanceApi.commentPending" } : { data };
}

/** POST admAttendance/session/{id}/status (001 §7): [{userId, comment, status}]. */
export function saveStatuses(ctx: AuthedContext & { params: { id: number }; body: TAttendanceMarkInput[] }): Promise<Reply<TAttendanceSavedAnswer>> {
  return save(
    ctx,
    ctx.params.id,
    ctx.body.map((m) => ({ userId: m.userId, status: m.status, comment: m.comment === undefined ? undefined : (m.comment ?? null) })),
  );
}

/** POST admAttendance/session/{id}/comment (001 §7, §8): comments alone, each student keeping their mark; a pending student's is not kept. */
export function saveComments(ctx: AuthedContext & { params: { id: number }; body: TAttendanceCommentInput[] }): Promise<Reply<TAttendanceSavedAnswer>> {
  return save(ctx, ctx.params.id, ctx.body);
}
