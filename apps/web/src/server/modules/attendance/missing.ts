import type { TAttendanceDayQuery, TWhoIsMissing } from "@pizarra/contracts";
import { ATTENDANCE_STATUS, JUSTIFIABLE_STATUSES } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { formatDate, parseDate } from "../../resource/values.ts";
import { registersById } from "./registers.ts";

/**
 * GET admAttendance/missing?dt (issue 15 item 5): the office's live view of a day. Every section's daily register is
 * expected (one not yet opened is made now, so it can be listed and taken); a register not started, or started with
 * students still pending, is missing; subject registers count once somebody has opened them. Beside it, the students
 * marked late or absent that day, with the section and the time of the mark.
 */
export async function whoIsMissing(ctx: AuthedContext & { query: Pick<TAttendanceDayQuery, "dt"> }): Promise<Reply<TWhoIsMissing>> {
  const day = parseDate(ctx.query.dt);
  const sections = await ctx.db.section.findMany({
    where: { superSection: { period: { from: { lte: day }, to: { gte: day } } } },
    select: { id: true, owner: true },
  });
  await ctx.db.attendanceSession.createMany({
    data: sections.map((s) => ({ day, scope: `s:${s.id}`, sectionId: s.id, masterId: s.owner })),
    skipDuplicates: true,
  });
  const [pendingBySession, absentMarks] = await Promise.all([
    ctx.db.attendanceMark.groupBy({ by: ["sessionId"], where: { session: { day }, status: ATTENDANCE_STATUS.pending }, _count: { _all: true } }),
    ctx.db.attendanceMark.findMany({
      where: { session: { day }, status: { in: [...JUSTIFIABLE_STATUSES] } },
      orderBy: { markedAt: "asc" },
      select: {
        userId: true,
        status: true,
        justification: true,
        markedAt: true,
        user: { select: { name: true, last: true, last2: true } },
        session: {
          select: {
            section: { select: { name: true, superSection: { select: { name: true } } } },
            part: { select: { section: { select: { name: true, superSection: { select: { name: true } } } } } },
          },
        },
      },
    }),
  ]);
  const open = await ctx.db.attendanceSession.findMany({
    where: { day, OR: [{ startedAt: null, scope: { startsWith: "s:" } }, { id: { in: pendingBySession.map((p) => p.sessionId) } }] },
    select: { id: true },
  });
  const registers = (
    await registersById(
      ctx.db,
      open.map((o) => o.id),
    )
  )
    .map((r) => ({ ...r, pending: r.counts[0] }))
    .filter((r) => r.pending > 0);
  // A student late to one class and absent from the next is listed once, by the latest mark.
  const absent = new Map<number, TWhoIsMissing["absent"][number]>();
  for (const m of absentMarks) {
    const section = m.session.section ?? m.session.part?.section;
    absent.set(m.userId, {
      userId: m.userId,
      name: m.user.name,
      last: m.user.last,
      last2: m.user.last2,
      sectionName: section ? `${section.superSection.name} ${section.name}` : null,
      status: m.status as 2 | 3,
      justifType: m.justification,
      since: m.markedAt?.toISOString() ?? null,
    });
  }
  return {
    data: {
      day: formatDate(day),
      registers,
      absent: [...absent.values()].sort((a, b) => (a.sectionName ?? "").localeCompare(b.sectionName ?? "") || (a.last ?? "").localeCompare(b.last ?? "")),
    },
  };
}
