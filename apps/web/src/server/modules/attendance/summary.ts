import { ATTENDANCE_STATUS, MARK_JUSTIFICATION, type TAttendanceSummary, type TAttendanceSummaryAnswer } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { PLACE_SELECT, placeOf } from "./registers.ts";

const pct = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);

type Db = TenantDb | TenantTx;
type Tally = { status: number; justification: number; count: number };

/** Only attendance types shown in reports count (a type with showInReports off is left out, as the spec's flag says). */
const REPORTED = { status: { not: ATTENDANCE_STATUS.pending }, OR: [{ typeId: null }, { type: { showInReports: true } }] };

/** Counts and percentages of a period's marks taken (pending ones left out), from their tallies by status and justification. */
function summaryOf(period: { id: number; name: string }, tallies: Tally[]): TAttendanceSummary {
  const sum = (keep: (t: Tally) => boolean) => tallies.filter(keep).reduce((n, t) => n + t.count, 0);
  const taken = sum(() => true);
  const [present, late, absent] = [ATTENDANCE_STATUS.present, ATTENDANCE_STATUS.late, ATTENDANCE_STATUS.absent].map((s) => sum((t) => t.status === s)) as [
    number,
    number,
    number,
  ];
  const justified = sum((t) => t.justification === MARK_JUSTIFICATION.accepted);
  return {
    periodId: period.id,
    periodName: period.name,
    taken,
    present,
    late,
    absent,
    justified,
    presentPct: pct(present, taken),
    latePct: pct(late, taken),
    absentPct: pct(absent, taken),
    justifiedPct: pct(justified, taken),
  };
}

/**
 * A student's attendance per period: of the marks taken, how many present, late, absent, and late or
 * absent with an accepted justification; periods by their days, those without marks left out.
 */
export async function attendanceSummary(db: Db, userId: number): Promise<TAttendanceSummary[]> {
  const periods = await db.period.findMany({ orderBy: { from: "asc" }, select: { id: true, name: true, from: true, to: true } });
  const marks = await db.attendanceMark.findMany({
    where: { userId, ...REPORTED },
    select: { status: true, justification: true, session: { select: { day: true } } },
  });
  return periods
    .map((p) =>
      summaryOf(
        p,
        marks.filter((m) => m.session.day >= p.from && m.session.day <= p.to).map((m) => ({ ...m, count: 1 })),
      ),
    )
    .filter((s) => s.taken > 0);
}

/** The attendance of some students over one period, for their report cards: one grouped query whatever their number. */
export async function periodAttendance(
  db: Db,
  period: { id: number; name: string; from: Date; to: Date },
  userIds: number[],
): Promise<Map<number, TAttendanceSummary>> {
  const groups = await db.attendanceMark.groupBy({
    by: ["userId", "status", "justification"],
    where: { userId: { in: userIds }, session: { day: { gte: period.from, lte: period.to } }, ...REPORTED },
    _count: { _all: true },
  });
  return new Map(
    userIds.map((id) => [
      id,
      summaryOf(
        period,
        groups.filter((g) => g.userId === id).map((g) => ({ status: g.status, justification: g.justification, count: g._count._all })),
      ),
    ]),
  );
}

/** What a report card's attendance is drawn from: any mark taken, changed or justified moves one of these. */
export const attendanceChanges = (db: Db, userIds: number[]) =>
  db.attendanceMark.aggregate({ where: { userId: { in: userIds } }, _count: { _all: true }, _max: { updatedAt: true } });

/** GET admAttendance/summary/{userId}. */
export async function getSummary(ctx: AuthedContext & { params: { userId: number } }): Promise<Reply<TAttendanceSummaryAnswer>> {
  return { data: await attendanceSummary(ctx.db, ctx.params.userId) };
}

/**
 * What a family may be told of its children's attendance on one day (the school's assistant): each register that
 * holds a mark of theirs, where it was taken and how the child was marked (pending ones too: the register is open).
 */
export async function dayMarks(
  db: Db,
  userIds: number[],
  day: Date,
): Promise<{ userId: number; sessionId: number; place: string; status: number; justification: number }[]> {
  if (userIds.length === 0) return [];
  const marks = await db.attendanceMark.findMany({
    where: { userId: { in: userIds }, session: { day } },
    orderBy: { id: "asc" },
    select: { userId: true, sessionId: true, status: true, justification: true, session: { select: PLACE_SELECT } },
  });
  return marks.map(({ session, ...mark }) => ({ ...mark, place: placeOf(session) }));
}
