/**
 * One spreadsheet of students and families (001 §2-§3 students, 002 §3 relatives, 000 §2 import): its columns, the
 * import's request, and what the trial run and the import answer.
 */
import { z } from "zod";
import { ZImportBody } from "../resource/requests.ts";

/** The student's columns, in the template's order. Grade and section are the current period's, named as admSection shows them. */
export const FAMILY_STUDENT_COLUMNS = [
  "externalId",
  "last",
  "last2",
  "name",
  "gender",
  "birthday",
  "mail",
  "documenttype",
  "documentnumber",
  "grade",
  "section",
] as const;
/** Each guardian's columns (the template writes them twice, for guardian 1 and guardian 2). */
export const FAMILY_GUARDIAN_COLUMNS = ["name", "last", "documenttype", "documentnumber", "cel", "mail", "relation", "principal", "pays", "pickup"] as const;
/** How many guardians one line may name. */
export const FAMILY_GUARDIANS_PER_LINE = 2;
export type TFamilyStudentColumn = (typeof FAMILY_STUDENT_COLUMNS)[number];
export type TFamilyGuardianColumn = (typeof FAMILY_GUARDIAN_COLUMNS)[number];

/** A column as the answer names it: `externalId`, or `guardian1.cel`. */
export const familyColumnKey = (column: TFamilyStudentColumn | TFamilyGuardianColumn, guardian?: number) =>
  guardian ? `guardian${guardian}.${column}` : column;

/** 001 §4 "Estudiante": what a student new to the school through the import is. */
export const IMPORTED_STUDENT_STATUS = 10;

/** A problem stops the import; a warning is told and the import may go on (the existing record is kept). */
export const FAMILY_PROBLEM_LEVEL = { error: "error", warning: "warning" } as const;

/** POST admStudent/familyImport: the file (.xlsx or .csv, base64) and its name. */
export const ZFamilyImport = ZImportBody.extend({ name: z.string().trim().max(255).optional() });
/** `dryRun=true`: the trial run, which writes nothing. */
export const ZFamilyImportQuery = z.object({ dryRun: z.enum(["true", "false"]).optional() });

const COUNT = z.number().int().min(0);
/** One problem of the file: its line (the header is line 1), the column's key, the column as the file titles it, the message. */
export const ZFamilyImportProblem = z.object({
  line: z.number().int().min(1),
  column: z.string().nullable(),
  /** The column's letter in the file (A, B … AA) and its title as the file writes it. */
  letter: z.string().nullable(),
  title: z.string().nullable(),
  level: z.enum([FAMILY_PROBLEM_LEVEL.error, FAMILY_PROBLEM_LEVEL.warning]),
  message: z.string(),
});

/** What the trial run finds, or the import did. */
export const ZFamilyImportAnswer = z.object({
  dryRun: z.boolean(),
  lines: COUNT,
  students: z.object({ created: COUNT, updated: COUNT, unchanged: COUNT }),
  guardians: z.object({ created: COUNT, reused: COUNT }),
  links: z.object({ created: COUNT, updated: COUNT }),
  placements: COUNT,
  problems: z.array(ZFamilyImportProblem),
  /** Problems found beyond those listed. */
  more: COUNT,
});

/** The stages a long file reports while it runs. */
export const FAMILY_IMPORT_STAGES = ["read", "check", "students", "guardians", "links", "sections"] as const;

/**
 * The answer is streamed as lines of JSON (application/x-ndjson), so that a large file shows its progress: progress
 * lines, then one line holding the envelope ({ status, msg, data }) the call would have answered.
 */
export const ZFamilyImportProgress = z.object({
  progress: z.object({ stage: z.enum(FAMILY_IMPORT_STAGES), done: COUNT, total: COUNT }),
});

export type TFamilyImport = z.infer<typeof ZFamilyImport>;
export type TFamilyImportQuery = z.infer<typeof ZFamilyImportQuery>;
export type TFamilyImportProblem = z.infer<typeof ZFamilyImportProblem>;
export type TFamilyImportAnswer = z.infer<typeof ZFamilyImportAnswer>;
export type TFamilyImportStage = (typeof FAMILY_IMPORT_STAGES)[number];
export type TFamilyImportProgress = z.infer<typeof ZFamilyImportProgress>;
