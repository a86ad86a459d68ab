import {
  ORDER_STATUS,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  PAYMENT_TYPE,
  RECEIPT_TYPE,
  type TPaymentAnswer,
  type TPaymentBody,
  type TRefundAnswer,
} from "@pizarra/contracts";
import { lockKey, Prisma, type TenantTx, tenantOf } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { type Auditor, audit } from "../../resource/audit.ts";
import { formatDateTime, parseDate } from "../../resource/values.ts";
import { fullName } from "../../resource/display.ts";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import { needsCreditNote } from "./credit-notes.ts";

/**
 * The school's money (001 §3 "Payment", §4, §5; 001 §7 "Billing and orders"): a payment or a refund is a row of its
 * own, written with the receipt it issues or voids and the order it settles in one transaction, under the order's
 * lock (two payments of one order at once: the second sees what the first left). An order's `paid` and `status` are
 * derived here from its payments and refunds, and nowhere set by hand. Amounts stay numeric (Prisma.Decimal, the
 * database's numeric) from the request's decimal text to the answer's; never a float.
 */

type Decimal = Prisma.Decimal;
const ZERO = new Prisma.Decimal(0);
/** Receipt series by receipt type (001 §3 "Receipt": 0 income receipt, 1 income note), as the school prints them. */
const SERIES = { 0: "R001", 1: "N001" } as const;
/** A receipt's correlative as printed (R001-000123). */
const NUMBER_DIGITS = 6;

interface LockedOrder {
  id: number;
  status: number;
  total: Decimal;
  paid: Decimal;
  curr: string;
  brief: string;
  dueDate: Date;
  studentId: number;
}

const ORDER_SELECT = { id: true, status: true, total: true, paid: true, curr: true, brief: true, dueDate: true, studentId: true } as const;

/** The order, under its lock until the transaction ends: its payments and refunds are written one at a time. */
async function lockOrder(tx: TenantTx, id: number): Promise<LockedOrder> {
  await lockKey(tx, "order-money", id);
  const order = await tx.order.findFirst({
    where: { id },
    select: ORDER_SELECT,
  });
  if (!order) throw notFound();
  return order;
}

/** What the order's confirmed payments settled of its total: their amounts less their penalties. */
async function settled(tx: TenantTx, orderId: number): Promise<Decimal> {
  const sum = await tx.payment.aggregate({ where: { orderId, status: PAYMENT_STATUS.confirmed }, _sum: { amount: true, penalty: true } });
  return (sum._sum.amount ?? ZERO).minus(sum._sum.penalty ?? ZERO);
}

/**
 * The next number of a school's series, in one statement: the counter row stays locked until the payment commits (the
 * next payment waits for it) or rolls back (and gives the number back), so the numbers have no gap and no repeat.
 */
async function nextNumber(tx: TenantTx, series: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ taken: number }[]>`
    INSERT INTO "ReceiptSeries" ("tenantId", series, next) VALUES (${tenantOf(tx)}, ${series}, 2)
    ON CONFLICT ("tenantId", series) DO UPDATE SET next = "ReceiptSeries".next + 1
    RETURNING next - 1 AS taken`;
  return row!.taken;
}

const money = (value: Decimal) => value.toFixed(2);
const orderMoney = (order: { id: number; status: number; total: Decimal; paid: Decimal }, balance: Decimal) => ({
  ID: order.id,
  status: order.status,
  total: money(order.total),
  paid: money(order.paid),
  balance: money(balance),
});

/** The student and the guardian who pays, as the receipt copies them (they may change later; the receipt does not). */
async function receiptParties(tx: TenantTx, studentId: number, day: Date, givenNamesFirst: boolean) {
  const student = await tx.user.findFirstOrThrow({
    where: { id: studentId },
    select: {
      name: true,
      last: true,
      last2: true,
      externalId: true,
      documentnumber: true,
      relatives: {
        where: GUARDIAN_LINK,
        orderBy: [{ pays: "desc" }, { userKind: "asc" }, { relativeId: "asc" }],
        take: 1,
        select: { relative: { select: { name: true, last: true, last2: true, documentnumber: true } } },
      },
      sections: {
        where: { section: { superSection: { period: { from: { lte: day }, to: { gte: day } } } } },
        take: 1,
        select: { section: { select: { name: true, superSection: { select: { name: true } } } } },
      },
    },
  });
  const guardian = student.relatives[0]?.relative ?? null;
  const section = student.sections[0]?.section;
  return {
    principalName: guardian ? fullName(guardian, givenNamesFirst) : null,
    doc: guardian?.documentnumber ?? null,
    dependantName: fullName(student, givenNamesFirst),
    dependantCode: student.externalId,
    dependantDoc: student.documentnumber,
    sectionTag: section ? `${section.superSection.name} ${section.name}` : null,
  };
}

/** A payment as the ledger writes it, whoever took it: staff at the desk, or a provider's webhook. */
interface Settlement {
  amount: Decimal;
  penalty: Decimal;
  receiptAmount: Decimal;
  day: Date;
  type: number;
  method: string;
  card: string | null;
  operation: string | null;
  note: string;
  /** The staff member who registered it; null for a provider's (then `provider` says whose payment it is). */
  registeredById: number | null;
  provider?: { name: string; paymentId: string };
  givenNamesFirst: boolean;
}

/** Why an order cannot take `settles` now: paid or voided, or more than its balance. Null: it can. */
async function refusal(tx: TenantTx, order: LockedOrder, settles: Decimal): Promise<{ error: AppError | null; balance: Decimal }> {
  const balance = order.total.minus(await settled(tx, order.id));
  if (order.status !== ORDER_STATUS.unpaid) return { error: new AppError(-409, "billing.notUnpaid", 409), balance };
  if (settles.greaterThan(balance)) return { error: new AppError(-422, "billing.overBalance", 422, { balance: money(balance), curr: order.curr }), balance };
  return { error: null, balance };
}

/** The payment's own row, confirmed (it counts) or an error (-2: kept, counting nothing). */
const writePayment = (tx: TenantTx, orderId: number, s: Settlement, status: number) =>
  tx.payment.create({
    data: {
      orderId,
      amount: s.amount,
      receiptAmount: s.receiptAmount,
      penalty: s.penalty,
      date: s.day,
      type: s.type,
      method: s.method,
      card: s.card,
      operation: s.operation,
      note: s.note,
      status,
      registeredById: s.registeredById,
      provider: s.provider?.name ?? null,
      providerPaymentId: s.provider?.paymentId ?? null,
    },
  });

/**
 * The heart of a payment, under the order's lock (lockOrder) in the caller's transaction: checks the order is unpaid
 * and the payment within its balance, writes the payment, numbers and writes its receipt, derives the order's paid
 * and status, and audits it. The staff's call and a provider's webhook both come here.
 */
async function settle(tx: TenantTx, order: LockedOrder, s: Settlement, who: Auditor): Promise<TPaymentAnswer> {
  const settles = s.amount.minus(s.penalty);
  const { error, balance } = await refusal(tx, order, settles);
  if (error) throw error;
  const payment = await writePayment(tx, order.id, s, PAYMENT_STATUS.confirmed);
  const parties = await receiptParties(tx, order.studentId, s.day, s.givenNamesFirst);
  const left = balance.minus(settles);
  const status = left.isZero() ? ORDER_STATUS.paid : ORDER_STATUS.unpaid;
  const paid = order.paid.plus(s.amount);
  await tx.order.update({ where: { id: order.id }, data: { paid, status } });
  // The number last: every payment of the school waits for the series' row until this one commits, so as little as
  // possible comes between taking it and the commit.
  const series = SERIES[0];
  const number = await nextNumber(tx, series);
  const refId = `${series}-${String(number).padStart(NUMBER_DIGITS, "0")}`;
  const receipt = await tx.receipt.create({
    data: {
      type: 0,
      date: s.day,
      refId,
      series,
      number,
      datePaid: s.day,
      dueDate: order.dueDate,
      ...parties,
      brief: order.brief,
      amount: s.receiptAmount,
      curr: order.curr,
      paid: true,
      orderId: order.id,
      studentId: order.studentId,
      paymentId: payment.id,
    },
  });
  await audit(tx, who, "admBilling", "pay", order.id, {
    payment: payment.id,
    amount: money(s.amount),
    penalty: money(s.penalty),
    receipt: refId,
    receiptAmount: money(s.receiptAmount),
    curr: order.curr,
    ...(s.provider ? { provider: s.provider.name, providerPaymentId: s.provider.paymentId } : {}),
  });
  return { order: orderMoney({ ...order, status, paid }, left), receipt: { ID: receipt.id, refId, amount: money(s.receiptAmount) } };
}

/** Today on the calendar the ledger dates payments by. */
const today = () => parseDate(formatDateTime(new Date()).slice(0, 10));

/**
 * POST admBilling/setpaymentbyorder/{id}: a payment of an unpaid order, up to its balance (less is a partial payment,
 * the order stays unpaid), with its receipt numbered in the school's series. The order is paid once nothing is left.
 */
export async function payOrder(ctx: AuthedContext & { params: { id: number }; body: TPaymentBody }): Promise<Reply<TPaymentAnswer>> {
  const { body } = ctx;
  const settlement: Settlement = {
    amount: new Prisma.Decimal(body.total),
    penalty: new Prisma.Decimal(body.penalty ?? 0),
    receiptAmount: new Prisma.Decimal(body.amountReceipt ?? body.total),
    day: body.date ? parseDate(body.date) : today(),
    type: body.type ?? (body.card ? PAYMENT_TYPE.card : PAYMENT_TYPE.cashOther),
    method: body.method ?? PAYMENT_METHODS[0],
    card: body.card || null,
    operation: body.opnum || null,
    note: body.note,
    registeredById: ctx.user.id,
    givenNamesFirst: ctx.user.givenNamesFirst,
  };
  return ctx.db.$transaction(async (tx) => {
    const data = await settle(tx, await lockOrder(tx, ctx.params.id), settlement, ctx);
    return { data, msgKey: "billing.paid", msgValues: { refId: data.receipt.refId } };
  });
}

/** A payment a provider reports (online-pay.ts), read back from its API: what the ledger needs to register it. */
export interface ProviderSettlement {
  provider: string;
  /** The provider's id of the payment: one payment per id, however often and in whatever order its webhook comes. */
  paymentId: string;
  /** paid: settled; failed: an asynchronous method (a voucher, a transfer) that did not settle. */
  outcome: "paid" | "failed";
  /** What was received, decimal text to the cent, and its ISO currency. */
  amount: string;
  currency: string;
  type: number;
  card: string | null;
  operation: string | null;
  note: string;
}

/** What the webhook did with a provider's payment. */
export type ProviderOutcome = "registered" | "already" | "failed" | "refused";

/**
 * A provider's payment of an order, registered once (its webhook comes again and out of order): under the order's
 * lock, a payment already kept under the provider's id writes nothing; else the ledger's own payment (settle) and
 * receipt. The money arrived whatever the order says now, so a payment the order cannot take (paid at the desk
 * meanwhile, voided, more than its balance, another currency) or a failed one is kept with status -2 (error, 001 §4),
 * counting nothing and with no receipt, for the bursar to return at the provider: never dropped, never counted.
 */
export async function registerProviderPayment(
  tx: TenantTx,
  orderId: number,
  p: ProviderSettlement,
  givenNamesFirst: boolean,
  address: string | null,
): Promise<ProviderOutcome> {
  const order = await lockOrder(tx, orderId);
  const kept = await tx.payment.findFirst({ where: { provider: p.provider, providerPaymentId: p.paymentId }, select: { id: true } });
  if (kept) return "already";
  const who: Auditor = { user: { id: null, name: p.provider }, address };
  const amount = new Prisma.Decimal(p.amount);
  const settlement: Settlement = {
    amount,
    penalty: ZERO,
    receiptAmount: amount,
    day: today(),
    type: p.type,
    method: PAYMENT_METHODS[2],
    card: p.card,
    operation: p.operation,
    note: p.note,
    registeredById: null,
    provider: { name: p.provider, paymentId: p.paymentId },
    givenNamesFirst,
  };
  const { error } = await refusal(tx, order, amount);
  const sameCurrency = p.currency.toUpperCase() === order.curr.toUpperCase();
  if (p.outcome === "paid" && !error && sameCurrency) {
    await settle(tx, order, settlement, who);
    return "registered";
  }
  await writePayment(tx, order.id, settlement, PAYMENT_STATUS.error);
  await audit(tx, who, "admBilling", "pay", order.id, {
    amount: money(amount),
    curr: p.currency.toUpperCase(),
    provider: p.provider,
    providerPaymentId: p.paymentId,
    status: PAYMENT_STATUS.error,
    reason: p.outcome === "failed" ? "failed" : !sameCurrency ? "currency" : (error?.messageKey ?? "refused"),
  });
  return p.outcome === "failed" ? "failed" : "refused";
}

/**
 * The order's balance and whether it can take a payment now, for a checkout of what it still owes (read without the
 * order's lock: the webhook's payment is checked again under it).
 */
export async function payableBalance(tx: TenantTx, orderId: number): Promise<{ order: LockedOrder; balance: Decimal; open: boolean }> {
  const order = await tx.order.findFirst({ where: { id: orderId }, select: ORDER_SELECT });
  if (!order) throw notFound();
  const balance = order.total.minus(await settled(tx, order.id));
  return { order, balance, open: order.status === ORDER_STATUS.unpaid && balance.greaterThan(ZERO) };
}

/** The receipt fields a credit note copies from the receipt it voids (the family and the charge as they were then). */
const CREDITED_SELECT = {
  id: true,
  refId: true,
  amount: true,
  curr: true,
  brief: true,
  dueDate: true,
  code: true,
  principalName: true,
  doc: true,
  dependantName: true,
  dependantCode: true,
  dependantDoc: true,
  sectionTag: true,
  studentId: true,
} as const;
type Credited = Prisma.ReceiptGetPayload<{ select: typeof CREDITED_SELECT }>;

/**
 * The credit notes of receipts a refund voids, where the school's country needs them (credit-notes.ts): one for each
 * receipt, of its amount, numbered in the note series (receipt type 1) and linked to it. Called last in the refund's
 * transaction, so that the series' row is held as briefly as a payment holds it; the unique creditOfId holds "one
 * note per receipt" should anything else write one.
 */
async function issueCreditNotes(tx: TenantTx, orderId: number, receipts: Credited[], day: Date): Promise<string[]> {
  const series = SERIES[RECEIPT_TYPE.note];
  const refIds: string[] = [];
  for (const { id, refId: voids, ...receipt } of receipts) {
    const number = await nextNumber(tx, series);
    const refId = `${series}-${String(number).padStart(NUMBER_DIGITS, "0")}`;
    await tx.receipt.create({
      data: { ...receipt, type: RECEIPT_TYPE.note, date: day, refId, series, number, datePaid: day, paid: true, orderId, creditOfId: id },
    });
    refIds.push(refId);
  }
  return refIds;
}

/**
 * POST admBilling/refundbyorder/{id}: the refund of a paid order. What its confirmed payments received goes back, the
 * order is voided, and its receipts are marked ANULADO, their numbers kept (a receipt is never deleted); where the
 * school's country needs it, each voided receipt gets its credit note.
 */
export async function refundOrder(ctx: AuthedContext & { params: { id: number }; body: { note: string } }): Promise<Reply<TRefundAnswer>> {
  const day = today();
  return ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, ctx.params.id);
    if (order.status !== ORDER_STATUS.paid) throw new AppError(-409, "billing.notPaid", 409);
    const received = await tx.payment.aggregate({ where: { orderId: order.id, status: PAYMENT_STATUS.confirmed }, _sum: { amount: true } });
    const amount = received._sum.amount ?? ZERO;
    const refund = await tx.refund.create({ data: { orderId: order.id, amount, note: ctx.body.note, date: day, registeredById: ctx.user.id } });
    const voided = await tx.receipt.findMany({
      where: { orderId: order.id, voided: false },
      select: { ...CREDITED_SELECT, type: true },
      orderBy: { id: "asc" },
    });
    await tx.receipt.updateMany({ where: { orderId: order.id, voided: false }, data: { voided: true } });
    const paid = order.paid.minus(amount);
    await tx.order.update({ where: { id: order.id }, data: { status: ORDER_STATUS.voided, paid } });
    const school = await tx.tenant.findUniqueOrThrow({ where: { id: tenantOf(tx) }, select: { defaultCountry: true } });
    const credited = needsCreditNote(school.defaultCountry) ? voided.filter((r) => r.type === RECEIPT_TYPE.receipt).map(({ type: _, ...r }) => r) : [];
    const creditNotes = await issueCreditNotes(tx, order.id, credited, day);
    await audit(tx, ctx, "admBilling", "refund", order.id, {
      refund: refund.id,
      amount: money(amount),
      voided: voided.map((r) => r.refId),
      ...(creditNotes.length ? { creditNotes } : {}),
      curr: order.curr,
    });
    return {
      data: {
        order: orderMoney({ ...order, status: ORDER_STATUS.voided, paid }, ZERO),
        refunded: money(amount),
        voided: voided.map((r) => r.refId),
        creditNotes,
      },
      msgKey: creditNotes.length ? "billing.creditNote.issued" : "billing.refunded",
      msgValues: { creditNotes: creditNotes.join(", ") },
    };
  });
}
