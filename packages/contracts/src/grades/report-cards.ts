/** The grade documents (001 §7 "Grades"): a student's report card, a grade's zip of them and a student's memo. */
import { z } from "zod";
import { ZRecordId } from "../validation.ts";

/** A period id (001 §5: six digits). */
const PERIOD_ID = z.coerce.number().int().min(100_000).max(999_999);
const optionalPeriod = z.preprocess((v) => (v === "" ? undefined : v), PERIOD_ID.optional());

/** GET grades/pdfreport/{year}/{id}?periodId: the year (the period of that year unless periodId says) and the student. */
export const ZCardParams = z.object({ year: z.coerce.number().int().min(1000).max(9999), id: ZRecordId });
export const ZCardQuery = z.object({ periodId: optionalPeriod });
/** GET admGrades/job/archive/zip?supersectionId&periodId: the grade (super section) and its period. */
export const ZCardZipQuery = z.object({ supersectionId: ZRecordId, periodId: optionalPeriod });
/** GET grades/memo/{periodId}/{id}: the period and the student. */
export const ZMemoParams = z.object({ periodId: PERIOD_ID, id: ZRecordId });
export type TCardParams = z.infer<typeof ZCardParams>;
export type TCardQuery = z.infer<typeof ZCardQuery>;
export type TCardZipQuery = z.infer<typeof ZCardZipQuery>;
export type TMemoParams = z.infer<typeof ZMemoParams>;

/** A document made and stored (001 §7): the link it is read from (none for a key storage does not serve) and the name to save it as. */
export const ZStoredFileAnswer = z.object({ url: z.string().nullable(), filename: z.string() });
export type TStoredFileAnswer = z.output<typeof ZStoredFileAnswer>;
/** GET admGrades/job/archive/zip: the zip, or nothing (with a notice) for a grade without students. */
export const ZCardZipAnswer = ZStoredFileAnswer.nullable();
export type TCardZipAnswer = z.output<typeof ZCardZipAnswer>;
