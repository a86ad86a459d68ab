import { z } from "zod";
import { ZPage } from "../envelope.ts";

/** The path of GET admActivity/month/{n}: a month of this year (1-12), or 0 for the current one. */
export const ZActivityMonthParams = z.object({ n: z.coerce.number().int().min(0).max(12) });
export type TActivityMonthParams = z.infer<typeof ZActivityMonthParams>;

/** A moment of a list row, "YYYY-MM-DD HH:mm" at the school's time (none: not set). */
const ZShownTime = z.string().nullable();
const ZIds = z.array(z.number().int());

/** A calendar activity as admActivity/get lists it: its fields, its picture's link and its category's name. */
export const ZActivityRow = z.object({
  ID: z.number().int(),
  name: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  /** The staff member in charge (a user id). */
  owner: z.number().int().nullable(),
  hasDate: z.boolean(),
  startDate: ZShownTime,
  endDate: ZShownTime,
  locationTxt: z.string().nullable(),
  desc: z.string().nullable(),
  img: z.string().nullable(),
  /** The picture's signed, expiring link. */
  imgUrl: z.string().nullable(),
  nameEN: z.string().nullable(),
  descEN: z.string().nullable(),
  published: z.boolean(),
  publishFrom: ZShownTime,
  publishTo: ZShownTime,
  superSections: ZIds,
  sections: ZIds,
  accessPrincipal: z.boolean(),
  accessDependant: z.boolean(),
  accessMaster: z.boolean(),
});
export type TActivityRow = z.output<typeof ZActivityRow>;

/**
 * GET admActivity/month/{n}: the dated activities that overlap the month, earliest first, with the month's year,
 * number and first and last day ("YYYY-MM-DD").
 */
export const ZActivityMonthAnswer = ZPage(ZActivityRow).extend({
  year: z.number().int(),
  month: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type TActivityMonthAnswer = z.output<typeof ZActivityMonthAnswer>;
