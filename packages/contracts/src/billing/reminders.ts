import { z } from "zod";

/**
 * Payment reminders (001 §3 "Order": its dueDate): per school, on or off, and the days before
 * and after an order's due date on which its payer is reminded. Kept in the school's settings (Tenant.settings
 * `payReminders`), read by the reminder job (billing/reminders.ts) and edited beside the school's profile.
 */
export const REMINDER_LIMITS = {
  /** Days before the due date a reminder may go (a month's pension is announced within a month). */
  maxBefore: 30,
  /** Days after the due date a reminder may go (a quarter at most: older debts are the bursar's call). */
  maxAfter: 90,
  /** Reminders at most on each side of the due date. */
  maxSteps: 5,
} as const;

/** A school that never said: reminders off, and what a bursar usually picks once they turn them on. */
export const REMINDER_DEFAULTS = { on: false, before: [3], after: [1, 7, 15] } as const;

/**
 * Days as a form types them ("1, 7, 15") or as a list: whole numbers from 1 to `max`, each once, in order. A bad day is
 * refused on the field itself (not on its place in the list), so the form shows it under the field.
 */
const days = (max: number) =>
  z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
        : value,
    z
      .array(z.unknown())
      .max(REMINDER_LIMITS.maxSteps)
      .superRefine((list, ctx) => {
        const bad = list.find((d) => typeof d !== "number" || !Number.isInteger(d) || d < 1 || d > max);
        if (bad === undefined) return;
        const key = typeof bad !== "number" || !Number.isInteger(bad) ? "type" : bad < 1 ? "minValue" : "maxValue";
        ctx.addIssue({ code: "custom", params: { key, values: { min: 1, max } } });
      })
      .transform((list) => [...new Set(list as number[])].sort((a, b) => a - b)),
  );

/** GET/POST admBilling/reminders: the school's reminder settings. */
export const ZReminderSettings = z.object({
  on: z.boolean(),
  before: days(REMINDER_LIMITS.maxBefore),
  after: days(REMINDER_LIMITS.maxAfter),
});
export type TReminderSettings = z.output<typeof ZReminderSettings>;
/** The settings as the screen receives them. */
export const ZReminderSettingsAnswer = z.object({ on: z.boolean(), before: z.array(z.number()), after: z.array(z.number()) });

/** The settings a school keeps, or the defaults when it has none or a row written by hand does not parse. */
export function remindersIn(settings: unknown): TReminderSettings {
  const kept = settings && typeof settings === "object" && !Array.isArray(settings) ? (settings as Record<string, unknown>).payReminders : undefined;
  const parsed = ZReminderSettings.safeParse(kept);
  return parsed.success ? parsed.data : { on: REMINDER_DEFAULTS.on, before: [...REMINDER_DEFAULTS.before], after: [...REMINDER_DEFAULTS.after] };
}

/**
 * A reminder step: days from the due date, negative before it (-3: three days before), positive after (7: a week
 * late). Each (order, step) is sent once.
 */
export const reminderSteps = (s: TReminderSettings): number[] => [...s.before.map((d) => -d), ...s.after];

/** POST admOrder/sendpaylink/{id}: what was queued for the order's payers. */
export const ZPayLinkAnswer = z.object({
  /** Messages queued (one per payer and channel). */
  queued: z.number(),
  /** Payers written to. */
  payers: z.number(),
});
export type TPayLinkAnswer = z.output<typeof ZPayLinkAnswer>;

/** The label keys of the reminder settings' form. */
export const remindersLabelKey = (field: string) => `billing.reminders.fields.${field}`;

/** GET pay/{token}: a family's pay link (a signed token, as the message carried it). */
export const ZPayLinkParams = z.object({ token: z.string().min(20).max(4_000) });
