import { JUSTIFICATION_MAX_DAYS, ZAbsence, ZJustificationEdit, ZRecordId } from "@pizarra/contracts";
import { z } from "zod";
import { HOURS } from "./justification-model.ts";

/**
 * A choice that must be made: without one the shared messages say "required" (an empty select coerced to a number
 * would read as "wrong type"); with one, the contract's own rule for it.
 */
function chosen<O>(schema: z.ZodType<O, unknown>) {
  return z.custom<unknown>((value) => value !== undefined, { params: { key: "required" } }).pipe(schema);
}

/**
 * The office's new justification (002 §5: attendance type, from date, grade, section, student, reason and comment
 * required): POST attendance/absence's own schema, with the grade and section the student is picked through, and a
 * length that is whole days or one register of the day (`partId`: 0 the daily register, else a subject's).
 */
export const ZCreateForm = ZAbsence.pick({ date: true, note: true })
  .extend({
    userId: chosen(ZAbsence.shape.userId),
    reason: chosen(ZAbsence.shape.reason),
    attendanceTypeId: chosen(ZRecordId),
    superSectionId: chosen(ZRecordId),
    sectionId: chosen(ZRecordId),
    numOfDay: chosen(z.coerce.number().int().min(HOURS).max(JUSTIFICATION_MAX_DAYS)),
    partId: z.coerce.number().int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.numOfDay === HOURS && v.partId === undefined) ctx.addIssue({ code: "custom", path: ["partId"], params: { key: "required" } });
  });
export type CreateValues = z.output<typeof ZCreateForm>;

/** POST admJustification/edit/{id}'s schema; the attendance type is required here too (002 §5). */
export const ZEditForm = ZJustificationEdit.pick({ comment: true, tillDate: true }).extend({
  justification: chosen(ZJustificationEdit.shape.justification),
  attendanceTypeId: chosen(ZRecordId),
});
export type EditValues = z.output<typeof ZEditForm>;
