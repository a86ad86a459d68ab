import { z } from "zod";
import { ZRecordId } from "../validation.ts";
import { ZMoney, ZPositiveMoney } from "./money.ts";

/** 001 §9 payment types: 0 CARD, 3 BANK, 4 TRANSFER, 5 CASH-DEPOSIT, 2 CASH-OTHER, 6 CARD SUBSCRIPTION. */
export const PAYMENT_TYPE = { card: 0, cashOther: 2, bank: 3, transfer: 4, cashDeposit: 5, cardSubscription: 6 } as const;
export const PAYMENT_TYPES = Object.values(PAYMENT_TYPE);
/** 001 §9 payment methods. */
export const PAYMENT_METHODS = ["CASH", "DEPOSIT", "OTHER"] as const;
/** 001 §4 payment status: 1 confirmed, 0 pending, -1 abandoned, -2 error. Only a confirmed payment counts. */
export const PAYMENT_STATUS = { confirmed: 1, pending: 0, abandoned: -1, error: -2 } as const;
/** 001 §4 order status: -1 Anulado (refunded), 0 No pagado, 1 Pagado. */
export const ORDER_STATUS = { voided: -1, unpaid: 0, paid: 1 } as const;

/** The longest payment or refund note kept (the spec limits a receipt's notes to 200: 001 §5). */
export const PAYMENT_NOTE_MAX = 200;
const ZNote = z.string().trim().min(1).max(PAYMENT_NOTE_MAX);
/** A date of the school's calendar, YYYY-MM-DD. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A canonical amount (ZMoney's text) in cents, to compare two exactly. */
const cents = (text: string) => BigInt(text.replace(".", ""));

export const ZOrderParams = z.object({ id: ZRecordId });

/** An optional field a form sends empty: not given (the server's default applies). */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/**
 * POST admBilling/setpaymentbyorder/{id} (001 §3 "Payment", §5: amount and note required). `total` is what was
 * received, the penalty within it; the order's balance drops by total − penalty, partly when it is less than the
 * balance. `amountReceipt` (what the receipt states) is the total unless said; `type` and `method` (001 §9) are ours:
 * the spec's body does not carry them, and a payment at the desk is cash unless said.
 */
export const ZPaymentBody = z
  .object({
    total: ZPositiveMoney,
    amountReceipt: unsetWhenEmpty(ZMoney),
    penalty: unsetWhenEmpty(ZMoney),
    date: unsetWhenEmpty(ZDay),
    card: unsetWhenEmpty(z.string().trim().max(20)),
    opnum: unsetWhenEmpty(z.string().trim().max(50)),
    note: ZNote,
    type: unsetWhenEmpty(z.coerce.number().pipe(z.union(PAYMENT_TYPES.map((t) => z.literal(t))))),
    method: unsetWhenEmpty(z.enum(PAYMENT_METHODS)),
  })
  .superRefine((body, ctx) => {
    if (body.penalty !== undefined && cents(body.penalty) > cents(body.total))
      ctx.addIssue({ code: "custom", path: ["penalty"], params: { key: "maxValue", values: { max: body.total } } });
  });
export type TPaymentBody = z.output<typeof ZPaymentBody>;

/** POST admBilling/refundbyorder/{id} (001 §5: note required). */
export const ZRefundBody = z.object({ note: ZNote });

/** An order as a payment or refund leaves it, amounts as decimal texts. */
export const ZOrderMoney = z.object({
  ID: z.number(),
  status: z.number(),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
});

export const ZPaymentAnswer = z.object({
  order: ZOrderMoney,
  receipt: z.object({ ID: z.number(), refId: z.string(), amount: z.string() }),
});
/** `creditNotes`: the credit notes issued for the voided receipts, where the school's country needs them. */
export const ZRefundAnswer = z.object({ order: ZOrderMoney, refunded: z.string(), voided: z.array(z.string()), creditNotes: z.array(z.string()) });
export type TPaymentAnswer = z.output<typeof ZPaymentAnswer>;
export type TRefundAnswer = z.output<typeof ZRefundAnswer>;

/** The label keys of the payment and refund forms. */
export const billingLabelKey = (field: string) => `billing.fields.${field}`;
