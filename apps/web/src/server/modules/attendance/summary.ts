import { ATTENDANCE_STATUS, MARK_JUSTIFICATION, type TAttendanceSummary } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { AuthedContext, Reply } from "../../http/context.ts";

const pct = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);

/**
 * A student's attendance per period (issue 15 item 5): of the marks taken (pending ones left out), how many present,
 * late, absent, and late or absent with an accepted justification. Periods are the school's, by their days; only
 * attendance types shown in reports count (a type with showInReports off is left out, as the spec's flag says).
 */
export async function attendanceSummary(db: TenantDb | TenantTx, userId: number): Promise<TAttendanceSummary[]> {
  const periods = await db.period.findMany({ orderBy: { from: "asc" }, select: { id: true, name: true, from: true, to: true } });
  const marks = await db.attendanceMark.findMany({
    where: { userId, status: { not: ATTENDANCE_STATUS.pending }, OR: [{ typeId: null }, { type: { showInReports: true } }] },
    select: { status: true, justification: true, session: { select: { day: true } } },
  });
  return periods
    .map((p) => {
      const mine = marks.filter((m) => m.session.day >= p.from && m.session.day <= p.to);
      const count = (status: number) => mine.filter((m) => m.status === status).length;
      const justified = mine.filter((m) => m.justification === MARK_JUSTIFICATION.accepted).length;
      const taken = mine.length;
      const [present, late, absent] = [count(ATTENDANCE_STATUS.present), count(ATTENDANCE_STATUS.late), count(ATTENDANCE_STATUS.absent)];
      return {
        periodId: p.id,
        periodName: p.name,
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
    })
    .filter((s) => s.taken > 0);
}

/** GET admAttendance/summary/{userId}. */
export async function getSummary(ctx: AuthedContext & { params: { userId: number } }): Promise<Reply<TAttendanceSummary[]>> {
  return { data: await attendanceSummary(ctx.db, ctx.params.userId) };
}
