/**
 * The grade sheet's calls (000 §7 "Grade entry"): the read of its rows, the saves of its cells and the filters it opens
 * with, their requests and answers: the schemas the server validates and writes them with and the types the screen
 * reads, so that both sides always name the same shapes.
 */
import { z } from "zod";
import { ZPage } from "../envelope.ts";
import { ZRecordId } from "../validation.ts";
import { GRADE_TEXT_MAX, numericGrade } from "./scale.ts";

const ID = ZRecordId;
/** A whole number of an answer: a record's key, a concept type, a count. */
const INT = z.number().int();

/** 000 §7: the grade screen's query of GET admGrades/get and admGrades/export (the section comes from the course-section when only that is given). */
export const ZSheetQuery = z.object({
  activityId: ID.optional(),
  activityPartId: ID.optional(),
  periodId: z.coerce.number().int().min(0).max(999_999).optional(),
  sectionId: ID.optional(),
  groupId: ID.optional(),
});
export type TSheetQuery = z.infer<typeof ZSheetQuery>;

/** One grade of a student row (000 §3): its value, and what its concept says of it (the same on every row). */
const ZSheetGrade = z.object({
  conceptId: INT,
  gradeNum: z.number().nullable(),
  gradeTxt: z.string().nullable(),
  type: INT,
  parentId: INT.nullable(),
  locked: z.boolean(),
  canEdit: z.boolean(),
  calcAverage: z.boolean(),
  sync: z.boolean(),
});
/** A student of the sheet, surname first, with their photo's link and a grade of every concept. */
const ZStudentRow = z.object({ studentId: INT, name: z.string(), img: z.string().nullable(), grades: z.array(ZSheetGrade) });
/** What the sheet is about (000 §2.9 print header, the export's file name). */
const ZSheetAbout = z.object({
  period: z.string(),
  /** "3.º A" (the grade and its section), or a student group's name. */
  section: z.string(),
  course: z.string().nullable(),
  teacher: z.string().nullable(),
});
/**
 * GET admGrades/get (and admGrades/getFinal): one row per student, surname first, with a grade of every concept; what
 * the sheet is about, and why none of it may be typed in by the caller (null: it may, as far as its concepts allow).
 * The server writes this answer's JSON itself, as it reads the grades; the schema types it for both sides.
 */
export const ZSheetAnswer = ZPage(ZStudentRow).extend({ about: ZSheetAbout.nullable(), lock: z.enum(["periodClosed", "notYourCourse"]).nullable() });
export type TSheetAnswer = z.output<typeof ZSheetAnswer>;

/** One cell of a save: a concept and a student, with the value typed. */
export const ZGradeCell = z.object({
  conceptId: ID,
  studentId: ID,
  gradeNum: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .refine((value) => !("error" in numericGrade(value)), { params: { key: "grade" } }),
  gradeTxt: z.union([z.string().max(GRADE_TEXT_MAX * 4), z.null()]).optional(),
});
const cells = <T extends z.ZodType>(cell: T) => z.object({ grades: z.array(cell).min(1).max(5_000) });
/** 000 §7: POST admGrades (and admGrades/behavior): the cells that changed. */
export const ZGradeSave = cells(ZGradeCell);
/** 001 §7: POST admGrades/master: cells as above; `averaged` asks for the cell's average to be recalculated. */
export const ZMasterSave = cells(ZGradeCell.extend({ averaged: z.boolean().optional() }));
/** A typed cell as POST admGrades takes it (after parsing). */
export type TGradeCell = z.infer<typeof ZGradeCell>;
export type TGradeSave = z.infer<typeof ZGradeSave>;
export type TMasterSave = z.infer<typeof ZMasterSave>;
/** The body of POST admGrades (and admGrades/behavior) as the screen sends it. */
export type TGradeSaveBody = z.input<typeof ZGradeSave>;

/** One student's grade of one concept (`cellKey` names it in maps). */
export interface TCellRef {
  conceptId: number;
  studentId: number;
}
/** A cell with its value, as the screen puts it in place. */
export interface TCellValue extends TCellRef {
  gradeNum: number | null;
  gradeTxt: string | null;
}
/** An average the server recomputed: always a number (or none), never text. */
const ZAverage = z.object({ conceptId: INT, studentId: INT, gradeNum: z.number().nullable(), gradeTxt: z.null() });
export type TAverage = z.output<typeof ZAverage>;
/** The answer of POST admGrades, admGrades/behavior and admGrades/master: the typed cells that changed, and every average recomputed. */
export const ZGradeSaveAnswer = z.object({ saved: INT, averages: z.array(ZAverage) });
export type TGradeSaveAnswer = z.output<typeof ZGradeSaveAnswer>;

/** GET admGrades/defaultFilters (000 §7): the filters the grade screen opens with, and whether 'Calcular CPROM' is offered. */
export const ZDefaultFiltersAnswer = z.object({
  selectedReport: INT,
  periodId: INT,
  superSectionId: INT.nullable(),
  sectionId: INT.nullable(),
  activityId: INT.nullable(),
  masterId: INT.nullable(),
  activityPartId: INT.nullable(),
  canRecalculate: z.boolean(),
});
export type TDefaultFiltersAnswer = z.output<typeof ZDefaultFiltersAnswer>;
