import type { TenantDb } from "@pizarra/db";
import { finalConcepts } from "./concept-headers.ts";
import { visibilityOf } from "./visibility.ts";

export interface OnlineGrade {
  studentId: number;
  periodName: string;
  subject: string;
  concept: string;
  grade: string;
}

/**
 * What a family may read of a child's grades (the school's assistant): the top-level concepts of each subject
 * (report 3's "final grades", levelCount 0) of the periods whose grades show online for the child's grade now
 * (001 §3: showGradesOnline, showGradesFrom come, a grade's exception first). Nothing of a period not shown yet.
 */
export async function onlineGrades(db: TenantDb, studentIds: number[], now: Date): Promise<OnlineGrade[]> {
  if (studentIds.length === 0) return [];
  const memberships = await db.sectionMember.findMany({
    where: { userId: { in: studentIds }, section: { superSection: { period: { active: true, from: { lte: now } } } } },
    select: { userId: true, section: { select: { id: true, superSection: { select: { id: true, period: { select: { id: true, name: true } } } } } } },
  });
  const out: OnlineGrade[] = [];
  for (const { userId, section } of memberships) {
    const period = section.superSection.period;
    if (!(await visibilityOf(db, period.id, section.superSection.id, now)).online) continue;
    const concepts = await finalConcepts(db, { periodId: period.id, sectionId: section.id, behavior: false, levelCount: 0 });
    const grades = await db.grade.findMany({
      where: { studentId: userId, conceptId: { in: concepts.map((c) => c.ID) } },
      select: { conceptId: true, gradeNum: true, gradeTxt: true },
    });
    const byConcept = new Map(grades.map((g) => [g.conceptId, g.gradeTxt ?? (g.gradeNum === null ? null : String(g.gradeNum))]));
    for (const c of concepts) {
      const grade = byConcept.get(c.ID);
      if (grade) out.push({ studentId: userId, periodName: period.name, subject: c.activityName ?? "", concept: c.name, grade });
    }
  }
  return out;
}
