/**
 * The concept calls beyond the generic five (000 §7, 001 §4): the grade sheet's headers (GET admEvalConcept/getHeader,
 * getHeaderFinal and getHeaderFinal/behavior, whose query admGrades/getFinal and exportFinal share) and a concept's
 * move, their requests and answers.
 */
import { z } from "zod";
import { RECORD_ID_MAX } from "../validation.ts";

const INT = z.number().int();
/** An optional whole number of the query; the screen sends an unset filter as "". */
const whole = (min: number, max = RECORD_ID_MAX) => z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).max(max).optional());
const flag = z.enum(["true", "false"]).optional();

/**
 * What a header shows, shared by both calls (000 §2.9): `levelCount` is the deepest level shown (0 the top level only,
 * 1 the top two …; -1 or none, every level); `type` keeps the concepts of that type (2 and 4 count as one) together
 * with their ancestors, so that the answer is always a whole tree.
 */
const shape = {
  levelCount: whole(-1, 50),
  type: whole(0, 99),
  groupId: whole(1),
};

/** GET admEvalConcept/getHeader/ (000 §7): a subject's concepts for a section, or for a course-section with isPart=true. */
export const ZHeaderQuery = z.object({
  ...shape,
  activityId: whole(1).pipe(z.number()),
  isPart: flag,
  sectionId: whole(-1),
  PageSize: whole(1, 1000).transform((v) => v ?? 40),
  page: whole(1, 100_000).transform((v) => v ?? 1),
});
export type THeaderQuery = z.infer<typeof ZHeaderQuery>;

/**
 * The query of a final sheet: GET admEvalConcept/getHeaderFinal (and /behavior) (000 §7) and admGrades/getFinal;
 * periodId 0 is the current period, sectionId -1 none.
 */
export const ZFinalQuery = z.object({ ...shape, periodId: whole(0, 999_999), sectionId: whole(-1), isBehavior: flag });
export type TFinalQuery = z.infer<typeof ZFinalQuery>;

/** A concept of the grid's header (000 §3), as admEvalConcept/getHeader answers it. */
const ZHeaderConcept = z.object({
  ID: INT,
  parentId: INT.nullable(),
  level: INT,
  order: INT,
  name: z.string(),
  abrev: z.string(),
  type: INT,
  /** CPROM, CONDF, TUTR: concepts the school treats apart (the behaviour average, the final behaviour grade …). */
  specialType: z.string().nullable(),
  locked: z.boolean(),
  canEdit: z.boolean(),
  calcAverage: z.boolean(),
  qualifications: z.string(),
});
/** GET admEvalConcept/getHeader/: one page of the tree, by level then order, as a plain list. */
export const ZHeaderAnswer = z.array(ZHeaderConcept);
export type THeaderAnswer = z.output<typeof ZHeaderAnswer>;
/** GET admEvalConcept/getHeaderFinal (and /behavior): final sheets put several subjects side by side, each concept names its subject. */
export const ZFinalHeaderAnswer = z.array(ZHeaderConcept.extend({ activityId: INT.nullable(), activityName: z.string().nullable() }));
export type TFinalHeaderAnswer = z.output<typeof ZFinalHeaderAnswer>;

/** The body of POST admEvalConcept/move/{id} (our path; 001 §4 "Concept moves"). */
export const ZConceptMove = z.object({ direction: z.enum(["up", "down", "left", "right"]) });
export const ZConceptMoveParams = z.object({ id: z.string().regex(/^\d{1,9}$/) });
export type TConceptMove = z.infer<typeof ZConceptMove>;
export type TConceptMoveParams = z.infer<typeof ZConceptMoveParams>;
/** The concept moved, where it now is. */
export const ZConceptMoveAnswer = z.object({ ID: INT, parentId: INT.nullable(), level: INT, order: INT });
export type TConceptMoveAnswer = z.output<typeof ZConceptMoveAnswer>;
