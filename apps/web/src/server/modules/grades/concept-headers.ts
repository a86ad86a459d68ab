import { labelKeyOf, RESOURCES, type TFinalHeaderAnswer, type TFinalQuery, type THeaderAnswer, type THeaderQuery } from "@pizarra/contracts";
import type { Prisma, TenantDb } from "@pizarra/db";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { RESOURCE } from "./concept-rules.ts";

/** 000 §3: types 2 and 4 are both descriptive text, so asking for one asks for both. */
const DESCRIPTIVE = [2, 4];

/** The header queries' refusals name their fields as the concepts' form does. */
export const CONCEPT_LABELS = labelKeyOf(RESOURCES[RESOURCE]);

const HEADER_SELECT = {
  id: true,
  parentId: true,
  level: true,
  order: true,
  name: true,
  abrev: true,
  type: true,
  specialType: true,
  locked: true,
  canEdit: true,
  calcAverage: true,
  qualifications: true,
  hidden: true,
  activityId: true,
} satisfies Prisma.EvalConceptSelect;
type Concept = Prisma.EvalConceptGetPayload<{ select: typeof HEADER_SELECT }>;
/** By level; on each level the concepts shared by the sections before a section's own, each in their order. */
const HEADER_ORDER = [
  { level: "asc" },
  { sectionId: { sort: "asc", nulls: "first" } },
  { order: "asc" },
  { id: "asc" },
] satisfies Prisma.EvalConceptOrderByWithRelationInput[];
type Shape = { levelCount?: number; type?: number };

/** Concepts of one section: the subject's shared ones and, unless a group mixes sections, the section's own. */
const sectionWhere = (sectionId: number | undefined, groupId: number | undefined) =>
  sectionId && sectionId > 0 && !groupId ? { OR: [{ sectionId: null }, { sectionId }] } : { sectionId: null };

/**
 * The header of one subject's (or the behaviour) concepts in HEADER_ORDER: no hidden concept nor one below a hidden
 * one, down to `levelCount`, of `type` with their ancestors.
 */
function header(concepts: Concept[], { levelCount, type }: Shape): Concept[] {
  const deepest = levelCount === undefined || levelCount < 0 ? Infinity : levelCount;
  const shown = new Map<number, Concept>();
  for (const c of concepts) if (!c.hidden && c.level <= deepest && (c.parentId === null || shown.has(c.parentId))) shown.set(c.id, c);
  if (type === undefined) return [...shown.values()];
  const types = DESCRIPTIVE.includes(type) ? DESCRIPTIVE : [type];
  const kept = new Set<number>();
  for (const c of shown.values()) {
    if (!types.includes(c.type)) continue;
    for (let at: Concept | undefined = c; at && !kept.has(at.id); at = at.parentId === null ? undefined : shown.get(at.parentId)) kept.add(at.id);
  }
  return [...shown.values()].filter((c) => kept.has(c.id));
}

const row = ({ id, hidden: _hidden, activityId: _activityId, ...c }: Concept) => ({ ID: id, ...c });

/** The subject and section of a header: a course-section's (isPart), else the subject and the section asked for. */
async function courseOf(ctx: AuthedContext, q: THeaderQuery): Promise<{ activityId: number; sectionId: number | undefined }> {
  if (q.isPart === "true") {
    const part = await ctx.db.activityPart.findFirst({ where: { id: q.activityId }, select: { activityId: true, sectionId: true } });
    if (!part) throw notFound();
    return part;
  }
  const activity = await ctx.db.activity.findFirst({ where: { id: q.activityId }, select: { id: true } });
  if (!activity) throw notFound();
  return { activityId: activity.id, sectionId: q.sectionId };
}

/**
 * GET admEvalConcept/getHeader/ (000 §7): the concept tree of a subject for a section (its concepts with no section
 * and those of that section), by level then order, the shared ones first; one page of `PageSize` (40). With
 * isPart=true, `activityId` is a course-section (report 1, by teacher) and gives the subject and the section. With a
 * group (reports 8, 9), whose students come from several sections, only the subject's shared concepts.
 */
export async function getHeader(ctx: AuthedContext & { query: THeaderQuery }): Promise<Reply<THeaderAnswer>> {
  const q = ctx.query;
  const course = await courseOf(ctx, q);
  const concepts = await ctx.db.evalConcept.findMany({
    where: { activityId: course.activityId, ...sectionWhere(course.sectionId, q.groupId) },
    orderBy: HEADER_ORDER,
    select: HEADER_SELECT,
  });
  return {
    data: header(concepts, q)
      .slice((q.page - 1) * q.PageSize, q.page * q.PageSize)
      .map(row),
  };
}

/** The subjects of a final sheet: those of the group, else those taught in the section. */
async function subjectsOf(db: TenantDb, periodId: number, sectionId: number | undefined, groupId: number | undefined) {
  if (!groupId && !(sectionId && sectionId > 0)) return [];
  return db.activity.findMany({
    where: { periodId, ...(groupId ? { groups: { has: groupId } } : { parts: { some: { sectionId } } }) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
}

/** What a final sheet is about (000 §2.9): a period, a section (or a student group), and the header's shape. */
export type FinalShape = Shape & { periodId: number; sectionId?: number; groupId?: number; behavior: boolean };
export type FinalConcept = ReturnType<typeof row> & { activityId: number | null; activityName: string | null };

/**
 * The concepts of a whole section's final sheet in a period, in their header order. Academic: every subject taught
 * in the section (or of the group), subject by subject by name, each concept with its activityId and activityName;
 * report 3 "final grades (level 0)" asks for levelCount 0 (each subject's top concepts: its terms and final
 * average), report 4 "(level -1)" for every level, and the course summary (report 6) for levelCount 1 and type 2 (the
 * descriptive concepts of the top two levels with their parents). Behaviour: the period's behaviour concepts (no
 * subject), shared and the section's own, the same way.
 */
export async function finalConcepts(db: TenantDb, q: FinalShape): Promise<FinalConcept[]> {
  if (q.behavior) {
    const concepts = await db.evalConcept.findMany({
      where: { periodId: q.periodId, isBehavior: true, ...sectionWhere(q.sectionId, q.groupId) },
      orderBy: HEADER_ORDER,
      select: HEADER_SELECT,
    });
    return header(concepts, q).map((c) => ({ ...row(c), activityId: null, activityName: null }));
  }
  const subjects = await subjectsOf(db, q.periodId, q.sectionId, q.groupId);
  const concepts = await db.evalConcept.findMany({
    where: { activityId: { in: subjects.map((s) => s.id) }, isBehavior: false, ...sectionWhere(q.sectionId, q.groupId) },
    orderBy: HEADER_ORDER,
    select: HEADER_SELECT,
  });
  return subjects.flatMap((s) =>
    header(
      concepts.filter((c) => c.activityId === s.id),
      q,
    ).map((c) => ({ ...row(c), activityId: s.id, activityName: s.name })),
  );
}

/** The query of a final sheet (GET admEvalConcept/getHeaderFinal, admGrades/getFinal), its period 0 the current one. */
export async function finalShape(ctx: AuthedContext & { query: TFinalQuery }, behaviorRoute: boolean): Promise<FinalShape | null> {
  const q = ctx.query;
  const periodId = q.periodId ? q.periodId : (await ctx.db.period.findFirst({ where: { current: true }, select: { id: true } }))?.id;
  return periodId === undefined ? null : { ...q, periodId, behavior: behaviorRoute || q.isBehavior === "true" };
}

/** GET admEvalConcept/getHeaderFinal and getHeaderFinal/behavior (000 §2.9, §7): the headers of a final sheet. */
export async function getHeaderFinal(ctx: AuthedContext & { query: TFinalQuery }, behaviorRoute: boolean): Promise<Reply<TFinalHeaderAnswer>> {
  const shape = await finalShape(ctx, behaviorRoute);
  return { data: shape ? await finalConcepts(ctx.db, shape) : [] };
}
