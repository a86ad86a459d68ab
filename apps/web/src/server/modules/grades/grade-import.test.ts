import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { readXlsx } from "../../../test-support/read-xlsx.ts";

const api = apiHarness({ school: true });
type Change = { studentId: number; name: string; conceptId: number; abrev: string; old: number | string | null; new: number | string | null };
type Preview = { changes: Change[]; unchanged: number; errors: { line: number; field: string; message: string }[] };
type Sheet = { Results: { studentId: number; name: string; grades: { conceptId: number; gradeNum: number | null; gradeTxt: string | null }[] }[] };

let admin: string;
let northside: string;
let teacher: string;
let course: { activityId: number; sectionId: number };
let other: { activityId: number; sectionId: number };
const ids: Record<string, number> = {};

/** A term of the teacher's first course with two numeric concepts, a qualification, a comment and a locked concept. */
beforeAll(async () => {
  ({ admin, northside, teacher } = await api.tokens());
  const { db, teacherId } = await api.school();
  const part = await db.activityPart.findFirstOrThrow({ where: { masterId: teacherId, activity: { period: { current: true } } }, include: { activity: true } });
  course = { activityId: part.activityId, sectionId: part.sectionId };
  const otherPart = await db.activityPart.findFirstOrThrow({
    where: { activityId: { not: part.activityId }, NOT: { masterId: teacherId }, activity: { period: { current: true } } },
  });
  other = { activityId: otherPart.activityId, sectionId: otherPart.sectionId };
  const base = { periodId: part.activity.periodId, activityId: part.activityId };
  const term = await db.evalConcept.create({ data: { ...base, name: "Bimestre importado", abrev: "BI", calcAverage: true, order: 95 } });
  const child = (name: string, abrev: string, extra: object = {}) =>
    db.evalConcept.create({ data: { ...base, parentId: term.id, level: 1, name, abrev, ...extra } });
  ids.term = term.id;
  ids.exam = (await child("Examen importado", "EXI")).id;
  ids.work = (await child("Trabajo importado", "TRI")).id;
  ids.attitude = (await child("Actitud importada", "ACI", { type: 1, qualifications: "AD,A,B,C" })).id;
  ids.comment = (await child("Comentario importado", "COI", { type: 2 })).id;
  ids.locked = (await child("Cerrado importado", "CEI", { locked: true })).id;
  ids.farSection = (await db.section.findFirstOrThrow({ where: { parts: { none: { activityId: part.activityId } } } })).id;
  ids.foreign = (
    await db.evalConcept.create({ data: { periodId: base.periodId, activityId: otherPart.activityId, name: "Ajeno importado", abrev: "AJI" } })
  ).id;
});

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
/** A refusal's field messages (422) and, for a refused file, its lines. */
type Refusal = { errors: Record<string, string>; lines?: Preview["errors"] };
const refusal = (res: { body: { data: unknown } }) => res.body.data as Refusal;
const post = <T = Preview>(body: object, token = teacher, locale: "es" | "en" = "es") => api.call<T>("POST", "admGrades/import", { token, locale, body });
const importBody = (csv: string, extra: object = {}) => ({
  ...course,
  c1: ids.exam,
  c2: ids.work,
  c3: ids.attitude,
  csvfile: { name: "notas.csv", data: base64(csv) },
  ...extra,
});
const sheet = async () =>
  (await api.call<Sheet>("GET", `admGrades/get?activityId=${course.activityId}&sectionId=${course.sectionId}`, { token: admin })).body.data.Results;
const gradeOf = (rows: Sheet["Results"], studentId: number, conceptId: number) =>
  rows.find((r) => r.studentId === studentId)!.grades.find((g) => g.conceptId === conceptId)!;
const grades = () => api.db().grade.count();
const trail = () => api.db().gradeChange.count();

describe("grade import (001 §5 Grade import, §7)", () => {
  it("previews the exact changes of a file and writes nothing", async () => {
    const [a, b] = await sheet();
    const csv = `Alumno;EXI;TRI;ACI\n"${a!.name}";7;5;a\n${b!.studentId};6;;B\n`;
    const [before, changes] = [await grades(), await trail()];
    const res = await post(importBody(csv, { dryRun: true }));
    expect(res.http).toBe(200);
    expect(res.body.data.errors).toEqual([]);
    expect(res.body.data.changes).toEqual([
      { studentId: a!.studentId, name: a!.name, conceptId: ids.exam, abrev: "EXI", old: null, new: 7 },
      { studentId: a!.studentId, name: a!.name, conceptId: ids.work, abrev: "TRI", old: null, new: 5 },
      { studentId: a!.studentId, name: a!.name, conceptId: ids.attitude, abrev: "ACI", old: null, new: "A" },
      { studentId: b!.studentId, name: b!.name, conceptId: ids.exam, abrev: "EXI", old: null, new: 6 },
      { studentId: b!.studentId, name: b!.name, conceptId: ids.attitude, abrev: "ACI", old: null, new: "B" },
    ]);
    expect([await grades(), await trail()]).toEqual([before, changes]);
  });

  it("imports all lines in one go, recomputes the term's average and keeps the trail", async () => {
    const [a] = await sheet();
    const before = await trail();
    const res = await post(importBody(`${a!.studentId},8,6,AD\n`), teacher, "en");
    expect(res.body).toMatchObject({ status: 0, msg: "The grades have been imported!" });
    expect(res.body.data.changes).toHaveLength(3);
    const rows = await sheet();
    expect([ids.exam, ids.work].map((id) => gradeOf(rows, a!.studentId, id!).gradeNum)).toEqual([8, 6]);
    expect(gradeOf(rows, a!.studentId, ids.attitude!).gradeTxt).toBe("AD");
    expect(gradeOf(rows, a!.studentId, ids.term!).gradeNum).toBeGreaterThan(0);
    const lines = await api
      .db()
      .gradeChange.findMany({ where: { studentId: a!.studentId, conceptId: { in: [ids.exam!, ids.term!] } }, orderBy: { id: "asc" } });
    expect(lines.map((l) => [l.conceptId === ids.term ? "term" : "exam", l.newNum, l.computed])).toEqual([
      ["exam", 8, false],
      ["term", gradeOf(rows, a!.studentId, ids.term!).gradeNum, true],
    ]);
    expect(await trail()).toBe(before + 4);
    const es = await post(importBody(`${a!.studentId},7\n`));
    expect(es.body.msg).toBe("Se han importando las notas!");
  });

  it("refuses the whole file when a line holds a 9, listing every refused line and column, and writes nothing", async () => {
    const [a, b, c] = await sheet();
    const csv = `${a!.studentId};5;4\n${b!.studentId};9;4\n${c!.studentId};3;x\nNadie Nunca;1;1\n`;
    const before = await trail();
    const res = await post(importBody(csv));
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe("Línea 2: EXI: Solo se permite igresar números del 0 al 8 (3 líneas rechazadas; no se importó nada).");
    expect(refusal(res).lines).toEqual([
      { line: 2, field: "c1", message: "EXI: Solo se permite igresar números del 0 al 8" },
      { line: 3, field: "c2", message: "TRI: Solo se permite igresar números del 0 al 8" },
      { line: 4, field: "student", message: "Ningún alumno de la sección corresponde a “Nadie Nunca”." },
    ]);
    expect(await trail()).toBe(before);
    expect(gradeOf(await sheet(), a!.studentId, ids.exam!).gradeNum).not.toBe(5);
    // The preview lists the same lines and still shows what the good line would do.
    const preview = await post(importBody(csv, { dryRun: true }), teacher, "en");
    expect(preview.body.data.errors.map((e) => [e.line, e.field])).toEqual([
      [2, "c1"],
      [3, "c2"],
      [4, "student"],
    ]);
    expect(preview.body.data.changes.map((ch) => ch.studentId)).toEqual([a!.studentId, a!.studentId]);
  });

  it.each([
    ["es", { c11: 1 }, "c11", "Se pueden importar como máximo 10 conceptos de evaluación a la vez."],
    ["es", { c1: undefined }, "c1", "El campo Concepto 1 es requerido."],
    ["en", { sectionId: undefined }, "sectionId", "The Section field is required."],
    ["en", { csvfile: { name: "notas.xlsx", data: base64("a;1") } }, "csvfile", "The file must be CSV: save it from the spreadsheet as .csv."],
    [
      "es",
      { csvfile: { name: "notas.csv", data: Buffer.from("PK\u0003\u0004binario").toString("base64") } },
      "csvfile",
      "El archivo debe ser CSV: guárdelo desde la hoja de cálculo como .csv.",
    ],
    ["en", { c2: 0 }, "c2", "The Concept 2 must be at least 1."],
  ] as const)("refuses a bad request naming the field (%s, %s)", async (locale, change, field, message) => {
    const res = await post(importBody("1;1\n", change), teacher, locale);
    expect(res.http).toBe(422);
    expect(refusal(res).errors[field]).toBe(message);
  });

  it("refuses locked, averaging, repeated and other courses' concepts, and a section the course is not taught in", async () => {
    const res = await post(importBody("1;1\n", { c2: ids.locked, c3: ids.term, c4: ids.exam, c5: ids.foreign }), teacher, "en");
    expect(res.http).toBe(422);
    expect(refusal(res).errors).toEqual({
      c2: "The Concept 2 is locked, cannot be edited or is an average: its grades cannot be imported.",
      c3: "The Concept 3 is locked, cannot be edited or is an average: its grades cannot be imported.",
      c4: "The Concept 4 is already chosen as Concept 1.",
      c5: "The Concept 5 is not an evaluation concept of this course and section.",
    });
    const section = await post(importBody("1;1\n", { sectionId: ids.farSection }), teacher, "en");
    expect(section.http).toBe(422);
    expect(refusal(section).errors).toEqual({ sectionId: "The course is not taught in that section." });
  });

  it("refuses a teacher another course's grades, and another school the course", async () => {
    const otherRows = (await api.call<Sheet>("GET", `admGrades/get?activityId=${other.activityId}&sectionId=${other.sectionId}`, { token: admin })).body.data
      .Results;
    const body = { ...other, c1: ids.foreign, csvfile: base64(`${otherRows[0]!.studentId};5\n`) };
    const before = await trail();
    expect((await post(body, teacher)).http).toBe(403);
    expect((await post({ ...body, dryRun: true }, teacher)).http).toBe(403);
    expect((await post(importBody(`${otherRows[0]!.studentId};5\n`), northside)).http).toBe(404);
    expect(
      (await api.call("GET", `admGrades/importTemplate?activityId=${course.activityId}&sectionId=${course.sectionId}&c1=${ids.exam}`, { token: northside }))
        .http,
    ).toBe(404);
    expect(await trail()).toBe(before);
  });

  it("checks an upload is CSV (importAttach) and answers it back with its size", async () => {
    const ok = await api.call<{ name: string; lines: number; columns: number }>("POST", "admGrades/importAttach", {
      token: teacher,
      body: { name: "notas.csv", doc: "", data: base64("a;1;2\n\nb;3\n") },
    });
    expect(ok.body.data).toMatchObject({ name: "notas.csv", lines: 2, columns: 3 });
    // Excel's "Unicode text": UTF-16 with its mark, whose zero bytes are no sign of a binary file.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Alumno;Nota\nPeña;7\n", "utf16le")]).toString("base64");
    const unicode = await api.call("POST", "admGrades/importAttach", { token: teacher, body: { name: "notas.csv", data: utf16 } });
    expect(unicode.body.data).toMatchObject({ lines: 2, columns: 2 });
    const pdf = await api.call("POST", "admGrades/importAttach", { token: teacher, locale: "en", body: { name: "notas.csv", data: base64("%PDF-1.7 ...") } });
    expect(pdf.http).toBe(422);
    expect(pdf.body.msg).toBe("The file must be CSV: save it from the spreadsheet as .csv.");
  });

  it("lists the course's gradable concepts for the dialog", async () => {
    const res = await api.call<{ Results: { ID: number }[] }>("GET", `admGrades/importConcepts?activityId=${course.activityId}&sectionId=${course.sectionId}`, {
      token: teacher,
    });
    const listed = res.body.data.Results.map((r) => r.ID);
    expect(listed).toEqual(expect.arrayContaining([ids.exam, ids.work, ids.attitude, ids.comment]));
    for (const id of [ids.term, ids.locked, ids.foreign]) expect(listed).not.toContain(id);
  });

  it("gives a template that, saved as CSV, imports back with no change", async () => {
    const query = `activityId=${course.activityId}&sectionId=${course.sectionId}&c1=${ids.exam}&c2=${ids.attitude}&c3=${ids.comment}`;
    const res = await api.raw("GET", `admGrades/importTemplate?${query}`, { token: teacher });
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const rows = (await readXlsx(await res.arrayBuffer()))[0]!.rows.map((row) => row.map((v) => (v === null ? "" : String(v))));
    const students = await sheet();
    expect(rows[0]).toEqual(["Alumno", "EXI", "ACI", "COI"]);
    expect(rows).toHaveLength(students.length + 1);
    const filled = rows
      .slice(1)
      .flatMap((r) => r.slice(1))
      .filter((v) => v !== "").length;
    expect(filled).toBeGreaterThan(0);
    // What Excel in Spanish writes: `;` between cells, quotes around text with a separator or a quote, Windows-1252
    // (its accented letters are Latin-1's).
    const csv = rows.map((r) => r.map((v) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(";")).join("\r\n");
    expect(csv).toMatch(/[áéíóúñÁÉÍÓÚÑ]/);
    const back = await post({
      ...course,
      c1: ids.exam,
      c2: ids.attitude,
      c3: ids.comment,
      csvfile: { name: "plantilla.csv", data: Buffer.from(csv, "latin1").toString("base64") },
      dryRun: true,
    });
    expect(back.body.data).toEqual({ changes: [], unchanged: filled, errors: [] });
  });
});
