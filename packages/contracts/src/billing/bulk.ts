import { z } from "zod";
import { RECORD_ID_MAX } from "../validation.ts";
import { ZPositiveMoney } from "./money.ts";

/**
 * POST admBilling/createbulk and admOrder/createbulk (001 §5 "Bulk order", §7): one order per student, or per student
 * and month, for students named one by one and whole sections. The spec's body numbers its lines (concept1/amount1);
 * a bulk takes up to BULK_CONCEPTS of them, each an order line.
 */

/** How many numbered lines (conceptN/amountN) a bulk order carries. */
export const BULK_CONCEPTS = 5;
/** The most orders one bulk writes (students × months): beyond it the bursar splits the run. */
export const BULK_MAX_ORDERS = 20_000;
/** The largest amount of one order line: the order detail's own limit (admOrder/detail). */
export const BULK_LINE_MAX = "99999.99";
/** Currencies of orders (ISO codes); a school charges in soles unless it says otherwise. */
export const CURRENCIES = ["PEN", "USD"] as const;
export type TCurrency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: TCurrency = "PEN";
/** 001 §9 grid years: billing boards from 2018, order boards from 2021, up to next year. */
export const GRID_FIRST_YEAR = { admBilling: 2018, admOrder: 2021 } as const;
export type TGridModule = keyof typeof GRID_FIRST_YEAR;
/** The last year a board or a bulk may name: next year (pensions are billed ahead). */
export const gridLastYear = (today = new Date()) => today.getUTCFullYear() + 1;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** 2026-02-30 matches the pattern but is no day of the calendar. */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}
const ZText = (max: number) => z.string().trim().min(1).max(max);

/** A list of record ids, refused as a whole under its own name (not "students.3") when one is not an id. */
const ZIdList = z.array(z.unknown()).transform((list, ctx) => {
  const ids = list.map((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v));
  if (ids.every((v): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= RECORD_ID_MAX)) return [...new Set(ids)];
  ctx.addIssue({ code: "custom", params: { key: "invalid" }, input: list });
  return z.NEVER;
});

/** Months of the year, 1-12, refused as a whole under `months`. */
const ZMonths = z.array(z.unknown()).transform((list, ctx) => {
  if (list.length === 0) {
    ctx.addIssue({ code: "custom", params: { key: "required" }, input: list });
    return z.NEVER;
  }
  const months = list.map(Number);
  const bad = months.find((m) => !Number.isInteger(m) || m < 1 || m > 12);
  if (bad === undefined) return [...new Set(months)].sort((a, b) => a - b);
  ctx.addIssue({ code: "custom", params: { key: bad < 1 ? "minValue" : "maxValue", values: bad < 1 ? { min: 1 } : { max: 12 } }, input: list });
  return z.NEVER;
});

const ZConcept = ZText(150);
/** The numbered lines: the first is required (001 §5), the others go in pairs. */
const lineShape = {
  concept1: ZConcept,
  amount1: ZPositiveMoney,
  concept2: ZConcept.optional(),
  amount2: ZPositiveMoney.optional(),
  concept3: ZConcept.optional(),
  amount3: ZPositiveMoney.optional(),
  concept4: ZConcept.optional(),
  amount4: ZPositiveMoney.optional(),
  concept5: ZConcept.optional(),
  amount5: ZPositiveMoney.optional(),
};

/**
 * The body of a bulk. `students` are student ids and `sections` section ids (all their students); one of them must
 * name someone. Recurrent (`months` given, or `recurrent: true`): one order per student and month of `forYear`, due on
 * `dueDate`'s day of that month (or the month's last day when the month is shorter, or when no dueDate is given).
 * Otherwise one order per student, due on `dueDate`.
 */
export const bulkBody = (module: TGridModule) =>
  z
    .object({
      students: ZIdList.optional(),
      sections: ZIdList.optional(),
      brief: ZText(200),
      recurrent: z.boolean().optional(),
      months: ZMonths.optional(),
      forYear: z.coerce.number().int().optional(),
      dueDate: ZDay.optional(),
      curr: z.enum(CURRENCIES).optional(),
      hasPenalty: z.boolean().optional(),
      ...lineShape,
    })
    .superRefine((body, ctx) => {
      const required = (path: string) => ctx.addIssue({ code: "custom", path: [path], params: { key: "required" } });
      if (!body.students?.length && !body.sections?.length) required("students");
      const recurrent = body.recurrent ?? body.months !== undefined;
      if (recurrent) {
        if (!body.months) required("months");
        if (body.forYear === undefined) required("forYear");
        else if (body.forYear < GRID_FIRST_YEAR[module])
          ctx.addIssue({ code: "custom", path: ["forYear"], params: { key: "minValue", values: { min: GRID_FIRST_YEAR[module] } } });
        else if (body.forYear > gridLastYear())
          ctx.addIssue({ code: "custom", path: ["forYear"], params: { key: "maxValue", values: { max: gridLastYear() } } });
      } else if (!body.dueDate) required("dueDate");
      if (body.dueDate && !isCalendarDay(body.dueDate)) ctx.addIssue({ code: "custom", path: ["dueDate"], params: { key: "date" } });
      const lines = body as unknown as Record<string, string | undefined>;
      for (let i = 1; i <= BULK_CONCEPTS; i++) {
        const [concept, amount] = [lines[`concept${i}`], lines[`amount${i}`]];
        if (concept !== undefined && amount === undefined) required(`amount${i}`);
        if (amount !== undefined && concept === undefined) required(`concept${i}`);
        if (amount !== undefined && Number(amount) > Number(BULK_LINE_MAX))
          ctx.addIssue({ code: "custom", path: [`amount${i}`], params: { key: "maxValue", values: { max: BULK_LINE_MAX } } });
      }
    });
export const ZBillingBulkBody = bulkBody("admBilling");
export const ZOrderBulkBody = bulkBody("admOrder");
export type TBulkBody = z.output<ReturnType<typeof bulkBody>>;

/** What a bulk did: how many orders it wrote, how many of the same bulk were already there, and what it charged. */
export const ZBulkAnswer = z.object({
  students: z.number(),
  created: z.number(),
  existing: z.number(),
  /** The sum of the orders written, as a decimal text. */
  total: z.string(),
  curr: z.string(),
  /** The due dates written (one per month of a recurrent bulk), YYYY-MM-DD. */
  dueDates: z.array(z.string()),
});
export type TBulkAnswer = z.output<typeof ZBulkAnswer>;

/** The label keys of the bulk dialog's fields. */
export const bulkLabelKey = (field: string) => `billing.bulk.fields.${field}`;
