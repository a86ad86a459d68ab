/**
 * The grade endpoints' requests and answers (000 §7, 001 §7): the schemas the server validates them with and the
 * types the screen reads, so that both sides always name the same shapes.
 */
import { z } from "zod";
import type { TPage } from "../envelope.ts";
import type { SheetAbout, SheetLock, StudentRow } from "./sheet.ts";
import { GRADE_TEXT_MAX, IMPORT_CONCEPT_KEYS, IMPORT_MAX_CONCEPTS, numericGrade } from "./scale.ts";
import type { TImportLine } from "../resource/types.ts";
import { RECORD_ID_MAX, ZRecordId } from "../validation.ts";

const ID = ZRecordId;

/** 000 §7: the grade screen's query of GET admGrades/get and admGrades/export (the section comes from the course-section when only that is given). */
export const ZSheetQuery = z.object({
  activityId: ID.optional(),
  activityPartId: ID.optional(),
  periodId: z.coerce.number().int().min(0).max(999_999).optional(),
  sectionId: ID.optional(),
  groupId: ID.optional(),
});
export type TSheetQuery = z.infer<typeof ZSheetQuery>;
/**
 * GET admGrades/get (and admGrades/getFinal): one row per student, surname first, with a grade of every concept; what
 * the sheet is about, and why none of it may be typed in by the caller (null: it may, as far as its concepts allow).
 */
export type TSheetAnswer = TPage<StudentRow> & { about: SheetAbout | null; lock: Exclude<SheetLock, "noWrite"> | null };

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
export interface TAverage extends TCellRef {
  gradeNum: number | null;
  gradeTxt: null;
}
/** The answer of POST admGrades, admGrades/behavior and admGrades/master: the typed cells that changed, and every average recomputed. */
export interface TGradeSaveAnswer {
  saved: number;
  averages: TAverage[];
}

/** GET admGrades/defaultFilters (000 §7): the filters the grade screen opens with, and whether 'Calcular CPROM' is offered. */
export interface TDefaultFilters {
  selectedReport: number;
  periodId: number;
  superSectionId: number | null;
  sectionId: number | null;
  activityId: number | null;
  masterId: number | null;
  activityPartId: number | null;
  canRecalculate: boolean;
}

/** A concept with a student's grade, as GET admGrades/getByStudent and admGrades/group answer it. */
export interface TGradedConcept {
  ID: number;
  parentId: number | null;
  level: number;
  abrev: string;
  name: string;
  type: number;
  calcAverage: boolean;
  locked: boolean;
  canEdit: boolean;
  qualifications: string;
  gradeNum: number | null;
  gradeTxt: string | null;
  /** Behaviour concepts only: whether the student screen types it in (CONDF, TUTR). */
  editable?: boolean;
}
/** GET admGrades/getByStudent/{id} (001 §7): one student's grades in a period. */
export interface TStudentGrades {
  student: { ID: number; name: string; sectionName: string | null; gradeName: string | null };
  periodId: number;
  /** Whether families see these grades online, from when ('YYYY-MM-DD HH:mm' at UTC-5), and the period's message. */
  online: { online: boolean; from: string | null; msg: string | null } | null;
  subjects: { activityId: number; name: string; concepts: TGradedConcept[] }[];
  behavior: TGradedConcept[];
}
/** GET admGrades/group (001 §7): one group of a student's grades, a subject's or (activityId null) the behaviour's. */
export interface TStudentGradeGroup {
  activityId: number | null;
  activityName: string;
  concepts: TGradedConcept[];
}

const KEY = z.number().int().min(1).max(RECORD_ID_MAX);
/** An id from JSON or a query string; an empty one is absent (so that a missing c1 or section reads "is required"). */
const toNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));
const IMPORT_ID = z.preprocess(toNumber, KEY);
const optionalId = z.preprocess(toNumber, KEY.optional());

/** GET admGrades/importConcepts (our path): the subject and the section. */
export const ZGradeImportSection = z.object({ activityId: IMPORT_ID, sectionId: IMPORT_ID });

/** The course and the concepts (the file's columns after the student, in c1 … c10 order; c1 required). */
const courseShape = {
  ...ZGradeImportSection.shape,
  c1: IMPORT_ID,
  c2: optionalId,
  c3: optionalId,
  c4: optionalId,
  c5: optionalId,
  c6: optionalId,
  c7: optionalId,
  c8: optionalId,
  c9: optionalId,
  c10: optionalId,
};

/** c11 and beyond are refused by name: "at most 10 evaluation concepts". */
const refuseExtraConcepts = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of Object.keys(value))
    if (/^c\d+$/.test(key) && !IMPORT_CONCEPT_KEYS.includes(key) && value[key] !== "" && value[key] != null)
      ctx.addIssue({ code: "custom", path: [key], params: { key: "importMaxConcepts", values: { max: IMPORT_MAX_CONCEPTS } } });
};

/** GET admGrades/importTemplate (our path): the course and the concepts. */
export const ZGradeImportCourse = z.looseObject(courseShape).superRefine(refuseExtraConcepts);

/** The file of a grade import: base64 text, or {name, data} as admGrades/importAttach answered it. */
export const ZGradeCsvFile = z.union([z.string().min(1).max(15_000_000), z.object({ name: z.string().max(255), data: z.string().min(1).max(15_000_000) })]);

/** POST admGrades/import (001 §7: activityId, sectionId, c1..c10, csvfile): csvfile is base64 text or {name, data}. */
export const ZGradeImport = z
  .looseObject({ ...courseShape, csvfile: ZGradeCsvFile, dryRun: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional() })
  .superRefine(refuseExtraConcepts);

/** POST admGrades/importAttach (001 §7 {name, doc, data}): the upload step; `doc` is not used by grades. */
export const ZGradeImportAttach = z.object({ name: z.string().min(1).max(255), data: z.string().min(1).max(15_000_000) });

export type TGradeImportSection = z.infer<typeof ZGradeImportSection>;
export type TGradeCsvFile = z.infer<typeof ZGradeCsvFile>;
export type TGradeImport = z.infer<typeof ZGradeImport>;
export type TGradeImportAttach = z.infer<typeof ZGradeImportAttach>;

/** A grade an import changes (or would change): the student, the concept, the value before and after. */
export interface TGradeImportChange {
  studentId: number;
  name: string;
  conceptId: number;
  abrev: string;
  old: number | string | null;
  new: number | string | null;
}
/** POST admGrades/import's answer (with dryRun, the preview): what changes, how many cells stay, the refused lines. */
export interface TGradeImportPreview {
  changes: TGradeImportChange[];
  unchanged: number;
  errors: TImportLine[];
}
/** POST admGrades/importAttach's answer: the file handed back, with its line and column counts. */
export interface TGradeImportAttached {
  name: string;
  data: string;
  lines: number;
  columns: number;
}
