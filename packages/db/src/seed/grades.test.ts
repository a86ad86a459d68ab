import { CONCEPT_TYPE, GRADE_MAX, GRADE_MIN, GRADE_TEXT_MAX, isTextConcept, numberOf, splitList, weightedAverage } from "@pizarra/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvalConcept, Grade } from "../generated/client.ts";
import { forTenant } from "../tenant.ts";
import { createTestDatabase, demoTenants, type TestDatabase } from "../testing.ts";
import { seedGrades } from "./grades.ts";

let database: TestDatabase;
let colegio: number;
let northside: number;

beforeAll(async () => {
  // The school template is seeded by seedDemo({ school: true }) once a run: what these checks read.
  database = await createTestDatabase("school");
  ({ colegio, northside } = await demoTenants(database.db));
});
afterAll(() => database.drop());

/** A school's concepts and grades, with the lookups the checks need. */
async function sheetOf(tenantId: number) {
  const t = forTenant(database.db, tenantId);
  const [concepts, grades, activities, periods] = await Promise.all([
    t.evalConcept.findMany({ orderBy: { id: "asc" } }),
    t.grade.findMany({ orderBy: { id: "asc" } }),
    t.activity.findMany({ select: { id: true } }),
    t.period.findMany({ select: { id: true, current: true } }),
  ]);
  const byId = new Map(concepts.map((c) => [c.id, c]));
  const children = new Map<number, EvalConcept[]>();
  for (const c of concepts) if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  const cells = new Map<number, Map<number, Grade>>();
  for (const g of grades) cells.set(g.conceptId, (cells.get(g.conceptId) ?? new Map()).set(g.studentId, g));
  const currentId = periods.find((p) => p.current)!.id;
  return { concepts, grades, activities, periods, byId, children, cells, currentId, kids: (c: EvalConcept) => children.get(c.id) ?? [] };
}

const SCHOOLS = ["Colegio Demo", "Northside"] as const;
const tenantOf = (school: (typeof SCHOOLS)[number]) => (school === "Colegio Demo" ? colegio : northside);

describe("the demo grade sheets", () => {
  it("give every subject a tree and every period a behaviour tree, in the school's language", async () => {
    for (const [tenantId, names] of [
      [colegio, ["Promedio final", "Bimestre 1", "Actitud ante el área", "Conclusión descriptiva", "Conducta"]],
      [northside, ["Final average", "Term 1", "Attitude to learning", "Descriptive conclusion", "Behaviour"]],
    ] as const) {
      const { concepts, activities, periods } = await sheetOf(tenantId);
      expect(new Set(concepts.filter((c) => !c.isBehavior).map((c) => c.activityId))).toEqual(new Set(activities.map((a) => a.id)));
      for (const name of names) expect(concepts.some((c) => c.name === name)).toBe(true);
      for (const period of periods) {
        const behaviour = concepts.filter((c) => c.isBehavior && c.periodId === period.id);
        expect(behaviour.every((c) => c.activityId === null)).toBe(true);
        const special = (type: string) => behaviour.find((c) => c.specialType === type);
        expect(special("CPROM")).toMatchObject({ calcAverage: true, level: 0 });
        expect(behaviour.filter((c) => c.parentId === special("CPROM")!.id)).toHaveLength(4);
        expect(special("CONDF")).toMatchObject({ type: CONCEPT_TYPE.qualification, qualifications: "AD,A,B,C" });
        expect(isTextConcept(special("TUTR")!.type)).toBe(true);
      }
    }
  });

  it.each(SCHOOLS)("in %s: every average is contracts' weighted average of its children's grades", async (school) => {
    const { concepts, cells, kids } = await sheetOf(tenantOf(school));
    const counted = (c: EvalConcept, g: Grade | undefined) =>
      !g ? null : c.type === CONCEPT_TYPE.qualification && !c.calcAverage ? numberOf(g.gradeTxt) : g.gradeNum;
    const wrong: unknown[] = [];
    let checked = 0;
    for (const parent of concepts.filter((c) => c.calcAverage)) {
      const children = kids(parent).filter((c) => !isTextConcept(c.type) || c.calcAverage);
      expect(children.length).toBeGreaterThan(0);
      const students = new Set([parent, ...kids(parent)].flatMap((c) => [...(cells.get(c.id)?.keys() ?? [])]));
      for (const studentId of students) {
        const expected = weightedAverage(
          children.map((c) => ({ value: counted(c, cells.get(c.id)?.get(studentId)), weightType: c.weightType, weight: c.weight })),
        );
        const stored = cells.get(parent.id)?.get(studentId)?.gradeNum ?? null;
        checked++;
        if (stored !== expected) wrong.push({ conceptId: parent.id, studentId, stored, expected });
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(school === "Colegio Demo" ? 2000 : 100);
  });

  it.each(SCHOOLS)("in %s: every grade fits its concept, and most numbers are 5 to 8", async (school) => {
    const { grades, byId } = await sheetOf(tenantOf(school));
    const misfits = grades.filter((g) => {
      const c = byId.get(g.conceptId)!;
      if (c.calcAverage)
        return g.gradeTxt !== null || g.gradeNum === null || g.gradeNum < GRADE_MIN || g.gradeNum > GRADE_MAX || Number(g.gradeNum.toFixed(2)) !== g.gradeNum;
      if (c.type === CONCEPT_TYPE.numeric) return g.gradeTxt !== null || !Number.isInteger(g.gradeNum) || g.gradeNum! < GRADE_MIN || g.gradeNum! > GRADE_MAX;
      if (c.type === CONCEPT_TYPE.qualification) return g.gradeNum !== null || !splitList(c.qualifications).includes(g.gradeTxt ?? "");
      return g.gradeNum !== null || !g.gradeTxt || g.gradeTxt.length > GRADE_TEXT_MAX;
    });
    expect(misfits).toEqual([]);
    const typed = grades.filter((g) => byId.get(g.conceptId)!.type === CONCEPT_TYPE.numeric && !byId.get(g.conceptId)!.calcAverage).map((g) => g.gradeNum!);
    expect(typed.filter((n) => n >= 5).length / typed.length).toBeGreaterThan(0.7);
    expect(typed.some((n) => n < 5)).toBe(true);
    for (const type of [CONCEPT_TYPE.qualification, 2]) expect(grades.some((g) => byId.get(g.conceptId)!.type === type)).toBe(true);
  });

  it.each(SCHOOLS)(
    "in %s: the current term 4 is locked and empty, terms 1-2 complete, term 3 partly graded; one closed concept per subject",
    async (school) => {
      const { concepts, activities, cells, kids, currentId } = await sheetOf(tenantOf(school));
      const locked = concepts.filter((c) => c.locked);
      expect(locked.length).toBeGreaterThan(0);
      expect(locked.every((c) => c.periodId === currentId && !cells.has(c.id))).toBe(true);
      for (const activity of activities) expect(concepts.filter((c) => c.activityId === activity.id && !c.canEdit)).toHaveLength(1);

      // The terms: the four averaging children of a subject's final average, or of the behaviour average.
      const termsOf = (root: EvalConcept) =>
        kids(root)
          .filter((c) => c.calcAverage || c.isBehavior)
          .sort((a, b) => a.order - b.order);
      const roots = concepts.filter((c) => c.level === 0 && c.calcAverage);
      const tally = (term: EvalConcept | undefined, students: number[]) => {
        const leaves = term!.calcAverage ? kids(term!) : [term!];
        return { cells: leaves.length * students.length, graded: leaves.reduce((n, c) => n + students.filter((s) => cells.get(c.id)?.has(s)).length, 0) };
      };
      let graded = 0;
      const third = { cells: 0, graded: 0 };
      for (const root of roots) {
        const terms = termsOf(root);
        expect(terms).toHaveLength(4);
        const students = [...new Set(terms.flatMap((term) => [term, ...kids(term)]).flatMap((c) => [...(cells.get(c.id)?.keys() ?? [])]))];
        if (students.length === 0) continue;
        graded++;
        const [t1, t2, t3, t4] = terms.map((term) => tally(term, students));
        if (root.periodId === currentId) {
          expect([t1!.graded, t2!.graded]).toEqual([t1!.cells, t2!.cells]);
          third.cells += t3!.cells;
          third.graded += t3!.graded;
          expect(t4!.graded).toBe(0);
          expect(terms[3]!.locked && kids(terms[3]!).every((c) => c.locked)).toBe(true);
        } else expect([t1, t2, t3, t4].every((t) => t!.graded === t!.cells)).toBe(true);
      }
      expect(graded).toBeGreaterThan(3);
      expect(third.graded).toBeGreaterThan(third.cells / 3);
      expect(third.graded).toBeLessThan(third.cells);
    },
  );

  it("grade the demo teacher's first course-section of the current period, every student of it", async () => {
    const t = forTenant(database.db, colegio);
    const teacher = await t.user.findFirstOrThrow({ where: { mail: "docente@pizarra.demo" } });
    const part = await t.activityPart.findFirstOrThrow({ where: { masterId: teacher.id, activity: { period: { current: true } } }, orderBy: { id: "asc" } });
    const members = await t.sectionMember.findMany({ where: { sectionId: part.sectionId }, select: { userId: true } });
    const graded = await t.grade.groupBy({
      by: ["studentId"],
      where: { concept: { activityId: part.activityId }, studentId: { in: members.map((m) => m.userId) } },
    });
    expect(members.length).toBeGreaterThan(10);
    expect(graded).toHaveLength(members.length);
  });

  it("are the same every time the school is seeded", async () => {
    const snapshot = async () => {
      const { grades, byId } = await sheetOf(northside);
      const path = (c: EvalConcept): string => (c.parentId === null ? `${c.periodId}/${c.activityId}/${c.order}` : `${path(byId.get(c.parentId)!)}.${c.order}`);
      return grades.map((g) => [path(byId.get(g.conceptId)!), g.studentId, g.gradeNum, g.gradeTxt]).sort((a, b) => String(a).localeCompare(String(b)));
    };
    const before = await snapshot();
    const t = forTenant(database.db, northside);
    await t.grade.deleteMany({});
    for (const level of [2, 1, 0]) await t.evalConcept.deleteMany({ where: { level } });
    await seedGrades(database.db, northside);
    expect(before.length).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  });
});
