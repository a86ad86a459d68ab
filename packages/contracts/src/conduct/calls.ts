/**
 * The behaviour area's calls beyond the generic five (001 §7): the pick lists its forms fill from (a catalogue type's
 * values, the resources that take appointments, a student's family) and the confirmation of an appointment.
 */
import { z } from "zod";
import { ZPage } from "../envelope.ts";
import { ZRecordId } from "../validation.ts";

/** GET general/getlist/{type}: a catalogue type (admOtlt), e.g. trackingValues1. */
export const ZCatalogueTypeParams = z.object({ type: z.string().regex(/^[A-Za-z0-9-]{1,50}$/) });
export type TCatalogueTypeParams = z.infer<typeof ZCatalogueTypeParams>;
/** The option-list query (000 §7): pick, and a search by name. */
export const ZConductPickQuery = z.object({
  pick: z.string().max(10).optional(),
  filterBy: z.string().max(100).optional(),
  filter: z.string().max(200).optional(),
});
export type TConductPickQuery = z.infer<typeof ZConductPickQuery>;
/** GET me/family?studentId&externalId: the student, by record or by the school's own code; and the option-list query. */
export const ZBookingFamilyQuery = z.object({
  studentId: z.preprocess((v) => (v === "" ? undefined : v), ZRecordId.optional()),
  externalId: z.string().trim().max(50).optional(),
  pick: z.string().max(10).optional(),
  filterBy: z.string().max(100).optional(),
  filter: z.string().max(200).optional(),
});
export type TBookingFamilyQuery = z.infer<typeof ZBookingFamilyQuery>;
/** POST admBookingList/confirm/{id}: the appointment (a number checked against the record id's range by the handler). */
export const ZBookingParams = z.object({ id: z.string().regex(/^\d{1,12}$/) });
export type TBookingParams = z.infer<typeof ZBookingParams>;

/** A pick-list row (000 §2.8) of a record: its id, its name and a line below it. */
const ZPickRow = z.object({ ID: z.number().int(), name: z.string(), desc: z.string().nullable() });

/** GET general/getlist/{type}: the active values by label; a value's code is its ID. */
export const ZCatalogueListAnswer = ZPage(z.object({ ID: z.string(), name: z.string() }));
export type TCatalogueListAnswer = z.output<typeof ZCatalogueListAnswer>;
/** GET admResource/active: the resources that take appointments, described. */
export const ZActiveResourcesAnswer = ZPage(ZPickRow);
export type TActiveResourcesAnswer = z.output<typeof ZActiveResourcesAnswer>;
/** GET me/family: the student's relatives, named in the school's order, with a phone or e-mail to tell them apart. */
export const ZBookingFamilyAnswer = ZPage(ZPickRow);
export type TBookingFamilyAnswer = z.output<typeof ZBookingFamilyAnswer>;
/** POST admBookingList/confirm/{id}: the appointment confirmed. */
export const ZBookingConfirmAnswer = z.object({ ID: z.number().int() });
export type TBookingConfirmAnswer = z.output<typeof ZBookingConfirmAnswer>;

/** An appointment's `extras` on its admBookingList row (001 §3 "Booking"): the relatives who attend and its tracking record. */
export const ZBookingExtras = z.object({ participants: z.array(z.number().int()), trackingId: z.number().int().nullable() });
