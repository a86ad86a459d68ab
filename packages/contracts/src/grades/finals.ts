/**
 * The grade screens' report items and the subjects not passed (001 §2, §7): GET admGrades/reports and
 * admGrades/notpassed, their requests and answers.
 */
import { z } from "zod";
import { ZRecordId } from "../validation.ts";
import { ZPeriodQueryId } from "./students.ts";

const INT = z.number().int();

/** GET admGrades/reports: the academic items, or the behaviour ones with isBehavior "true". */
export const ZReportsQuery = z.object({ isBehavior: z.enum(["true", "false", ""]).optional() });
export type TReportsQuery = z.infer<typeof ZReportsQuery>;
/** The report items the caller may open, as 000 §2.9's selectedReport numbers (7 is not shown), with their names. */
export const ZReportsAnswer = z.array(z.object({ ID: z.literal([1, 2, 3, 4, 5, 6, 8, 9]), name: z.string() }));
export type TReportsAnswer = z.output<typeof ZReportsAnswer>;

const whole = z.preprocess((v) => (v === "" ? undefined : v), ZRecordId.optional());
/** GET admGrades/notpassed (001 §7): periodId (0 or none: the current one), superSectionId, sectionId. */
export const ZNotPassedQuery = z.object({ periodId: ZPeriodQueryId, superSectionId: whole, sectionId: whole });
export type TNotPassedQuery = z.infer<typeof ZNotPassedQuery>;

/** A subject a student has not passed in a period, with the final grade and what passing asks. */
const ZNotPassed = z.object({
  studentId: INT,
  name: z.string(),
  sectionId: INT,
  /** The grade and the section's name, e.g. "3° de primaria A". */
  sectionName: z.string(),
  activityId: INT,
  activityName: z.string(),
  /** The subject's final-grade concept (its first top-level average). */
  conceptId: INT,
  gradeNum: z.number().nullable(),
  gradeTxt: z.string().nullable(),
  /** The minimum as the subject sets it: a letter of its scale (qualitative) or a number. */
  minToPass: z.string(),
});
export type TNotPassed = z.output<typeof ZNotPassed>;
/** GET admGrades/notpassed: the period's subjects not passed, all of them (no pages). */
export const ZNotPassedAnswer = z.object({ Results: z.array(ZNotPassed), RowCount: INT });
export type TNotPassedAnswer = z.output<typeof ZNotPassedAnswer>;
