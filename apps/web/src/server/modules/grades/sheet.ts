import { CONCEPT_TYPE, GRADE_MAX, GRADE_MIN, GRADE_TEXT_MAX, isTextConcept, numberOf, splitList, weightedAverage } from "@pizarra/contracts";
import type { Prisma, TenantDb } from "@pizarra/db";
import { z } from "zod";
import { AppError, notFound, validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { fileUrl } from "../../storage/storage.ts";

type Tx = Prisma.TransactionClient;
type Concept = { id: number; parentId: number | null; activityId: number | null; periodId: number; type: number; weightType: string; weight: number; qualifications: string; locked: boolean; canEdit: boolean; calcAverage: boolean; isBehavior: boolean };
type Value = { gradeNum: number | null; gradeTxt: string | null };

const ID = z.coerce.number().int().min(1).max(2_147_483_647);
/** 000 §7: the grade screen's query (the section comes from the course-section when only that is given). */
export const ZSheetQuery = z.object({
  activityId: ID.optional(),
  activityPartId: ID.optional(),
  periodId: z.coerce.number().int().min(0).max(999_999).optional(),
  sectionId: ID.optional(),
  groupId: ID.optional(),
});
/** 000 §7: POST admGrades (and admGrades/behavior): the cells that changed. */
export const ZGradeSave = z.object({
  grades: z
    .array(
      z.object({
        conceptId: ID,
        studentId: ID,
        gradeNum: z.union([z.number(), z.string(), z.null()]).optional(),
        gradeTxt: z.union([z.string().max(GRADE_TEXT_MAX * 4), z.null()]).optional(),
      }),
    )
    .min(1)
    .max(5_000),
});

const CONCEPT_SELECT = {
  id: true,
  parentId: true,
  activityId: true,
  periodId: true,
  type: true,
  weightType: true,
  weight: true,
  qualifications: true,
  locked: true,
  canEdit: true,
  calcAverage: true,
  isBehavior: true,
} satisfies Prisma.EvalConceptSelect;

/** 001 §6: role 100 may grade any course; anyone else only a course-section they teach (its teacher, or one of the subject's). */
async function assertTeaches(db: TenantDb | Tx, ctx: AuthedContext, activityId: number, sectionIds: number[]): Promise<void> {
  if (ctx.user.roleCode === 100 || ctx.user.access.get("admGradesMaster")?.write) return;
  const [parts, master] = await Promise.all([
    db.activityPart.count({ where: { activityId, sectionId: { in: sectionIds }, masterId: ctx.user.id } }),
    db.activityMaster.count({ where: { activityId, userId: ctx.user.id } }),
  ]);
  if (master === 0 && parts < sectionIds.length) throw new AppError(-403, "grades.notYourCourse", 403);
}

/** The section and subject a sheet is about: from the course-section, or from the subject and the section given. */
async function courseOf(ctx: AuthedContext, query: z.infer<typeof ZSheetQuery>): Promise<{ activityId: number; sectionId: number }> {
  if (query.activityPartId) {
    const part = await ctx.db.activityPart.findFirst({ where: { id: query.activityPartId }, select: { activityId: true, sectionId: true } });
    if (!part) throw notFound();
    return part;
  }
  if (!query.activityId || !query.sectionId) throw validationRefusal({ [query.activityId ? "sectionId" : "activityId"]: ctx.t("validation.required", { attribute: ctx.t(`grades.filters.${query.activityId ? "sectionId" : "activityId"}`) }) });
  const part = await ctx.db.activityPart.findFirst({ where: { activityId: query.activityId, sectionId: query.sectionId }, select: { activityId: true, sectionId: true } });
  if (!part) throw notFound();
  return part;
}

/**
 * GET admGrades/get (000 §7): one row per student of the section (surname first, with photo), each with the grade of
 * every concept of the subject's tree for that section, as the header lists them.
 */
export async function getSheet(ctx: AuthedContext & { query: z.infer<typeof ZSheetQuery> }): Promise<Reply> {
  const { activityId, sectionId } = await courseOf(ctx, ctx.query);
  const [tree, members] = await Promise.all([
    ctx.db.evalConcept.findMany({ where: { activityId, OR: [{ sectionId: null }, { sectionId }] }, orderBy: [{ level: "asc" }, { order: "asc" }], select: { ...CONCEPT_SELECT, hidden: true } }),
    ctx.db.sectionMember.findMany({
      where: { sectionId, user: { type: 2, inactive: false } },
      select: { user: { select: { id: true, name: true, last: true, last2: true, face: true } } },
    }),
  ]);
  // A hidden concept hides its whole branch, as the header does (levels come in order, so parents are decided first).
  const shown = new Set<number>();
  for (const c of tree) if (!c.hidden && (c.parentId === null || shown.has(c.parentId))) shown.add(c.id);
  const concepts = tree.filter((c) => shown.has(c.id));
  const students = members.map((m) => m.user).sort((a, b) => fullName(a).localeCompare(fullName(b), "es"));
  const grades = await ctx.db.grade.findMany({
    where: { conceptId: { in: concepts.map((c) => c.id) }, studentId: { in: students.map((s) => s.id) } },
    select: { conceptId: true, studentId: true, gradeNum: true, gradeTxt: true },
  });
  const byCell = new Map(grades.map((g) => [`${g.studentId}:${g.conceptId}`, g]));
  const Results = students.map((s) => ({
    studentId: s.id,
    name: fullName(s),
    img: fileUrl(s.face),
    grades: concepts.map((c) => {
      const grade = byCell.get(`${s.id}:${c.id}`);
      return {
        conceptId: c.id,
        gradeNum: grade?.gradeNum ?? null,
        gradeTxt: grade?.gradeTxt ?? null,
        type: c.type,
        parentId: c.parentId,
        locked: c.locked,
        canEdit: c.canEdit,
        calcAverage: c.calcAverage,
        sync: false,
      };
    }),
  }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/** A typed value as stored: numbers 0-8 (integers), a qualification of the concept's list, or text up to 700. */
function storedValue(ctx: AuthedContext, concept: Concept, cell: { gradeNum?: unknown; gradeTxt?: unknown }): Value {
  const empty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  if (concept.type === CONCEPT_TYPE.numeric) {
    if (empty(cell.gradeNum)) return { gradeNum: null, gradeTxt: null };
    const n = Number(cell.gradeNum);
    if (!Number.isInteger(n) || n < GRADE_MIN || n > GRADE_MAX) throw validationRefusal({ gradeNum: ctx.t("grades.range") });
    return { gradeNum: n, gradeTxt: null };
  }
  if (empty(cell.gradeTxt)) return { gradeNum: null, gradeTxt: null };
  const text = String(cell.gradeTxt).trim();
  if (concept.type === CONCEPT_TYPE.qualification) {
    if (!splitList(concept.qualifications).includes(text)) throw validationRefusal({ gradeTxt: ctx.t("grades.qualification", { values: concept.qualifications }) });
    return { gradeNum: null, gradeTxt: text };
  }
  if (text.length > GRADE_TEXT_MAX) throw validationRefusal({ gradeTxt: ctx.t("validation.max", { attribute: ctx.t("grades.grade"), max: GRADE_TEXT_MAX }) });
  return { gradeNum: null, gradeTxt: text };
}

/** The number a stored grade counts as in an average: its number, a qualification's on its list's scale, text none. */
function countedValue(concept: Concept, value: Value | undefined): number | null {
  if (!value) return null;
  if (concept.type === CONCEPT_TYPE.numeric || concept.calcAverage) return value.gradeNum;
  return concept.type === CONCEPT_TYPE.qualification ? numberOf(value.gradeTxt) : null;
}

const sameValue = (a: Value | undefined, b: Value) => (a?.gradeNum ?? null) === b.gradeNum && (a?.gradeTxt ?? null) === b.gradeTxt;

/** Serialises saves that touch the same student's grades in one subject (or one period's behaviour), in a fixed order. */
async function lockStudents(tx: Tx, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext($1))", key);
}

/** A typed cell as POST admGrades takes it. */
export type GradeCell = z.infer<typeof ZGradeSave>["grades"][number];

/**
 * Writes typed cells inside the caller's transaction (the save, the grade import): only the cells that differ are
 * written; a locked or non-editable concept, an average, a student outside the course's sections or a course the user
 * does not teach refuse the whole write. Every average above a changed cell is recomputed bottom-up and every change
 * (typed or computed) goes into the grade trail. Writes touching the same students wait for each other, so two
 * teachers on one cell never leave a torn state or a stale average.
 */
export async function writeCells(tx: Tx, ctx: AuthedContext, cells: GradeCell[], behavior: boolean) {
  const concepts = await tx.evalConcept.findMany({ where: { id: { in: [...new Set(cells.map((c) => c.conceptId))] } }, select: CONCEPT_SELECT });
  const byId = new Map(concepts.map((c) => [c.id, c]));
  for (const cell of cells) {
    const concept = byId.get(cell.conceptId);
    if (!concept || concept.isBehavior !== behavior) throw notFound();
    if (concept.locked || !concept.canEdit || concept.calcAverage) throw new AppError(-409, "grades.locked", 409);
  }
  const studentIds = [...new Set(cells.map((c) => c.studentId))];
  const periodIds = [...new Set(concepts.map((c) => c.periodId))];
  const memberships = await tx.sectionMember.findMany({
    where: { userId: { in: studentIds }, user: { type: 2 }, section: { superSection: { periodId: { in: periodIds } } } },
    select: { userId: true, sectionId: true },
  });
  const sectionOf = new Map(memberships.map((m) => [m.userId, m.sectionId]));
  if (studentIds.some((id) => !sectionOf.has(id))) throw notFound();
  for (const activityId of new Set(concepts.map((c) => c.activityId).filter((a): a is number => a !== null))) {
    const sections = [...new Set(cells.filter((c) => byId.get(c.conceptId)!.activityId === activityId).map((c) => sectionOf.get(c.studentId)!))];
    await assertTeaches(tx, ctx, activityId, sections);
  }
  await lockStudents(tx, cells.map((c) => `${ctx.user.tenantId}:${c.studentId}:${byId.get(c.conceptId)!.activityId ?? `b${byId.get(c.conceptId)!.periodId}`}`));

  const stored = await tx.grade.findMany({ where: { conceptId: { in: concepts.map((c) => c.id) }, studentId: { in: studentIds } } });
  const current = new Map(stored.map((g) => [`${g.studentId}:${g.conceptId}`, g as Value]));
  const changed: { conceptId: number; studentId: number; value: Value }[] = [];
  for (const cell of cells) {
    const value = storedValue(ctx, byId.get(cell.conceptId)!, cell);
    if (!sameValue(current.get(`${cell.studentId}:${cell.conceptId}`), value)) changed.push({ conceptId: cell.conceptId, studentId: cell.studentId, value });
  }
  for (const c of changed) await writeGrade(tx, ctx, c.conceptId, c.studentId, current.get(`${c.studentId}:${c.conceptId}`), c.value, false);
  const averages = await recomputeAverages(tx, ctx, changed);
  return { saved: changed.length, averages };
}

/** POST admGrades and admGrades/behavior (000 §7, §5 "Grade entry"): the changed cells, in one transaction. */
export async function saveGrades(ctx: AuthedContext & { body: z.infer<typeof ZGradeSave> }, behavior: boolean): Promise<Reply> {
  const data = await ctx.db.$transaction((tx) => writeCells(tx, ctx, ctx.body.grades, behavior));
  return { data, msgKey: data.saved ? "grades.saved" : undefined };
}

async function writeGrade(tx: Tx, ctx: AuthedContext, conceptId: number, studentId: number, old: Value | undefined, value: Value, computed: boolean) {
  await tx.grade.upsert({
    where: { conceptId_studentId: { conceptId, studentId } },
    create: { conceptId, studentId, ...value, updatedBy: ctx.user.id },
    update: { ...value, updatedBy: ctx.user.id },
  });
  await tx.gradeChange.create({
    data: { conceptId, studentId, userId: ctx.user.id, oldNum: old?.gradeNum ?? null, oldTxt: old?.gradeTxt ?? null, newNum: value.gradeNum, newTxt: value.gradeTxt, computed },
  });
}

/** Every averaging ancestor of the changed cells, deepest first, recomputed from its children for those students. */
async function recomputeAverages(tx: Tx, ctx: AuthedContext, changed: { conceptId: number; studentId: number }[]) {
  const out: { conceptId: number; studentId: number; gradeNum: number | null; gradeTxt: null }[] = [];
  let pending = changed;
  while (pending.length) {
    const parentIds = [...new Set((await tx.evalConcept.findMany({ where: { id: { in: [...new Set(pending.map((p) => p.conceptId))] } }, select: { parentId: true } })).map((c) => c.parentId))].filter((p): p is number => p !== null);
    const parents = await tx.evalConcept.findMany({ where: { id: { in: parentIds }, calcAverage: true }, select: { ...CONCEPT_SELECT, children: { select: CONCEPT_SELECT } } });
    const next: { conceptId: number; studentId: number }[] = [];
    for (const parent of parents) {
      const childIds = new Set(parent.children.map((c) => c.id));
      const students = [...new Set(pending.filter((p) => childIds.has(p.conceptId)).map((p) => p.studentId))];
      const grades = await tx.grade.findMany({ where: { conceptId: { in: [parent.id, ...childIds] }, studentId: { in: students } } });
      const cell = new Map(grades.map((g) => [`${g.studentId}:${g.conceptId}`, g as Value]));
      for (const studentId of students) {
        const average = weightedAverage(parent.children.filter((c) => !isTextConcept(c.type) || c.calcAverage).map((c) => ({ value: countedValue(c, cell.get(`${studentId}:${c.id}`)), weightType: c.weightType, weight: c.weight })));
        const value = { gradeNum: average, gradeTxt: null };
        const old = cell.get(`${studentId}:${parent.id}`);
        if (sameValue(old, value)) continue;
        await writeGrade(tx, ctx, parent.id, studentId, old, value, true);
        out.push({ conceptId: parent.id, studentId, ...value });
        next.push({ conceptId: parent.id, studentId });
      }
    }
    pending = next;
  }
  return out;
}

/**
 * GET admGrades/defaultFilters (000 §7): the current period and, for someone who teaches, their first course-section
 * with the "by teacher" report (1); anyone else starts on "by grade/section/course" (2) with nothing chosen.
 */
export async function defaultFilters(ctx: AuthedContext): Promise<Reply> {
  const period = await ctx.db.period.findFirst({ where: { current: true }, select: { id: true } });
  const part = period
    ? await ctx.db.activityPart.findFirst({
        where: { masterId: ctx.user.id, activity: { periodId: period.id } },
        orderBy: { id: "asc" },
        select: { id: true, activityId: true, sectionId: true, section: { select: { parentId: true } } },
      })
    : null;
  return {
    data: {
      selectedReport: part ? 1 : 2,
      periodId: period?.id ?? 0,
      superSectionId: part?.section.parentId ?? null,
      sectionId: part?.sectionId ?? null,
      activityId: part?.activityId ?? null,
      masterId: part ? ctx.user.id : null,
      activityPartId: part?.id ?? null,
    },
  };
}
