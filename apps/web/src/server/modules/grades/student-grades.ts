import {
  PERSON_TYPE,
  type TGradedConcept,
  type TGroupQuery,
  type TStudentGradeGroupsAnswer,
  type TStudentGradesAnswer,
  type TStudentParams,
  type TStudentQuery,
} from "@pizarra/contracts";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { formatDateTime } from "../../resource/values.ts";
import { finalConcepts, type FinalConcept } from "./concept-headers.ts";
import { visibilityOf } from "./visibility.ts";

/** 001 §2 "Student screen for grades": the behaviour concepts a person types in there; CPROM is recalculated apart. */
const EDITABLE_BEHAVIOR = ["CONDF", "TUTR"];

/**
 * One student's grades in a period (0 or none: the current one): the subjects of the student's section, each with its
 * concepts as the final sheet's header lists them (hidden ones left out), and the period's behaviour concepts, of
 * which only CONDF and TUTR are marked editable (001 §2). A student of another school, or none, is not found.
 */
async function studentGrades(ctx: AuthedContext, studentId: number, asked: number | undefined): Promise<TStudentGradesAnswer> {
  const periodId = asked || (await ctx.db.period.findFirst({ where: { current: true }, select: { id: true } }))?.id;
  const student = await ctx.db.user.findFirst({
    where: { id: studentId, type: PERSON_TYPE.student },
    select: {
      id: true,
      name: true,
      last: true,
      last2: true,
      sections: {
        where: { section: { superSection: { periodId } } },
        take: 1,
        select: { section: { select: { id: true, name: true, superSection: { select: { id: true, name: true } } } } },
      },
    },
  });
  if (!student || periodId === undefined) throw notFound();
  const section = student.sections[0]?.section;
  const [academic = [], behaviour = []] = section
    ? await Promise.all([false, true].map((behavior) => finalConcepts(ctx.db, { periodId, sectionId: section.id, behavior })))
    : [];
  const visibility = section ? await visibilityOf(ctx.db, periodId, section.superSection.id) : null;
  const grades = await ctx.db.grade.findMany({
    where: { studentId, conceptId: { in: [...academic, ...behaviour].map((c) => c.ID) } },
    select: { conceptId: true, gradeNum: true, gradeTxt: true },
  });
  const byConcept = new Map(grades.map((g) => [g.conceptId, g]));
  const cell = (c: FinalConcept): TGradedConcept => ({
    ID: c.ID,
    parentId: c.parentId,
    level: c.level,
    abrev: c.abrev,
    name: c.name,
    type: c.type,
    calcAverage: c.calcAverage,
    locked: c.locked,
    canEdit: c.canEdit,
    qualifications: c.qualifications,
    gradeNum: byConcept.get(c.ID)?.gradeNum ?? null,
    gradeTxt: byConcept.get(c.ID)?.gradeTxt ?? null,
  });
  const subjects: TStudentGradesAnswer["subjects"] = [];
  for (const c of academic) {
    if (subjects.at(-1)?.activityId !== c.activityId) subjects.push({ activityId: c.activityId!, name: c.activityName!, concepts: [] });
    subjects.at(-1)!.concepts.push(cell(c));
  }
  return {
    student: {
      ID: student.id,
      name: fullName(student, ctx.user.givenNamesFirst),
      sectionName: section?.name ?? null,
      gradeName: section?.superSection.name ?? null,
    },
    periodId,
    /** 001 §3: whether families see these grades online, and from when. */
    online: visibility ? { online: visibility.online, from: visibility.from && formatDateTime(visibility.from), msg: visibility.onlineMsg } : null,
    subjects,
    behavior: behaviour.map((c) => ({ ...cell(c), editable: EDITABLE_BEHAVIOR.includes(c.specialType ?? "") })),
  };
}

/** GET admGrades/getByStudent/{id}?periodId (001 §7): the student screen for grades. */
export async function getByStudent(ctx: AuthedContext & { params: TStudentParams; query: TStudentQuery }): Promise<Reply<TStudentGradesAnswer>> {
  return { data: await studentGrades(ctx, ctx.params.id, ctx.query.periodId) };
}

/**
 * GET admGrades/group?studentId&isBehavior&periodId (001 §7): the same grades as a list of groups, one per subject
 * ({activityId, activityName, concepts}), or with isBehavior=true one group of the behaviour concepts (activityId null).
 */
export async function getGroup(ctx: AuthedContext & { query: TGroupQuery }): Promise<Reply<TStudentGradeGroupsAnswer>> {
  const grades = await studentGrades(ctx, ctx.query.studentId, ctx.query.periodId);
  if (ctx.query.isBehavior === "true") return { data: [{ activityId: null, activityName: ctx.t("grades.behavior"), concepts: grades.behavior }] };
  return { data: grades.subjects.map((s) => ({ activityId: s.activityId, activityName: s.name, concepts: s.concepts })) };
}
