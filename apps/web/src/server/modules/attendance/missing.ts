import type { TWhoIsMissingQuery, ZWhoIsMissingAnswer } from "@pizarra/contracts";
import { ATTENDANCE_STATUS, JUSTIFIABLE_STATUSES } from "@pizarra/contracts";
import type { z } from "zod";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { formatDate, parseDate } from "../../resource/values.ts";
import { dayScopes, ensureRegisters, PLACE_SELECT, registersById, sectionLabel } from "./registers.ts";

/** The answer as the handler gives it: the marks' moments as read, written as ISO text by the answer's schema. */
type WhoIsMissing = z.input<typeof ZWhoIsMissingAnswer>;

/**
 * GET admAttendance/missing?dt: the office's live view of a day. Every section's daily register is
 * expected (one not yet opened is made now, so it can be listed and taken); a register not started, or started with
 * students still pending, is missing; subject registers count once somebody has opened them. Beside it, the students
 * marked late or absent that day, with the section and the time of the mark.
 */
export async function whoIsMissing(ctx: AuthedContext & { query: TWhoIsMissingQuery }): Promise<Reply<WhoIsMissing>> {
  const day = parseDate(ctx.query.dt);
  await ensureRegisters(ctx, "dt", day, () => dayScopes(ctx.db, day, null, true, {}));
  // Scalars only, then the people and the sections in one query each: nested selects cost a query per relation.
  const [pendingBySession, marks, sessions] = await Promise.all([
    ctx.db.attendanceMark.groupBy({ by: ["sessionId"], where: { session: { day }, status: ATTENDANCE_STATUS.pending }, _count: { _all: true } }),
    ctx.db.attendanceMark.findMany({
      where: { session: { day }, status: { in: [...JUSTIFIABLE_STATUSES] } },
      orderBy: { markedAt: "asc" },
      select: { userId: true, status: true, justification: true, markedAt: true, sessionId: true },
    }),
    ctx.db.attendanceSession.findMany({
      where: { day, startedAt: { not: null } },
      select: { id: true, section: PLACE_SELECT.section },
    }),
  ]);
  // The people marked and the registers still missing, side by side.
  const [people, registers] = await Promise.all([
    ctx.db.user.findMany({ where: { id: { in: [...new Set(marks.map((m) => m.userId))] } }, select: { id: true, name: true, last: true, last2: true } }),
    ctx.db.attendanceSession
      .findMany({
        where: { day, OR: [{ startedAt: null, scope: { startsWith: "s:" } }, { id: { in: pendingBySession.map((p) => p.sessionId) } }] },
        select: { id: true },
      })
      .then((open) =>
        registersById(
          ctx.db,
          open.map((o) => o.id),
          ctx.user.givenNamesFirst,
        ),
      ),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const sectionOf = new Map(sessions.map((s) => [s.id, sectionLabel(s.section)]));
  // A student late to one class and absent from the next is listed once, by the latest mark.
  const absent = new Map<number, WhoIsMissing["absent"][number]>();
  for (const m of marks) {
    const p = person.get(m.userId);
    if (!p) continue;
    absent.set(m.userId, {
      userId: m.userId,
      name: p.name,
      last: p.last,
      last2: p.last2,
      sectionName: sectionOf.get(m.sessionId) ?? absent.get(m.userId)?.sectionName ?? null,
      status: m.status as 2 | 3,
      justifType: m.justification,
      since: m.markedAt,
    });
  }
  return {
    data: {
      day: formatDate(day),
      registers: registers.map((r) => ({ ...r, pending: r.counts[0] })).filter((r) => r.pending > 0),
      absent: [...absent.values()].sort((a, b) => (a.sectionName ?? "").localeCompare(b.sectionName ?? "") || (a.last ?? "").localeCompare(b.last ?? "")),
    },
  };
}
