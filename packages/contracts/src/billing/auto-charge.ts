import { z } from "zod";
import { ZRecordId } from "../validation.ts";

/**
 * The automatic charge of what is due to the cards guardians kept on file (001 §7 `GET` and
 * `POST admBilling/automaticCharge/{date}?confirm=true`): the GET previews it; the POST without confirm=true is the
 * same dry run, with it the school's one run for the date. Amounts are decimal text to the cent, never floats.
 */

/** An attempt's state: queued, sent and waiting for the provider's webhook (charged), paid (succeeded), declined by
 * the card's bank, failed (the provider refused it otherwise), or skipped (paid, voided or card removed meanwhile). */
export const AUTO_CHARGE_STATUS = { queued: 0, succeeded: 1, charged: 2, declined: -1, failed: -2, skipped: -3 } as const;
export const AUTO_CHARGE_STATUSES = Object.values(AUTO_CHARGE_STATUS);

/** The rows a preview or a run answers (the totals and counts cover every order, whatever this limit shows). */
export const AUTO_CHARGE_ROWS = 500;

/** A date of the school's calendar, YYYY-MM-DD, that is a day of the calendar (2026-02-30 is not). */
export const ZAutoChargeDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
  });

export const ZAutoChargeParams = z.object({ date: ZAutoChargeDate });
/** GET: `progress=true` answers the date's run alone (what the screen polls while it runs), without the preview. */
export const ZAutoChargePreviewQuery = z.object({ progress: z.enum(["true", "false"]).optional() });
/** POST: confirm=true charges; anything else is the dry run (the preview), as admNotification/schedule does. */
export const ZAutoChargeConfirmQuery = z.object({ confirm: z.enum(["true", "false"]).optional() });

const ZCurrencyTotal = z.object({ curr: z.string(), count: z.number(), amount: z.string() });

/** An order that would be charged: its payer guardian's card and what it still owes. */
export const ZAutoChargeRow = z.object({
  orderId: z.number(),
  easyId: z.string(),
  brief: z.string(),
  dueDate: z.string(),
  student: z.string(),
  guardian: z.string(),
  guardianId: z.number(),
  brand: z.string(),
  last4: z.string(),
  balance: z.string(),
  curr: z.string(),
});
export type TAutoChargeRow = z.output<typeof ZAutoChargeRow>;

export const ZAutoChargePreview = z.object({
  /** Orders that would be charged, totals per currency; `rows` shows the first AUTO_CHARGE_ROWS by due date. */
  count: z.number(),
  totals: z.array(ZCurrencyTotal),
  rows: z.array(ZAutoChargeRow),
  /** Unpaid orders due by the date whose payer guardian keeps no card: not charged. */
  withoutCard: z.object({ count: z.number(), totals: z.array(ZCurrencyTotal) }),
});
export type TAutoChargePreview = z.output<typeof ZAutoChargePreview>;

export const ZAutoChargeAttempt = z.object({
  orderId: z.number(),
  student: z.string(),
  brand: z.string(),
  last4: z.string(),
  amount: z.string(),
  curr: z.string(),
  status: z.number(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
});
export type TAutoChargeAttempt = z.output<typeof ZAutoChargeAttempt>;

/** The date's run: its progress (attempts done of total) and results; `attempts` shows the unsuccessful ones first. */
export const ZAutoChargeRun = z.object({
  id: z.number(),
  createdAt: z.string(),
  total: z.number(),
  done: z.number(),
  succeeded: z.number(),
  charged: z.number(),
  declined: z.number(),
  failed: z.number(),
  skipped: z.number(),
  finished: z.boolean(),
  /** What the succeeded attempts collected, per currency. */
  collected: z.array(ZCurrencyTotal),
  attempts: z.array(ZAutoChargeAttempt),
});
export type TAutoChargeRun = z.output<typeof ZAutoChargeRun>;

export const ZAutoChargeAnswer = z.object({
  date: z.string(),
  preview: ZAutoChargePreview.nullable(),
  run: ZAutoChargeRun.nullable(),
});
export type TAutoChargeAnswer = z.output<typeof ZAutoChargeAnswer>;

/** A guardian's card on file as staff see it: never more of the card than its brand, last 4 and expiry. */
export const ZCardOnFileParams = z.object({ guardianId: ZRecordId });
export const ZCardOnFile = z.object({
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  createdAt: z.string(),
});
export const ZCardOnFileAnswer = z.object({ card: ZCardOnFile.nullable() });
export type TCardOnFileAnswer = z.output<typeof ZCardOnFileAnswer>;

export const autoChargeLabelKey = (field: string) => `billing.autoCharge.fields.${field}`;
