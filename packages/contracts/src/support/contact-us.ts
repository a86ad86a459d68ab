import { z } from "zod";

/** The support form's sizes, for the schema below and the form's fields alike. */
export const SUPPORT_MAX = { Subject: 150, Body: 5000, Sender: 254 } as const;

/**
 * POST tenants/contact/us/ (000 §7, 002 §7): the reason (Subject), the summary (Body) and the address the school is to
 * answer (Sender). The spec's own messages for an empty form and a sender without an at-sign are the handler's (they
 * name no zod rule); the schema keeps the sizes.
 */
export const ZContactUs = z.object({
  Subject: z.string().trim().max(SUPPORT_MAX.Subject).default(""),
  Body: z.string().trim().max(SUPPORT_MAX.Body).default(""),
  Sender: z.string().trim().max(SUPPORT_MAX.Sender).default(""),
});
/** What the support form sends. */
export type TContactUs = z.input<typeof ZContactUs>;
