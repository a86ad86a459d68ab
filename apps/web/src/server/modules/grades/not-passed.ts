import { cellKey, minimumOf, numberOf, passes, PERSON_TYPE, type TNotPassed, type TNotPassedAnswer, type TNotPassedQuery } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";

export interface NotPassedQuery {
  periodId: number;
  sectionId?: number;
  superSectionId?: number;
  studentId?: number;
}

/**
 * The subjects not passed in a period (001 §3 "Subject", §7 admGrades/notpassed), by section (grade by grade),
 * student and subject.
 * A subject counts when it has grades and is academic, and is taught in the student's section; its final grade is
 * its first top-level concept (by order) that averages, shared or of that section (the demo's "Promedio final"). A
 * student has not passed it when that grade is below the subject's minimum (contracts' `passes`). Subjects with no
 * minimum are passed; a student without a final grade yet is not listed (nothing has been failed so far).
 */
export async function notPassed(db: TenantDb | TenantTx, q: NotPassedQuery): Promise<TNotPassed[]> {
  const section = {
    superSection: { periodId: q.periodId },
    ...(q.sectionId ? { id: q.sectionId } : {}),
    ...(q.superSectionId ? { parentId: q.superSectionId } : {}),
  };
  const members = await db.sectionMember.findMany({
    where: { section, ...(q.studentId ? { userId: q.studentId } : {}), user: { type: PERSON_TYPE.student, inactive: false } },
    select: {
      sectionId: true,
      section: { select: { name: true, superSection: { select: { name: true, sort: true } } } },
      user: { select: { id: true, name: true, last: true, last2: true } },
    },
  });
  const sectionIds = [...new Set(members.map((m) => m.sectionId))];
  const subjects = (
    await db.activity.findMany({
      where: {
        periodId: q.periodId,
        hasGrades: true,
        isAcademic: true,
        parts: { some: { sectionId: { in: sectionIds } } },
        OR: [{ minToPass: { not: null } }, { minToPassNum: { not: null } }],
      },
      select: {
        id: true,
        name: true,
        type: true,
        qualifications: true,
        minToPass: true,
        minToPassNum: true,
        parts: { where: { sectionId: { in: sectionIds } }, select: { sectionId: true } },
      },
    })
  ).filter((s) => minimumOf(s) !== null);
  const finals = await db.evalConcept.findMany({
    where: {
      activityId: { in: subjects.map((s) => s.id) },
      level: 0,
      parentId: null,
      calcAverage: true,
      OR: [{ sectionId: null }, { sectionId: { in: sectionIds } }],
    },
    orderBy: [{ order: "asc" }, { sectionId: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    select: { id: true, activityId: true, sectionId: true },
  });
  const finalOf = (activityId: number, sectionId: number) =>
    finals.find((c) => c.activityId === activityId && (c.sectionId === null || c.sectionId === sectionId));
  const grades = await db.grade.findMany({
    where: { conceptId: { in: finals.map((c) => c.id) }, studentId: { in: members.map((m) => m.user.id) } },
    select: { conceptId: true, studentId: true, gradeNum: true, gradeTxt: true },
  });
  const gradeOf = new Map(grades.map((g) => [cellKey(g.conceptId, g.studentId), g]));

  const out: TNotPassed[] = [];
  for (const m of members) {
    for (const subject of subjects) {
      if (!subject.parts.some((p) => p.sectionId === m.sectionId)) continue;
      const final = finalOf(subject.id, m.sectionId);
      const grade = final && gradeOf.get(cellKey(final.id, m.user.id));
      const value = grade ? (grade.gradeNum ?? numberOf(grade.gradeTxt, subject.qualifications)) : null;
      if (!final || !grade || value === null || passes(value, subject)) continue;
      out.push({
        studentId: m.user.id,
        name: fullName(m.user),
        sectionId: m.sectionId,
        sectionName: `${m.section.superSection.name} ${m.section.name}`,
        activityId: subject.id,
        activityName: subject.name,
        conceptId: final.id,
        gradeNum: grade.gradeNum,
        gradeTxt: grade.gradeTxt,
        minToPass: minimumOf(subject)!,
      });
    }
  }
  const text = (a: string, b: string) => a.localeCompare(b, "es");
  const gradeSort = new Map(members.map((m) => [m.sectionId, m.section.superSection.sort]));
  return out.sort(
    (a, b) =>
      gradeSort.get(a.sectionId)! - gradeSort.get(b.sectionId)! ||
      text(a.sectionName, b.sectionName) ||
      a.sectionId - b.sectionId ||
      text(a.name, b.name) ||
      a.studentId - b.studentId ||
      text(a.activityName, b.activityName),
  );
}

/** GET admGrades/notpassed: the period's subjects not passed, of a grade or a section (or the whole school). */
export async function getNotPassed(ctx: AuthedContext & { query: TNotPassedQuery }): Promise<Reply<TNotPassedAnswer>> {
  const periodId = ctx.query.periodId || (await ctx.db.period.findFirst({ where: { current: true }, select: { id: true } }))?.id;
  const Results = periodId ? await notPassed(ctx.db, { periodId, sectionId: ctx.query.sectionId, superSectionId: ctx.query.superSectionId }) : [];
  return { data: { Results, RowCount: Results.length } };
}
