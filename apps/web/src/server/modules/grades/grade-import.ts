import {
  cellKey,
  CONCEPT_TYPE,
  IMPORT_CONCEPT_KEYS,
  type TGradeCell,
  type TGradeCsvFile,
  type TGradeImport,
  type TGradeImportAnswer,
  type TGradeImportAttach,
  type TGradeImportAttachAnswer,
  type TGradeImportConceptsAnswer,
  type TGradeImportSection,
  type TImportLine,
} from "@pizarra/contracts";
import { fieldRefusal, notFound, validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { asAppError } from "../../http/refusal.ts";
import { decodeText, parseCsv } from "../../resource/csv.ts";
import { fullName } from "../../resource/display.ts";
import { IMPORT_MAX_ROWS } from "../../resource/import.ts";
import { trial } from "../../resource/trial.ts";
import { xlsxResponse } from "../../resource/xlsx.ts";
import { readGrades, type Value, type WriteTx } from "./grade-store.ts";
import { sectionRoster } from "./roster.ts";
import { writeCells } from "./save-grades.ts";

/** How many refused lines an answer spells out (as the generic import). */
const SHOWN_LINES = 50;
/** The course and, under c1 … c10, the chosen concepts' ids (as contracts' ZGradeImport and ZGradeImportCourse parsed them). */
type Course = { activityId: number; sectionId: number; [key: string]: unknown };
type Concept = { id: number; abrev: string; name: string; type: number; key: string };
type Student = { id: number; name: string; externalId: string | null; documentnumber: string | null };

/** A concept that takes typed grades: not locked, editable, not an average, not hidden. */
const GRADABLE = { locked: false, canEdit: true, calcAverage: false, hidden: false, isBehavior: false } as const;

/** Text compared without accents, case, commas or repeated spaces ("Pérez Soto, Ana" = "perez soto ana"). */
const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[,\s]+/g, " ")
    .trim()
    .toLowerCase();

/** The subject taught in the section (an ActivityPart), or the refusal naming what is wrong. */
async function courseOf(ctx: AuthedContext, course: Course) {
  const activity = await ctx.db.activity.findFirst({ where: { id: course.activityId }, select: { id: true, name: true, periodId: true } });
  if (!activity) throw notFound();
  const part = await ctx.db.activityPart.findFirst({
    where: { activityId: activity.id, sectionId: course.sectionId },
    select: { section: { select: { name: true, superSection: { select: { name: true } } } } },
  });
  if (!part) throw fieldRefusal("sectionId", ctx.t("concepts.sectionSubject"));
  return { activity, sectionName: `${part.section.superSection.name} ${part.section.name}` };
}

/** The chosen concepts in c1 … c10 order (empty places skipped), each of this course and section and gradable. */
async function conceptsOf(ctx: AuthedContext, course: Course): Promise<Concept[]> {
  const chosen = IMPORT_CONCEPT_KEYS.flatMap((key) => {
    const id = course[key];
    return typeof id === "number" ? [{ key, id }] : [];
  });
  const rows = await ctx.db.evalConcept.findMany({
    where: { id: { in: chosen.map((c) => c.id) }, activityId: course.activityId, OR: [{ sectionId: null }, { sectionId: course.sectionId }] },
    select: { id: true, abrev: true, name: true, type: true, locked: true, canEdit: true, calcAverage: true, hidden: true, isBehavior: true },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string> = {};
  const seen = new Map<number, string>();
  for (const { key, id } of chosen) {
    const attribute = ctx.t(`fields.${key}`);
    const concept = byId.get(id);
    if (!concept) errors[key] = ctx.t("gradeImport.conceptCourse", { attribute });
    else if (seen.has(id)) errors[key] = ctx.t("gradeImport.conceptTwice", { attribute, other: ctx.t(`fields.${seen.get(id)}`) });
    else if (Object.entries(GRADABLE).some(([flag, wanted]) => concept[flag as keyof typeof GRADABLE] !== wanted))
      errors[key] = ctx.t("gradeImport.notGradable", { attribute });
    seen.set(id, seen.get(id) ?? key);
  }
  if (Object.keys(errors).length) throw validationRefusal(errors);
  return chosen.map(({ key, id }) => {
    const { abrev, name, type } = byId.get(id)!;
    return { key, id, abrev, name, type };
  });
}

/** The active students of the section, surname first, as the grade sheet lists them. */
async function studentsOf(ctx: AuthedContext, sectionId: number): Promise<Student[]> {
  const students = await sectionRoster(ctx.db, { sectionId }, { externalId: true, documentnumber: true });
  return students.map((user) => ({
    id: user.id,
    name: fullName(user, ctx.user.givenNamesFirst),
    externalId: user.externalId,
    documentnumber: user.documentnumber,
  }));
}

/**
 * Who a line's first cell names: the student's ID, their school code or document number, or their name as the
 * template writes it (surnames first; accents, case and commas do not matter). A name two students share names nobody.
 */
function studentFinder(students: Student[]) {
  const byKey = new Map<string, Student | null>();
  const add = (key: string | null, student: Student) => {
    if (!key) return;
    const k = folded(key);
    byKey.set(k, byKey.has(k) && byKey.get(k)?.id !== student.id ? null : student);
  };
  for (const s of students) add(s.name, s);
  // Codes win over a name that happens to read the same.
  for (const s of students) for (const key of [String(s.id), s.externalId, s.documentnumber]) if (key) byKey.set(folded(key), s);
  return (text: string) => byKey.get(folded(text));
}

/** The template's student cell: the name, or the ID when two students of the section share it. */
function studentLabels(students: Student[]): Map<number, string> {
  const find = studentFinder(students);
  return new Map(students.map((s) => [s.id, find(s.name) ? s.name : String(s.id)]));
}

const shownValue = (grade: Value | undefined) => grade?.gradeNum ?? grade?.gradeTxt ?? null;

/** The stored grades of the concepts for the students, by cell (`cellKey`). */
const gradesOf = (db: AuthedContext["db"] | WriteTx, concepts: Concept[], students: Student[]) =>
  readGrades(
    db,
    concepts.map((c) => c.id),
    students.map((s) => s.id),
  );

/** The file's text (decoded as every CSV import decodes it): a .csv name, no binary content (an .xlsx, a PDF). */
function csvText(ctx: AuthedContext, file: TGradeCsvFile, field: string): string {
  const notCsv = () => fieldRefusal(field, ctx.t("gradeImport.notCsv"));
  const { name, data } = typeof file === "string" ? { name: null, data: file } : file;
  if (name !== null && !/\.csv$/i.test(name.trim())) throw notCsv();
  const payload = data.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) throw fieldRefusal(field, ctx.t("validation.base64", { attribute: ctx.t(`fields.${field}`) }));
  // Judged on the text, not the bytes: UTF-16 text holds zero bytes, binary content decodes to NUL characters.
  const text = decodeText(Buffer.from(payload, "base64"));
  if (text.includes("\0") || /^(PK|%PDF)/.test(text)) throw notCsv();
  return text;
}

/** The file's lines that hold something, each with its line number in the file. */
function linesOf(ctx: AuthedContext, text: string, field: string): { line: number; cells: string[] }[] {
  const lines = parseCsv(text)
    .map((cells, i) => ({ line: i + 1, cells: cells.map((c) => c.trim()) }))
    .filter((l) => l.cells.some((c) => c !== ""));
  if (lines.length === 0) throw fieldRefusal(field, ctx.t("gradeImport.empty"));
  if (lines.length > IMPORT_MAX_ROWS)
    throw fieldRefusal(field, ctx.t("validation.importTooMany", { attribute: ctx.t(`fields.${field}`), max: IMPORT_MAX_ROWS }));
  return lines;
}

/** A first line is a header when its student cell is a column title or its concept cells are the concepts' abbreviations or names. */
function isHeader(ctx: AuthedContext, cells: string[], concepts: Concept[]): boolean {
  const titles = new Set(["id", "dni", folded(ctx.t("gradeSheet.student")), "alumno", "student", "estudiante"]);
  return titles.has(folded(cells[0] ?? "")) || concepts.every((c, i) => [folded(c.abrev), folded(c.name)].includes(folded(cells[i + 1] ?? "")));
}

/** A cell's text as a typed value for writeCells: qualifications in any case. */
function cellOf(concept: Concept, studentId: number, text: string): TGradeCell {
  if (concept.type === CONCEPT_TYPE.numeric) return { conceptId: concept.id, studentId, gradeNum: text };
  return { conceptId: concept.id, studentId, gradeTxt: concept.type === CONCEPT_TYPE.qualification ? text.toUpperCase() : text };
}

/** A refused write's message, or the error itself when it is no validation refusal (403, 404, 409 end the import). */
function refusalMessage(error: unknown): string {
  const app = asAppError(error);
  const message = (app?.data as { msg?: string } | null)?.msg;
  if (app?.httpStatus !== 422 || !message) throw error;
  return message;
}

/**
 * POST admGrades/import (001 §5, §7): a CSV whose lines are a student and then one value per chosen concept (c1 …
 * c10 order; a first line of titles is skipped). An empty cell leaves the grade as it is. Every value goes through
 * writeCells, the grade sheet's one write path (its validation, locks, trail and averages), line by line inside ONE
 * transaction: a refused line refuses the file, every refused line is listed with its column, nothing is written.
 * `dryRun` does it all and rolls back, answering what would change (and what is refused) for the screen to show.
 */
export async function importGrades(ctx: AuthedContext & { body: TGradeImport }): Promise<Reply<TGradeImportAnswer>> {
  const { body } = ctx;
  await courseOf(ctx, body);
  const concepts = await conceptsOf(ctx, body);
  const lines = linesOf(ctx, csvText(ctx, body.csvfile, "csvfile"), "csvfile");
  const students = await studentsOf(ctx, body.sectionId);
  const find = studentFinder(students);
  if (isHeader(ctx, lines[0]!.cells, concepts)) lines.shift();

  const errors: TImportLine[] = [];
  const refuse = (line: number, field: string, message: string) => errors.push({ line, field, message });
  const lineOfStudent = new Map<number, number>();
  const work: { line: number; cells: { concept: Concept; cell: TGradeCell }[] }[] = [];
  for (const { line, cells } of lines) {
    const [who = "", ...values] = cells;
    const student = find(who);
    if (!who) refuse(line, "student", ctx.t("validation.required", { attribute: ctx.t("gradeSheet.student") }));
    else if (!student) refuse(line, "student", ctx.t("gradeImport.noStudent", { value: who }));
    else if (lineOfStudent.has(student.id)) refuse(line, "student", ctx.t("gradeImport.twice", { line: lineOfStudent.get(student.id)! }));
    if (values.slice(concepts.length).some((v) => v !== "")) refuse(line, "csvfile", ctx.t("gradeImport.extraColumns", { count: concepts.length + 1 }));
    if (!student || lineOfStudent.has(student.id)) continue;
    lineOfStudent.set(student.id, line);
    work.push({ line, cells: concepts.flatMap((concept, i) => (values[i] ? [{ concept, cell: cellOf(concept, student.id, values[i]) }] : [])) });
  }

  const before = await gradesOf(ctx.db, concepts, students);
  const apply = async (tx: WriteTx): Promise<TGradeImportAnswer> => {
    for (const { line, cells } of work) {
      if (cells.length === 0) continue;
      await tx.$executeRawUnsafe("SAVEPOINT grade_line");
      try {
        await writeCells(
          tx,
          ctx,
          cells.map((c) => c.cell),
          false,
        );
        await tx.$executeRawUnsafe("RELEASE SAVEPOINT grade_line");
      } catch (error) {
        await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT grade_line");
        // The line as a whole was refused: each of its cells alone tells which columns.
        for (const { concept, cell } of cells) {
          await tx.$executeRawUnsafe("SAVEPOINT grade_cell");
          try {
            await writeCells(tx, ctx, [cell], false);
          } catch (cellError) {
            refuse(line, concept.key, `${concept.abrev}: ${refusalMessage(cellError)}`);
          }
          await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT grade_cell");
        }
        if (!errors.some((e) => e.line === line)) throw error;
      }
    }
    const after = await gradesOf(tx, concepts, students);
    const byId = new Map(students.map((s) => [s.id, s]));
    const cells = work
      .flatMap((w) => w.cells)
      .map(({ concept, cell }) => {
        const key = cellKey(concept.id, cell.studentId);
        return {
          studentId: cell.studentId,
          name: byId.get(cell.studentId)!.name,
          conceptId: concept.id,
          abrev: concept.abrev,
          old: shownValue(before.get(key)),
          new: shownValue(after.get(key)),
        };
      });
    const changes = cells.filter((c) => c.old !== c.new);
    return { changes, unchanged: cells.length - changes.length, errors: errors.sort((a, b) => a.line - b.line) };
  };

  if (body.dryRun) return { data: await trial(ctx.db, apply, { timeout: 120_000 }) };
  const result = await ctx.db.$transaction(
    async (tx) => {
      const preview = await apply(tx);
      if (preview.errors.length) throw lineRefusal(ctx, preview.errors);
      return preview;
    },
    { timeout: 120_000 },
  );
  return { data: result, msgKey: "gradeImport.imported" };
}

/** A refused file: the first line's message names it and how many were refused; every line (up to 50) goes along. */
function lineRefusal(ctx: AuthedContext, lines: TImportLine[]) {
  const first = lines[0]!;
  const msg = ctx.t("validation.importLines", { count: lines.length, line: first.line, message: first.message });
  return validationRefusal({ csvfile: msg }, { lines: lines.slice(0, SHOWN_LINES), refused: lines.length });
}

/**
 * POST admGrades/importAttach (001 §7 {name, doc, data}): the dialog's upload step. Nothing is stored: the file is
 * checked to be CSV (by name and content) and its name answered with its line and column counts; the dialog then
 * sends the {name, data} it uploaded as csvfile of admGrades/import.
 */
export async function attachGradeFile(ctx: AuthedContext & { body: TGradeImportAttach }): Promise<Reply<TGradeImportAttachAnswer>> {
  const lines = linesOf(ctx, csvText(ctx, ctx.body, "data"), "data");
  return { data: { name: ctx.body.name, lines: lines.length, columns: Math.max(...lines.map((l) => l.cells.length)) } };
}

/** The rows of the template as one page of the streamed workbook. */
async function* onePage(rows: unknown[][]) {
  yield rows;
}

/**
 * GET admGrades/importTemplate (our path; 001 §2 "an Excel template download"): an .xlsx with the student column
 * filled for every student of the section and one column per chosen concept (its abbreviation), holding the current
 * grades. Saved as CSV it imports back unchanged.
 */
export async function gradeImportTemplate(ctx: AuthedContext & { query: Course }): Promise<Reply<null> & { response: Response }> {
  const { activity, sectionName } = await courseOf(ctx, ctx.query);
  const concepts = await conceptsOf(ctx, ctx.query);
  const students = await studentsOf(ctx, ctx.query.sectionId);
  const grades = await gradesOf(ctx.db, concepts, students);
  const labels = studentLabels(students);
  const headers = [ctx.t("gradeSheet.student"), ...concepts.map((c) => c.abrev)];
  const rows = students.map((s) => [labels.get(s.id), ...concepts.map((c) => shownValue(grades.get(cellKey(c.id, s.id))))]);
  const title = `${activity.name} ${sectionName}`;
  return {
    data: null,
    response: xlsxResponse(`${ctx.t("gradeImport.templateName")} - ${title}.xlsx`, ctx.t("gradeImport.templateName"), headers, onePage(rows)),
  };
}

/** GET admGrades/importConcepts?activityId&sectionId (our path): the dialog's pick list of the course's gradable concepts. */
export async function importableConcepts(ctx: AuthedContext & { query: TGradeImportSection }): Promise<Reply<TGradeImportConceptsAnswer>> {
  const { activityId, sectionId } = ctx.query;
  const rows = await ctx.db.evalConcept.findMany({
    where: { activityId, OR: [{ sectionId: null }, { sectionId }], children: { none: {} }, ...GRADABLE },
    orderBy: [{ level: "asc" }, { order: "asc" }],
    select: { id: true, name: true, abrev: true },
  });
  const Results = rows.map((r) => ({ ID: r.id, name: `${r.abrev} · ${r.name}` }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}
