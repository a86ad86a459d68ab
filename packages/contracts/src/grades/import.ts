/**
 * The grade import (001 §2 "Import dialog", §5 "Grade import", §7): the upload, the import (or its preview), its
 * template and its pick list of concepts, their requests and answers.
 */
import { z } from "zod";
import { ZPage } from "../envelope.ts";
import { FILE_DATA_MAX } from "../resource/requests.ts";
import { RECORD_ID_MAX } from "../validation.ts";
import { IMPORT_CONCEPT_KEYS, IMPORT_MAX_CONCEPTS } from "./scale.ts";

const INT = z.number().int();
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

/** The file of a grade import: base64 text, or {name, data} as the dialog uploaded it to admGrades/importAttach. */
export const ZGradeCsvFile = z.union([
  z.string().min(1).max(FILE_DATA_MAX),
  z.object({ name: z.string().max(255), data: z.string().min(1).max(FILE_DATA_MAX) }),
]);

/** POST admGrades/import (001 §7: activityId, sectionId, c1..c10, csvfile): csvfile is base64 text or {name, data}. */
export const ZGradeImport = z
  .looseObject({ ...courseShape, csvfile: ZGradeCsvFile, dryRun: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional() })
  .superRefine(refuseExtraConcepts);

/** POST admGrades/importAttach (001 §7 {name, doc, data}): the upload step; `doc` is not used by grades. */
export const ZGradeImportAttach = z.object({ name: z.string().min(1).max(255), data: z.string().min(1).max(FILE_DATA_MAX) });

export type TGradeImportSection = z.infer<typeof ZGradeImportSection>;
export type TGradeImportCourse = z.infer<typeof ZGradeImportCourse>;
export type TGradeCsvFile = z.infer<typeof ZGradeCsvFile>;
export type TGradeImport = z.infer<typeof ZGradeImport>;
export type TGradeImportAttach = z.infer<typeof ZGradeImportAttach>;

const ZGradeValue = z.union([z.number(), z.string()]).nullable();
/** A grade an import changes (or would change): the student, the concept, the value before and after. */
const ZGradeImportChange = z.object({ studentId: INT, name: z.string(), conceptId: INT, abrev: z.string(), old: ZGradeValue, new: ZGradeValue });
/** A refused line of the file: its number, the column (c1 … c10, student, csvfile) and why. */
const ZImportLine = z.object({ line: INT, field: z.string().nullable(), message: z.string() });
/** POST admGrades/import's answer (with dryRun, the preview): what changes, how many cells stay, the refused lines. */
export const ZGradeImportAnswer = z.object({ changes: z.array(ZGradeImportChange), unchanged: INT, errors: z.array(ZImportLine) });
export type TGradeImportAnswer = z.output<typeof ZGradeImportAnswer>;
/**
 * POST admGrades/importAttach's answer: the file's name with its line and column counts. The file itself is not sent
 * back: the dialog keeps what it uploaded and sends that as csvfile.
 */
export const ZGradeImportAttachAnswer = z.object({ name: z.string(), lines: INT, columns: INT });
export type TGradeImportAttachAnswer = z.output<typeof ZGradeImportAttachAnswer>;
/** GET admGrades/importConcepts: the course's gradable concepts, "abbreviation · name", as one page. */
export const ZGradeImportConceptsAnswer = ZPage(z.object({ ID: INT, name: z.string() }));
export type TGradeImportConceptsAnswer = z.output<typeof ZGradeImportConceptsAnswer>;
