import { ROLE, type TAttendanceDayQuery, type TAttendanceSession, type TAttendanceSessionsAnswer, type TAttendanceSessionsQuery } from "@pizarra/contracts";
import type { Prisma, TenantDb, TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { formatDate, parseDate } from "../../resource/values.ts";
import { dayRefusal } from "./school-day.ts";

type Db = TenantDb | TenantTx;
export type Scope = { sectionId: number | null; partId: number | null; groupId: number | null; masterId: number | null };
/** A student (User.type). */
export const STUDENT = 2;

/** "s:<sectionId>", "p:<partId>", "g:<groupId>": a day has one register of each. */
const scopeOf = (s: Scope) => (s.partId !== null ? `p:${s.partId}` : s.groupId !== null ? `g:${s.groupId}` : `s:${s.sectionId}`);

/** Role 100 takes any register; anyone else the ones they teach (001 §6, as for grades). */
export const isAdmin = (ctx: AuthedContext) => ctx.user.roleCode === ROLE.topAdmin;

/** The periods that hold the day (the school year it falls in). */
const periodOfDay = (day: Date) => ({ from: { lte: day }, to: { gte: day } });
/** The sections of the periods that hold the day. */
const sectionsOfDay = (day: Date) => ({ superSection: { period: periodOfDay(day) } });

/**
 * The registers of a day for the scopes `scopesOf` names, made when first asked for: a register exists once someone
 * opens the day (one row per day and scope, so two people opening it at once share it). Most asks find them all made:
 * one read. Only a school day of an open period that has come gets registers (dayRefusal); any other day is refused
 * naming `field`, before its scopes are looked for, except a closed period's, whose registers are listed as they are
 * and never added to (nobody could take them).
 */
export async function ensureRegisters(ctx: AuthedContext, field: "dt" | "date", day: Date, scopesOf: () => Promise<Scope[]>): Promise<number[]> {
  const refusal = await dayRefusal(ctx.db, day);
  if (refusal === "future" || refusal === "notSchoolDay")
    throw fieldRefusal(field, ctx.t(`attendanceApi.noRegister.${refusal}`, { attribute: ctx.t(`attendanceApi.fields.${field}`), date: formatDate(day) }));
  const scopes = await scopesOf();
  if (scopes.length === 0) return [];
  const rows = scopes.map((s) => ({ ...s, day, scope: scopeOf(s) }));
  const made = () => ctx.db.attendanceSession.findMany({ where: { day, scope: { in: rows.map((r) => r.scope) } }, select: { id: true, scope: true } });
  const found = await made();
  const have = new Set(found.map((f) => f.scope));
  const missing = refusal === "closed" ? [] : rows.filter((r) => !have.has(r.scope));
  if (missing.length === 0) return found.map((f) => f.id);
  await ctx.db.attendanceSession.createMany({ data: missing, skipDuplicates: true });
  return (await made()).map((f) => f.id);
}

/** A grade and section as people name them: "3.º de primaria A". */
export const sectionLabel = (section: { name: string; superSection: { name: string } } | null | undefined) =>
  section ? `${section.superSection.name} ${section.name}` : null;

/** What names a register: its section (a subject part's register holds the part's section too), subject and group. */
export const PLACE_SELECT = {
  section: { select: { name: true, superSection: { select: { name: true } } } },
  part: { select: { activity: { select: { name: true } } } },
  group: { select: { name: true } },
} as const;

/** A register as a message or a card names it: "Matemática · 3.º A", "3.º A", or the group. */
export const placeOf = (s: Prisma.AttendanceSessionGetPayload<{ select: typeof PLACE_SELECT }>) =>
  [s.part?.activity.name, sectionLabel(s.section) ?? s.group?.name].filter(Boolean).join(" · ");

/** A register's own row: what its rights and its marks need. */
export const SESSION_SELECT = { id: true, day: true, sectionId: true, partId: true, groupId: true, masterId: true, startedAt: true } as const;
/** A register's row and what names it. */
export const REGISTER_SELECT = { ...SESSION_SELECT, ...PLACE_SELECT } as const;

export type Register = Prisma.AttendanceSessionGetPayload<{ select: typeof REGISTER_SELECT }>;

/** The registers as the lists show them, with the count of students at each status (the roster's size before it starts). */
export async function registersById(db: Db, ids: number[], givenNamesFirst: boolean): Promise<TAttendanceSession[]> {
  if (ids.length === 0) return [];
  return registersOf(db, await db.attendanceSession.findMany({ where: { id: { in: ids } }, select: REGISTER_SELECT }), givenNamesFirst);
}

/** registersById of registers already read; their teachers named in the school's order. */
export async function registersOf(db: Db, sessions: Register[], givenNamesFirst: boolean): Promise<TAttendanceSession[]> {
  const ids = sessions.map((s) => s.id);
  const [counts, masters, rosters] = await Promise.all([
    db.attendanceMark.groupBy({ by: ["sessionId", "status"], where: { sessionId: { in: ids } }, _count: { _all: true } }),
    db.user.findMany({
      where: { id: { in: [...new Set(sessions.map((s) => s.masterId).filter((m): m is number => m !== null))] } },
      select: { id: true, name: true, last: true, last2: true },
    }),
    rosterSizes(db, sessions),
  ]);
  return sessions
    .map((s): TAttendanceSession => {
      const byStatus: [number, number, number, number] = [0, 0, 0, 0];
      for (const c of counts) if (c.sessionId === s.id && c.status >= 0 && c.status <= 3) byStatus[c.status] = c._count._all;
      const marked = byStatus.reduce((a, b) => a + b, 0);
      const total = s.startedAt ? marked : (rosters.get(s.id) ?? 0);
      if (!s.startedAt) byStatus[0] = total;
      const master = masters.find((m) => m.id === s.masterId);
      return {
        ID: s.id,
        day: formatDate(s.day),
        kind: s.partId !== null ? "part" : s.groupId !== null ? "group" : "section",
        sectionId: s.sectionId,
        partId: s.partId,
        groupId: s.groupId,
        sectionName: sectionLabel(s.section),
        subjectName: s.part?.activity.name ?? null,
        groupName: s.group?.name ?? null,
        masterId: s.masterId,
        masterName: master ? fullName(master, givenNamesFirst) : null,
        started: s.startedAt !== null,
        total,
        counts: byStatus,
      };
    })
    .sort(
      (a, b) =>
        (a.sectionName ?? a.groupName ?? "").localeCompare(b.sectionName ?? b.groupName ?? "") || (a.subjectName ?? "").localeCompare(b.subjectName ?? ""),
    );
}

async function rosterSizes(db: Db, sessions: { id: number; sectionId: number | null; groupId: number | null; startedAt: Date | null }[]) {
  const waiting = sessions.filter((s) => !s.startedAt);
  const sectionIds = [...new Set(waiting.map((s) => s.sectionId).filter((id): id is number => id !== null))];
  const groupIds = [...new Set(waiting.map((s) => s.groupId).filter((id): id is number => id !== null))];
  const [bySection, byGroup] = await Promise.all([
    sectionIds.length
      ? db.sectionMember.groupBy({
          by: ["sectionId"],
          where: { sectionId: { in: sectionIds }, user: { type: STUDENT, inactive: false } },
          _count: { _all: true },
        })
      : [],
    groupIds.length
      ? db.userGroupMember.groupBy({ by: ["groupId"], where: { groupId: { in: groupIds }, user: { type: STUDENT, inactive: false } }, _count: { _all: true } })
      : [],
  ]);
  return new Map(
    waiting.map((s) => [
      s.id,
      (s.groupId !== null ? byGroup.find((g) => g.groupId === s.groupId) : bySection.find((g) => g.sectionId === s.sectionId))?._count._all ?? 0,
    ]),
  );
}

/** Whose registers the caller may list: their own, or anyone's for role 100 (all of them when no teacher is named). */
function teacherOf(ctx: AuthedContext, masterId: number | undefined): number | null {
  if (masterId === undefined) return isAdmin(ctx) ? null : ctx.user.id;
  if (masterId !== ctx.user.id && !isAdmin(ctx)) throw new AppError(-403, "attendanceApi.notYourRegister", 403);
  return masterId;
}

/**
 * A student group's teachers on a day, first found first: the teachers of the subjects taught to the group (001 §3
 * "Subject": groups) in that day's period, each subject's own (activity masters) and its course-sections' (as a
 * subject part's register counts them).
 */
export async function groupTeachers(db: Db, groupId: number, day: Date): Promise<number[]> {
  const subjects = await db.activity.findMany({
    where: { groups: { has: groupId }, period: periodOfDay(day) },
    orderBy: { id: "asc" },
    select: { masters: { orderBy: { id: "asc" }, select: { userId: true } }, parts: { orderBy: { id: "asc" }, select: { masterId: true } } },
  });
  const ids = subjects.flatMap((s) => [...s.masters.map((m) => m.userId), ...s.parts.map((p) => p.masterId)]);
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** A student group's register: its teacher is the caller when they teach the group, else the group's first teacher. */
async function groupScope(ctx: AuthedContext, groupId: number, day: Date): Promise<Scope> {
  const [group, teachers] = await Promise.all([ctx.db.userGroup.count({ where: { id: groupId, staff: false } }), groupTeachers(ctx.db, groupId, day)]);
  if (!group) throw notFound();
  return { sectionId: null, partId: null, groupId, masterId: teachers.includes(ctx.user.id) ? ctx.user.id : (teachers[0] ?? null) };
}

/** The daily registers of sections (tutored by `master`, or all) and the registers of subject parts (taught by `master`, or all). */
export async function dayScopes(db: Db, day: Date, master: number | null, daily: boolean, only: { sectionId?: number; partId?: number }): Promise<Scope[]> {
  if (daily) {
    const sections = await db.section.findMany({
      where: { ...sectionsOfDay(day), ...(master !== null ? { owner: master } : {}), ...(only.sectionId ? { id: only.sectionId } : {}) },
      select: { id: true, owner: true },
    });
    return sections.map((s) => ({ sectionId: s.id, partId: null, groupId: null, masterId: s.owner }));
  }
  const parts = await db.activityPart.findMany({
    where: {
      section: sectionsOfDay(day),
      ...(master !== null ? { OR: [{ masterId: master }, { activity: { masters: { some: { userId: master } } } }] } : {}),
      ...(only.sectionId ? { sectionId: only.sectionId } : {}),
      ...(only.partId ? { id: only.partId } : {}),
    },
    select: { id: true, sectionId: true, masterId: true },
  });
  return parts.map((p) => ({ sectionId: p.sectionId, partId: p.id, groupId: null, masterId: p.masterId ?? master }));
}

/** GET admAttendance?dt&masterId&daily[&groupId] (001 §7): a teacher's registers of a day. */
export async function teacherDay(ctx: AuthedContext & { query: TAttendanceDayQuery }): Promise<Reply<TAttendanceSessionsAnswer>> {
  const day = parseDate(ctx.query.dt);
  const master = teacherOf(ctx, ctx.query.masterId);
  const { groupId } = ctx.query;
  const ids = await ensureRegisters(ctx, "dt", day, async () =>
    groupId ? [await groupScope(ctx, groupId, day)] : dayScopes(ctx.db, day, master, ctx.query.daily ?? true, {}),
  );
  return { data: await registersById(ctx.db, ids, ctx.user.givenNamesFirst) };
}

/** GET admAttendance/{part}/sessions?dt&sectionId&groupId (001 §7): part 0, the daily registers; else one subject part's. */
export async function partDay(ctx: AuthedContext & { query: TAttendanceSessionsQuery; params: { part: number } }): Promise<Reply<TAttendanceSessionsAnswer>> {
  const day = parseDate(ctx.query.dt);
  const { part } = ctx.params;
  const master = isAdmin(ctx) || ctx.query.sectionId || part ? null : ctx.user.id;
  const { groupId, sectionId } = ctx.query;
  const ids = await ensureRegisters(ctx, "dt", day, async () =>
    groupId ? [await groupScope(ctx, groupId, day)] : dayScopes(ctx.db, day, master, part === 0, { sectionId, partId: part || undefined }),
  );
  return { data: await registersById(ctx.db, ids, ctx.user.givenNamesFirst) };
}
