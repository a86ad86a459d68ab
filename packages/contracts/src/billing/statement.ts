import { z } from "zod";
import { ZRecordId } from "../validation.ts";

/**
 * Who pays a student's fees and a family's statement of account (001 §3 "Order"; the family's balance of 002 §2).
 * Amounts are decimal texts to the cent, never floats.
 */

/** A split of a student's fees is between this many guardians at most (each a whole percentage, together 100). */
export const PAYER_SPLIT_MAX = 2;
export const PAYER_SPLIT_TOTAL = 100;
/** How long the family's signed link to its statement opens. */
export const STATEMENT_LINK_DAYS = 30;

/** The state of an order on the statement, derived from its status, balance and due date. */
export const STATEMENT_ORDER_STATE = ["paid", "partial", "pending", "overdue", "voided"] as const;
export type TStatementOrderState = (typeof STATEMENT_ORDER_STATE)[number];

/** A student's id (admBilling/payers/{id}) or a guardian's (admBilling/statement/{id}). */
export const ZStatementParams = z.object({ id: ZRecordId });

/**
 * POST admBilling/payers/{id}: the student's split, whole: two guardians whose percentages sum to 100, or none (the
 * payer guardian pays it all). The rules that need the student's family (guardians of theirs, two at most, the sum)
 * are the server's, which names the field in the user's language.
 */
export const ZPayerSplitBody = z.object({
  payers: z
    .array(
      z.object({
        relativeId: ZRecordId,
        percent: z.coerce
          .number()
          .int()
          .min(1)
          .max(PAYER_SPLIT_TOTAL - 1),
      }),
    )
    .max(10),
});
export type TPayerSplitBody = z.output<typeof ZPayerSplitBody>;
export type TPayerSplitInput = z.input<typeof ZPayerSplitBody>;

/** A guardian of the student, as the payer screen lists them: whether their link pays, and their share when split. */
export const ZPayerRow = z.object({
  ID: z.number(),
  name: z.string(),
  /** The payer guardian (the link with `pays`, else the first guardian): owes it all when there is no split. */
  payer: z.boolean(),
  percent: z.number().nullable(),
});
export const ZPayersAnswer = z.object({ guardians: z.array(ZPayerRow), split: z.boolean() });
export type TPayerRow = z.output<typeof ZPayerRow>;
export type TPayersAnswer = z.output<typeof ZPayersAnswer>;

const ZCurrencyAmount = z.object({ curr: z.string(), amount: z.string() });

export const ZStatementOrder = z.object({
  ID: z.number(),
  easyId: z.string(),
  brief: z.string(),
  dueDate: z.string(),
  curr: z.string(),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
  state: z.enum(STATEMENT_ORDER_STATE),
});
export const ZStatementPayment = z.object({
  date: z.string(),
  refId: z.string().nullable(),
  method: z.string(),
  curr: z.string(),
  amount: z.string(),
  voided: z.boolean(),
});
export const ZStatementRefund = z.object({
  date: z.string(),
  curr: z.string(),
  amount: z.string(),
  /** The receipts the refund voided (ANULADO), their numbers kept. */
  voided: z.array(z.string()),
});
export const ZStatementPayer = z.object({ ID: z.number(), name: z.string(), percent: z.number(), shares: z.array(ZCurrencyAmount) });
export const ZStatementStudent = z.object({
  ID: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  orders: z.array(ZStatementOrder),
  payments: z.array(ZStatementPayment),
  refunds: z.array(ZStatementRefund),
  /** What is owed, per currency. */
  balances: z.array(ZCurrencyAmount),
  /** Who pays what is owed: the payer guardian at 100, or the two of a split, each share to the cent. */
  payers: z.array(ZStatementPayer),
});
export const ZStatementAnswer = z.object({
  school: z.string(),
  guardian: z.object({ ID: z.number(), name: z.string() }),
  /** The day it was drawn, YYYY-MM-DD (an order due before it and not paid is overdue). */
  asOf: z.string(),
  students: z.array(ZStatementStudent),
  /** The family's balance per currency, and this guardian's share of it. */
  totals: z.array(z.object({ curr: z.string(), balance: z.string(), share: z.string() })),
  /** Whether the school takes payments online (a "Pay" per unpaid order on the family's page). */
  online: z.boolean(),
});
export type TStatementOrder = z.output<typeof ZStatementOrder>;
export type TStatementStudent = z.output<typeof ZStatementStudent>;
export type TStatementAnswer = z.output<typeof ZStatementAnswer>;

/** POST admBilling/statement/{id}/link: the family's signed link and when it stops opening. */
export const ZStatementLinkAnswer = z.object({ url: z.string(), expires: z.string() });
export type TStatementLinkAnswer = z.output<typeof ZStatementLinkAnswer>;

/** The family's page: statement/{token}, …/pdf, …/pay/{orderId}. */
export const ZStatementTokenParams = z.object({ token: z.string().min(20).max(2000) });
export const ZStatementPayParams = ZStatementTokenParams.extend({ orderId: ZRecordId });

/** The label keys of the family's link's parameters (its token, an order of it). */
export const statementLinkLabelKey = (field: string) => `billing.statement.link.fields.${field}`;
/** The label keys of the payer split's fields. */
export const payerLabelKey = (field: string) => `billing.payer.fields.${field}`;
