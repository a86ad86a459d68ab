import { weightedAverage, type StudentRow, type TNotPassed } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Final = { Results: StudentRow[]; RowCount: number; PageCount: number };
type Save = { saved: number; averages: { conceptId: number; studentId: number; gradeNum: number | null }[] };

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;
let db: TenantDb;
const fx = { sectionId: 0, activityId: 0, periodId: 202601, finalId: 0, cpromId: 0, condfId: 0, students: [] as number[] };

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
  const school = await api.school();
  db = school.db;
  const part = await db.activityPart.findFirstOrThrow({ where: { masterId: school.teacherId, activity: { period: { current: true } } } });
  fx.sectionId = part.sectionId;
  fx.activityId = part.activityId;
  fx.finalId = (await db.evalConcept.findFirstOrThrow({ where: { activityId: part.activityId, level: 0, calcAverage: true }, orderBy: { order: "asc" } })).id;
  fx.cpromId = (await db.evalConcept.findFirstOrThrow({ where: { periodId: 202601, isBehavior: true, specialType: "CPROM" } })).id;
  fx.condfId = (await db.evalConcept.findFirstOrThrow({ where: { periodId: 202601, isBehavior: true, specialType: "CONDF" } })).id;
  fx.students = (await db.sectionMember.findMany({ where: { sectionId: part.sectionId, user: { type: 2, inactive: false } }, select: { userId: true } })).map(
    (m) => m.userId,
  );
});

const get = <T>(path: string, token = admin) => api.call<T>("GET", path, { token });
const post = <T>(path: string, body: unknown, token = admin, locale: "es" | "en" = "es") => api.call<T>("POST", path, { token, body, locale });
const gradeOf = (conceptId: number, studentId: number) => db.grade.findUnique({ where: { conceptId_studentId: { conceptId, studentId } } });

describe("GET admGrades/getFinal (000 §7)", () => {
  it.each([
    ["levelCount=0", "isBehavior=false"],
    ["levelCount=-1", "type=2"],
    ["levelCount=-1", "isBehavior=true"],
  ])("answers one row per student with exactly the header's concepts, in its order (%s %s)", async (...shape) => {
    const query = `periodId=0&sectionId=${fx.sectionId}&${shape.join("&")}`;
    const header = (await get<{ ID: number }[]>(`admEvalConcept/getHeaderFinal?${query}`)).body.data.map((c) => c.ID);
    const res = await get<Final>(`admGrades/getFinal?${query}`);
    expect(header.length).toBeGreaterThan(0);
    expect(res.body.data).toMatchObject({ RowCount: fx.students.length, PageCount: 1 });
    expect(new Set(res.body.data.Results.map((r) => r.studentId))).toEqual(new Set(fx.students));
    const names = res.body.data.Results.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
    for (const row of res.body.data.Results) expect(row.grades.map((g) => g.conceptId)).toEqual(header);
    const [row] = res.body.data.Results;
    const stored = await db.grade.findMany({ where: { studentId: row!.studentId, conceptId: { in: header } } });
    for (const g of stored)
      expect(row!.grades.find((c) => c.conceptId === g.conceptId)).toMatchObject({ gradeNum: g.gradeNum, gradeTxt: g.gradeTxt, sync: false });
  });

  it("answers nothing to another school and refuses a user without the module", async () => {
    const res = await get<Final>(`admGrades/getFinal?periodId=0&sectionId=${fx.sectionId}&levelCount=0`, northside);
    expect(res.body.data.Results).toEqual([]);
    expect((await get(`admGrades/getFinal?periodId=0&sectionId=${fx.sectionId}`, secretary)).http).toBe(403);
  });
});

describe("student groups on the sheets (reports 8 and 9)", () => {
  it("lists a group's students with the subject's shared concepts", async () => {
    const group = await db.userGroup.create({ data: { name: "Taller de robótica", staff: false } });
    const other = await db.sectionMember.findFirstOrThrow({
      where: { sectionId: { not: fx.sectionId }, section: { superSection: { periodId: 202601 } }, user: { type: 2, inactive: false } },
    });
    const members = [fx.students[0]!, other.userId];
    await db.userGroupMember.createMany({ data: members.map((userId) => ({ groupId: group.id, userId })) });
    const sheet = await get<Final>(`admGrades/get?activityId=${fx.activityId}&groupId=${group.id}`);
    expect(new Set(sheet.body.data.Results.map((r) => r.studentId))).toEqual(new Set(members));
    const shared = await db.evalConcept.findMany({ where: { activityId: fx.activityId, sectionId: null, hidden: false } });
    expect(sheet.body.data.Results[0]!.grades.map((g) => g.conceptId).sort()).toEqual(shared.map((c) => c.id).sort());
    const final = await get<Final>(`admGrades/getFinal?periodId=0&groupId=${group.id}&levelCount=0`);
    expect(new Set(final.body.data.Results.map((r) => r.studentId))).toEqual(new Set(members));
    expect((await get(`admGrades/get?activityId=${fx.activityId}&groupId=${group.id}`, northside)).http).toBe(404);
  });
});

describe("GET admGrades/reports (001 §2, 000 §2.9)", () => {
  const ids = async (token: string, behavior = false) =>
    (await get<{ ID: number; name: string }[]>(`admGrades/reports?isBehavior=${behavior}`, token)).body.data;

  it("offers the academic items, the two final-grade ones only with admGradesRep", async () => {
    const all = await ids(admin);
    expect(all.map((r) => r.ID)).toEqual([2, 1, 5, 8, 6, 9, 4, 3]);
    expect(all.find((r) => r.ID === 3)!.name).toBe("Notas finales Minedu");
    expect((await ids(teacher)).map((r) => r.ID)).toEqual([2, 1, 5, 8, 6, 9]);
    expect(await ids(secretary)).toEqual([]);
  });

  it("offers the behaviour items to whom the menu grants admGradesBehavior", async () => {
    expect((await ids(teacher, true)).map((r) => [r.ID, r.name])).toEqual([
      [4, "Notas de conducta"],
      [6, "Comentarios del tutor"],
      [8, "Por grupo"],
    ]);
    expect(await ids(secretary, true)).toEqual([]);
  });
});

describe("GET admGrades/notpassed (001 §7)", () => {
  it("lists a final grade below the subject's minimum, and nothing for another school", async () => {
    await db.activity.update({ where: { id: fx.activityId }, data: { minToPassNum: 4 } });
    const [failing, passing] = fx.students;
    await db.grade.upsert({
      where: { conceptId_studentId: { conceptId: fx.finalId, studentId: failing! } },
      create: { conceptId: fx.finalId, studentId: failing!, gradeNum: 2.5 },
      update: { gradeNum: 2.5 },
    });
    await db.grade.upsert({
      where: { conceptId_studentId: { conceptId: fx.finalId, studentId: passing! } },
      create: { conceptId: fx.finalId, studentId: passing!, gradeNum: 4 },
      update: { gradeNum: 4 },
    });
    const res = await get<{ Results: TNotPassed[]; RowCount: number }>(`admGrades/notpassed?periodId=202601&sectionId=${fx.sectionId}`);
    const mine = res.body.data.Results.filter((r) => r.activityId === fx.activityId);
    expect(mine.find((r) => r.studentId === failing)).toMatchObject({ conceptId: fx.finalId, gradeNum: 2.5, minToPass: "4", sectionId: fx.sectionId });
    expect(mine.find((r) => r.studentId === passing)).toBeUndefined();
    expect(res.body.data.RowCount).toBe(res.body.data.Results.length);
    const byGrade = await get<{ Results: TNotPassed[] }>(
      `admGrades/notpassed?periodId=0&superSectionId=${(await db.section.findUniqueOrThrow({ where: { id: fx.sectionId } })).parentId}`,
    );
    expect(byGrade.body.data.Results.some((r) => r.studentId === failing && r.activityId === fx.activityId)).toBe(true);
    expect((await get<{ RowCount: number }>(`admGrades/notpassed?periodId=202601&sectionId=${fx.sectionId}`, northside)).body.data.RowCount).toBe(0);
  });
});

describe("Calcular CPROM (000 §2.9, §6) and the master's entry (001 §7)", () => {
  it("tells only the school's CPROM user that they may recalculate", async () => {
    expect((await get<{ canRecalculate: boolean }>("admGrades/defaultFilters")).body.data.canRecalculate).toBe(true);
    expect((await get<{ canRecalculate: boolean }>("admGrades/defaultFilters", teacher)).body.data.canRecalculate).toBe(false);
  });

  it("recomputes a student's CPROM from its terms for that user, with the trail, and refuses anyone else", async () => {
    const studentId = fx.students[3]!;
    await db.grade.upsert({
      where: { conceptId_studentId: { conceptId: fx.cpromId, studentId } },
      create: { conceptId: fx.cpromId, studentId, gradeNum: 0 },
      update: { gradeNum: 0 },
    });
    const cell = { conceptId: fx.cpromId, studentId, gradeTxt: null };
    const refused = await post("admGrades/behavior", { grades: [cell] }, teacher, "en");
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("You may not recalculate this average.");
    expect((await gradeOf(fx.cpromId, studentId))!.gradeNum).toBe(0);

    const res = await post<Save>("admGrades/behavior", { grades: [cell] });
    expect(res.body.msg).toBe("CPROM recalculado");
    const terms = await db.evalConcept.findMany({ where: { parentId: fx.cpromId } });
    const graded = await db.grade.findMany({ where: { studentId, conceptId: { in: terms.map((t) => t.id) } } });
    const expected = weightedAverage(
      terms.map((t) => ({ value: graded.find((g) => g.conceptId === t.id)?.gradeNum ?? null, weightType: t.weightType, weight: t.weight })),
    );
    expect(expected).not.toBe(0);
    expect(res.body.data.averages).toEqual([{ conceptId: fx.cpromId, studentId, gradeNum: expected, gradeTxt: null }]);
    expect(await db.gradeChange.findFirst({ where: { conceptId: fx.cpromId, studentId }, orderBy: { id: "desc" } })).toMatchObject({
      oldNum: 0,
      newNum: expected,
      computed: true,
    });
  });

  it("lets admGradesMaster write type grades and recalculate averages; refuses anyone without it", async () => {
    const studentId = fx.students[4]!;
    const body = {
      grades: [
        { conceptId: fx.condfId, studentId, gradeTxt: "A" },
        { conceptId: fx.finalId, studentId, averaged: true, gradeTxt: null },
      ],
    };
    expect((await post("admGrades/master", body, teacher)).http).toBe(403);
    const res = await post<Save>("admGrades/master", body);
    expect(res.body).toMatchObject({ status: 0, data: { saved: 1 } });
    expect((await gradeOf(fx.condfId, studentId))!.gradeTxt).toBe("A");
    const notAverage = await post("admGrades/master", { grades: [{ conceptId: fx.condfId, studentId, averaged: true }] }, admin, "en");
    expect(notAverage.http).toBe(422);
    expect(notAverage.body.msg).toBe("This evaluation concept is not an average.");
    expect((await post("admGrades/master", body, northside)).http).toBe(404);
  });
});

describe("recalculation when the tree changes (001 §3)", () => {
  it("recomputes the stored averages after a weight change, a move and a deletion", async () => {
    const base = { periodId: 202601, activityId: fx.activityId };
    const term = await db.evalConcept.create({ data: { ...base, name: "Bimestre extra", abrev: "BX", calcAverage: true, order: 80 } });
    const child = (name: string, extra: object) =>
      db.evalConcept.create({ data: { ...base, parentId: term.id, level: 1, name, abrev: name.slice(0, 3), ...extra } });
    const exam = await child("Examen", { weightType: "manual", weight: 50, order: 1 });
    const work = await child("Trabajo", { order: 2 });
    const spare = await child("Extra", { order: 3 });
    const studentId = fx.students[5]!;
    await post("admGrades", {
      grades: [
        { conceptId: exam.id, studentId, gradeNum: 8 },
        { conceptId: work.id, studentId, gradeNum: 5 },
      ],
    });
    const termGrade = async () => (await gradeOf(term.id, studentId))!.gradeNum;
    // Work and the ungraded spare share the other half: 8×50 + 5×25 over 75.
    expect(await termGrade()).toBe(7);

    expect((await post(`admEvalConcept/edit/${exam.id}`, { weightType: "manual", weight: 80 })).body.status).toBe(0);
    expect(await termGrade()).toBe(
      weightedAverage([
        { value: 8, weightType: "manual", weight: 80 },
        { value: 5, weightType: "auto", weight: -1 },
        { value: null, weightType: "auto", weight: -1 },
      ]),
    );

    expect((await post(`admEvalConcept/delete/${spare.id}?confirm=true`, undefined)).body.status).toBe(0);
    expect(await termGrade()).toBe(7.4);

    // Work goes out of the term (left), so only the exam counts.
    expect((await post(`admEvalConcept/move/${work.id}`, { direction: "left" })).body.status).toBe(0);
    expect(await termGrade()).toBe(8);
    const trail = await db.gradeChange.findMany({ where: { conceptId: term.id, studentId }, orderBy: { id: "asc" } });
    expect(trail.every((c) => c.computed)).toBe(true);
  });
});

describe("a student's grades (001 §2 Student screen for grades, §7)", () => {
  it("answers the subjects and the behaviour concepts, only CONDF and TUTR editable", async () => {
    const studentId = fx.students[0]!;
    const res = await get<{
      student: { ID: number; sectionName: string; gradeName: string };
      periodId: number;
      subjects: { activityId: number; concepts: { ID: number; gradeNum: number | null }[] }[];
      behavior: { ID: number; editable: boolean; calcAverage: boolean }[];
    }>(`admGrades/getByStudent/${studentId}?periodId=0`);
    const data = res.body.data;
    expect(data.student).toMatchObject({ ID: studentId });
    expect(data.periodId).toBe(202601);
    const subject = data.subjects.find((s) => s.activityId === fx.activityId)!;
    const stored = await gradeOf(fx.finalId, studentId);
    expect(subject.concepts.find((c) => c.ID === fx.finalId)!.gradeNum).toBe(stored?.gradeNum ?? null);
    const specials = await db.evalConcept.findMany({ where: { periodId: 202601, isBehavior: true, specialType: { in: ["CONDF", "TUTR"] } } });
    expect(
      data.behavior
        .filter((c) => c.editable)
        .map((c) => c.ID)
        .sort(),
    ).toEqual(specials.map((c) => c.id).sort());
    expect(data.behavior.find((c) => c.ID === fx.cpromId)).toMatchObject({ editable: false, calcAverage: true });

    const groups = await get<{ activityId: number | null; activityName: string; concepts: unknown[] }[]>(
      `admGrades/group?studentId=${studentId}&isBehavior=false&periodId=0`,
    );
    expect(groups.body.data.map((g) => g.activityId)).toEqual(data.subjects.map((s) => s.activityId));
    const behaviour = await get<{ activityId: number | null; activityName: string; concepts: unknown[] }[]>(
      `admGrades/group?studentId=${studentId}&isBehavior=true`,
    );
    expect(behaviour.body.data).toEqual([{ activityId: null, activityName: "Conducta", concepts: data.behavior }]);
    expect((await get(`admGrades/getByStudent/${studentId}`, northside)).http).toBe(404);
  });
});

describe("GET admActivityMasters/get/ (000 §7, the Profesores modal)", () => {
  it("lists the subject's teachers of the section as {ID, name}; another school sees none", async () => {
    const path = `admActivityMasters/get/?alterType=5&sectionId=${fx.sectionId}&activityId=${fx.activityId}&pick=true`;
    const res = await get<{ Results: { ID: number; name: string }[]; RowCount: number }>(path);
    const docente = await db.user.findFirstOrThrow({ where: { mail: "docente@pizarra.demo" } });
    expect(res.body.data.Results.map((r) => r.name)).toContain(`${docente.last} ${docente.name}`);
    expect(res.body.data.RowCount).toBe(res.body.data.Results.length);
    expect((await get<{ Results: unknown[] }>(path, northside)).body.data.Results).toEqual([]);
    expect((await get(`admActivityMasters/get/?activityId=x&pick=true`)).http).toBe(422);
  });
});
