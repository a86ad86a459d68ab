import { letterOf, type TSheetAnswer, weightedAverage } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { readXlsx } from "../../../test-support/read-xlsx.ts";

const api = apiHarness({ school: true });
type Cell = { conceptId: number; gradeNum: number | null; gradeTxt: string | null; locked: boolean; calcAverage: boolean };
type Sheet = { Results: { studentId: number; name: string; grades: Cell[] }[] };
type SheetAbout = Pick<TSheetAnswer, "about" | "lock">;
type Save = { saved: number; averages: { conceptId: number; studentId: number; gradeNum: number | null }[] };

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;
let partId: number;
let otherPartId: number;
const ids: Record<string, number> = {};

/** A term of the teacher's first course with three graded children, a comment, a locked and a closed concept. */
beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
  const { db, teacherId } = await api.school();
  const part = await db.activityPart.findFirstOrThrow({ where: { masterId: teacherId, activity: { period: { current: true } } }, include: { activity: true } });
  partId = part.id;
  const otherPart = await db.activityPart.findFirstOrThrow({
    where: { activityId: { not: part.activityId }, NOT: { masterId: teacherId }, activity: { period: { current: true } } },
  });
  otherPartId = otherPart.id;
  const base = { periodId: part.activity.periodId, activityId: part.activityId };
  ids.foreign = (await db.evalConcept.create({ data: { periodId: base.periodId, activityId: otherPart.activityId, name: "Ajeno", abrev: "AJ" } })).id;
  const term = await db.evalConcept.create({ data: { ...base, name: "Bimestre de prueba", abrev: "BP", calcAverage: true, order: 90 } });
  const child = (name: string, extra: object) =>
    db.evalConcept.create({ data: { ...base, parentId: term.id, level: 1, name, abrev: name.slice(0, 3), ...extra } });
  ids.term = term.id;
  ids.exam = (await child("Examen", { weightType: "manual", weight: 50 })).id;
  ids.work = (await child("Trabajos", {})).id;
  ids.attitude = (await child("Actitud", { type: 1, qualifications: "AD,A,B,C" })).id;
  ids.comment = (await child("Comentario", { type: 2 })).id;
  ids.locked = (await child("Cerrado", { locked: true })).id;
  ids.closed = (await child("Sin edición", { canEdit: false })).id;
  ids.hiddenTerm = (await db.evalConcept.create({ data: { ...base, name: "Oculto", abrev: "OC", hidden: true, order: 91 } })).id;
  ids.underHidden = (await db.evalConcept.create({ data: { ...base, parentId: ids.hiddenTerm, level: 1, name: "Bajo oculto", abrev: "BO" } })).id;
});

const sheet = async (token = teacher) => (await api.call<Sheet>("GET", `admGrades/get?activityPartId=${partId}`, { token })).body.data.Results;
const save = (grades: object[], token = teacher, locale: "es" | "en" = "es") => api.call<Save>("POST", "admGrades", { token, locale, body: { grades } });
const cell = (rows: Sheet["Results"], studentId: number, conceptId: number) =>
  rows.find((r) => r.studentId === studentId)!.grades.find((g) => g.conceptId === conceptId)!;
const changes = () => api.db().gradeChange.count();

describe("the grade sheet (000 §7 Grade entry)", () => {
  it("lists the section's students, surname first, with a cell for every concept of the course", async () => {
    const rows = await sheet();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b, "es")));
    const conceptIds = rows[0]!.grades.map((g) => g.conceptId);
    const shown = Object.entries(ids).filter(([key]) => !["foreign", "hiddenTerm", "underHidden"].includes(key));
    expect(conceptIds).toEqual(expect.arrayContaining(shown.map(([, id]) => id)));
    // Another course's concepts, a hidden concept and everything under it are not on the sheet.
    for (const key of ["foreign", "hiddenTerm", "underHidden"]) expect(conceptIds).not.toContain(ids[key]);
    expect(cell(rows, rows[0]!.studentId, ids.term!)).toMatchObject({ calcAverage: true, locked: false });
    expect(cell(rows, rows[0]!.studentId, ids.locked!)).toMatchObject({ locked: true });
  });

  it("saves only what changed, recomputes the term's weighted average in the same save and keeps the trail", async () => {
    const [student] = await sheet();
    const id = student!.studentId;
    const first = await save([
      { conceptId: ids.exam, studentId: id, gradeNum: 8 },
      { conceptId: ids.work, studentId: id, gradeNum: 5 },
      { conceptId: ids.attitude, studentId: id, gradeTxt: "A" },
      { conceptId: ids.comment, studentId: id, gradeTxt: "Participa con entusiasmo." },
    ]);
    expect(first.body).toMatchObject({ status: 0, msg: "Notas guardadas.", data: { saved: 4 } });
    // Exam weighs 50 %; work, attitude (A counts 7) and the two ungraded concepts share the other half, so only the
    // graded ones count for now; the comment does not count.
    const expected = weightedAverage([
      { value: 8, weightType: "manual", weight: 50 },
      { value: 5, weightType: "auto", weight: -1 },
      { value: 7, weightType: "auto", weight: -1 },
      { value: null, weightType: "auto", weight: -1 },
      { value: null, weightType: "auto", weight: -1 },
    ]);
    expect(expected).toBe(7.33);
    expect(first.body.data.averages).toEqual([{ conceptId: ids.term, studentId: id, gradeNum: expected, gradeTxt: null }]);
    expect(cell(await sheet(), id, ids.term!).gradeNum).toBe(expected);

    const before = await changes();
    const again = await save([{ conceptId: ids.exam, studentId: id, gradeNum: 8 }]);
    expect(again.body.data).toEqual({ saved: 0, averages: [] });
    expect(await changes()).toBe(before);

    await save([{ conceptId: ids.exam, studentId: id, gradeNum: null }]);
    const trail = await api.db().gradeChange.findMany({ where: { studentId: id, conceptId: { in: [ids.exam!, ids.term!] } }, orderBy: { id: "asc" } });
    expect(trail.map((c) => [c.conceptId === ids.term ? "term" : "exam", c.oldNum, c.newNum, c.computed])).toEqual([
      ["exam", null, 8, false],
      ["term", null, expected, true],
      ["exam", 8, null, false],
      ["term", expected, 6, true],
    ]);
  });

  it.each([
    ["es", { gradeNum: 9 }, "Solo se permite igresar números del 0 al 8"],
    ["en", { gradeNum: 2.5 }, "Only numbers from 0 to 8 may be entered"],
  ] as const)("refuses a number out of 0-8 (%s) and writes nothing of the save", async (locale, value, message) => {
    const [student] = await sheet();
    const before = await changes();
    const res = await save(
      [
        { conceptId: ids.work, studentId: student!.studentId, gradeNum: 3 },
        { conceptId: ids.exam, studentId: student!.studentId, ...value },
      ],
      teacher,
      locale,
    );
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(await changes()).toBe(before);
  });

  it("refuses a qualification off the list, a text over 700 characters, locked, closed and average cells", async () => {
    const id = (await sheet())[1]!.studentId;
    expect((await save([{ conceptId: ids.attitude, studentId: id, gradeTxt: "B+" }], teacher, "en")).body.msg).toBe("The grade must be one of: AD,A,B,C.");
    expect((await save([{ conceptId: ids.comment, studentId: id, gradeTxt: "x".repeat(701) }])).http).toBe(422);
    for (const conceptId of [ids.locked, ids.closed, ids.term]) expect((await save([{ conceptId, studentId: id, gradeNum: 5 }])).http).toBe(409);
  });

  it("refuses a teacher another course, a user without the module and another school", async () => {
    const other = (await api.call<Sheet>("GET", `admGrades/get?activityPartId=${otherPartId}`, { token: admin })).body.data.Results[0]!;
    expect((await save([{ conceptId: ids.foreign, studentId: other.studentId, gradeNum: 5 }])).http).toBe(403);
    expect((await save([{ conceptId: ids.foreign, studentId: other.studentId, gradeNum: 5 }], admin)).body.status).toBe(0);
    const id = (await sheet())[0]!.studentId;
    expect((await save([{ conceptId: ids.work, studentId: id, gradeNum: 5 }], secretary)).http).toBe(403);
    expect((await save([{ conceptId: ids.work, studentId: id, gradeNum: 5 }], northside)).http).toBe(404);
    expect((await api.call("GET", `admGrades/get?activityPartId=${partId}`, { token: northside })).http).toBe(404);
  });

  it("never leaves a torn state or a stale average when teachers save the same cells at once", async () => {
    const id = (await sheet())[2]!.studentId;
    const values = [2, 8, 5, 7, 3, 6, 4, 8, 1, 6];
    const results = await Promise.all(
      values.map((n, i) =>
        save(
          [
            { conceptId: ids.exam, studentId: id, gradeNum: n },
            { conceptId: ids.work, studentId: id, gradeNum: values[(i + 3) % values.length] },
          ],
          i % 2 ? admin : teacher,
        ),
      ),
    );
    expect(results.every((r) => r.body.status === 0)).toBe(true);
    const rows = await sheet();
    const exam = cell(rows, id, ids.exam!).gradeNum;
    const work = cell(rows, id, ids.work!).gradeNum;
    expect(cell(rows, id, ids.term!).gradeNum).toBe(
      weightedAverage([
        { value: exam, weightType: "manual", weight: 50 },
        { value: work, weightType: "auto", weight: -1 },
        ...[0, 1, 2].map(() => ({ value: null, weightType: "auto", weight: -1 })),
      ]),
    );
    // Every change is in the trail, one after another: each old value is the previous new one.
    const trail = await api.db().gradeChange.findMany({ where: { studentId: id, conceptId: ids.exam }, orderBy: { id: "asc" } });
    for (let i = 1; i < trail.length; i++) expect(trail[i]!.oldNum).toBe(trail[i - 1]!.newNum);
    expect(trail.at(-1)!.newNum).toBe(exam);
  });

  it("offers a teacher their own first course of the current period as default filters", async () => {
    const res = await api.call<Record<string, unknown>>("GET", "admGrades/defaultFilters", { token: teacher });
    expect(res.body.data).toMatchObject({ selectedReport: 1, periodId: 202601, activityPartId: partId });
    expect((await api.call<Record<string, unknown>>("GET", "admGrades/defaultFilters", { token: admin })).body.data).toMatchObject({
      selectedReport: 2,
      periodId: 202601,
    });
  });

  it("exports the sheet named after its course and section, sheet notas, with a grade and each average's letter read back", async () => {
    const [student] = await sheet();
    await save([
      { conceptId: ids.exam, studentId: student!.studentId, gradeNum: 8 },
      { conceptId: ids.work, studentId: student!.studentId, gradeNum: 6 },
    ]);
    const term = cell(await sheet(), student!.studentId, ids.term!).gradeNum!;
    const { db } = await api.school();
    const part = await db.activityPart.findFirstOrThrow({ where: { id: partId }, include: { activity: true, section: { include: { superSection: true } } } });
    const res = await api.raw("GET", `admGrades/export?activityPartId=${partId}`, { token: teacher });
    const name = `calificaciones - ${part.activity.name} - ${part.section.superSection.name} ${part.section.name}.xlsx`;
    const disposition = res.headers.get("content-disposition")!;
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe(name);
    // The plain name, for clients that do not read filename*, is the same in ASCII.
    expect(disposition).toContain(`filename="${name.normalize("NFD").replace(/[^\x20-\x7e]/g, "")}"`);
    const [heading, row] = (await readXlsx(await res.arrayBuffer())).find((s) => s.name === "notas")!.rows;
    const headers = heading!.map(String);
    expect(row![0]).toBe(student!.name);
    // Each column is headed by its concept's path (the subject, the term, the concept).
    const work = headers.findIndex((h) => h.endsWith(" › BP › Tra"));
    expect(work).toBeGreaterThan(0);
    expect(row![work]).toBe(6);
    // The term's average is a number, and its letter (000 §3) stands in the column after it.
    const average = headers.findIndex((h) => h.endsWith(" › BP"));
    expect(headers[average + 1]).toBe(`${headers[average]} (Letra)`);
    expect(row![average]).toBe(term);
    expect(row![average + 1]).toBe(letterOf(term));
  });

  it("says what the sheet is about and whether the caller may type in it: their course, another's, a closed period", async () => {
    const { db, teacherId } = await api.school();
    const part = await db.activityPart.findFirstOrThrow({ where: { id: partId }, include: { activity: { include: { period: true } }, section: true } });
    const master = await db.user.findFirstOrThrow({ where: { id: teacherId } });
    const mine = (await api.call<SheetAbout>("GET", `admGrades/get?activityPartId=${partId}`, { token: teacher })).body.data;
    expect(mine.lock).toBeNull();
    expect(mine.about).toMatchObject({ period: part.activity.period.name, course: part.activity.name, teacher: expect.stringContaining(master.name) });
    expect(mine.about!.section.endsWith(` ${part.section.name}`)).toBe(true);
    expect((await api.call<SheetAbout>("GET", `admGrades/get?activityPartId=${otherPartId}`, { token: teacher })).body.data.lock).toBe("notYourCourse");
    expect((await api.call<SheetAbout>("GET", `admGrades/get?activityPartId=${otherPartId}`, { token: admin })).body.data.lock).toBeNull();

    const id = (await sheet())[0]!.studentId;
    await db.period.updateMany({ where: { id: part.activity.periodId }, data: { closed: true } });
    try {
      expect((await api.call<SheetAbout>("GET", `admGrades/get?activityPartId=${partId}`, { token: teacher })).body.data.lock).toBe("periodClosed");
      const before = await changes();
      const refused = await save([{ conceptId: ids.work, studentId: id, gradeNum: 4 }], admin);
      expect(refused.http).toBe(409);
      expect(refused.body.msg).toBe("El periodo está cerrado: sus notas ya no se pueden cambiar.");
      expect(await changes()).toBe(before);
    } finally {
      await db.period.updateMany({ where: { id: part.activity.periodId }, data: { closed: false } });
    }
  });
});
