import { ORDER_STATUS, PAYMENT_METHODS, PAYMENT_STATUS, PAYMENT_TYPE, type TPaymentAnswer, type TPaymentBody, type TRefundAnswer } from "@pizarra/contracts";
import { lockKey, Prisma, type TenantTx, tenantOf } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { formatDateTime, parseDate } from "../../resource/values.ts";
import { fullName } from "../../resource/display.ts";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";

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

/** The order, under its lock until the transaction ends: its payments and refunds are written one at a time. */
async function lockOrder(tx: TenantTx, id: number): Promise<LockedOrder> {
  await lockKey(tx, "order-money", id);
  const order = await tx.order.findFirst({
    where: { id },
    select: { id: true, status: true, total: true, paid: true, curr: true, brief: true, dueDate: true, studentId: true },
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

/**
 * POST admBilling/setpaymentbyorder/{id}: a payment of an unpaid order, up to its balance (less is a partial payment,
 * the order stays unpaid), with its receipt numbered in the school's series. The order is paid once nothing is left.
 */
export async function payOrder(ctx: AuthedContext & { params: { id: number }; body: TPaymentBody }): Promise<Reply<TPaymentAnswer>> {
  const { body } = ctx;
  const amount = new Prisma.Decimal(body.total);
  const penalty = new Prisma.Decimal(body.penalty ?? 0);
  const receiptAmount = new Prisma.Decimal(body.amountReceipt ?? body.total);
  const day = body.date ? parseDate(body.date) : parseDate(formatDateTime(new Date()).slice(0, 10));
  return ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, ctx.params.id);
    if (order.status !== ORDER_STATUS.unpaid) throw new AppError(-409, "billing.notUnpaid", 409);
    const balance = order.total.minus(await settled(tx, order.id));
    const settles = amount.minus(penalty);
    if (settles.greaterThan(balance)) throw new AppError(-422, "billing.overBalance", 422, { balance: money(balance), curr: order.curr });
    const payment = await tx.payment.create({
      data: {
        orderId: order.id,
        amount,
        receiptAmount,
        penalty,
        date: day,
        type: body.type ?? (body.card ? PAYMENT_TYPE.card : PAYMENT_TYPE.cashOther),
        method: body.method ?? PAYMENT_METHODS[0],
        card: body.card || null,
        operation: body.opnum || null,
        note: body.note,
        status: PAYMENT_STATUS.confirmed,
        registeredById: ctx.user.id,
      },
    });
    const series = SERIES[0];
    const number = await nextNumber(tx, series);
    const refId = `${series}-${String(number).padStart(NUMBER_DIGITS, "0")}`;
    const receipt = await tx.receipt.create({
      data: {
        type: 0,
        date: day,
        refId,
        series,
        number,
        datePaid: day,
        dueDate: order.dueDate,
        ...(await receiptParties(tx, order.studentId, day, ctx.user.givenNamesFirst)),
        brief: order.brief,
        amount: receiptAmount,
        curr: order.curr,
        paid: true,
        orderId: order.id,
        studentId: order.studentId,
        paymentId: payment.id,
      },
    });
    const left = balance.minus(settles);
    const status = left.isZero() ? ORDER_STATUS.paid : ORDER_STATUS.unpaid;
    const paid = order.paid.plus(amount);
    await tx.order.update({ where: { id: order.id }, data: { paid, status } });
    await audit(tx, ctx, "admBilling", "pay", order.id, {
      payment: payment.id,
      amount: money(amount),
      penalty: money(penalty),
      receipt: refId,
      receiptAmount: money(receiptAmount),
      curr: order.curr,
    });
    return {
      data: { order: orderMoney({ ...order, status, paid }, left), receipt: { ID: receipt.id, refId, amount: money(receiptAmount) } },
      msgKey: "billing.paid",
      msgValues: { refId },
    };
  });
}

/**
 * POST admBilling/refundbyorder/{id}: the refund of a paid order. What its confirmed payments received goes back, the
 * order is voided, and its receipts are marked ANULADO, their numbers kept (a receipt is never deleted).
 */
export async function refundOrder(ctx: AuthedContext & { params: { id: number }; body: { note: string } }): Promise<Reply<TRefundAnswer>> {
  const day = parseDate(formatDateTime(new Date()).slice(0, 10));
  return ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, ctx.params.id);
    if (order.status !== ORDER_STATUS.paid) throw new AppError(-409, "billing.notPaid", 409);
    const received = await tx.payment.aggregate({ where: { orderId: order.id, status: PAYMENT_STATUS.confirmed }, _sum: { amount: true } });
    const amount = received._sum.amount ?? ZERO;
    const refund = await tx.refund.create({ data: { orderId: order.id, amount, note: ctx.body.note, date: day, registeredById: ctx.user.id } });
    const voided = await tx.receipt.findMany({ where: { orderId: order.id, voided: false }, select: { refId: true }, orderBy: { id: "asc" } });
    await tx.receipt.updateMany({ where: { orderId: order.id, voided: false }, data: { voided: true } });
    const paid = order.paid.minus(amount);
    await tx.order.update({ where: { id: order.id }, data: { status: ORDER_STATUS.voided, paid } });
    await audit(tx, ctx, "admBilling", "refund", order.id, {
      refund: refund.id,
      amount: money(amount),
      voided: voided.map((r) => r.refId),
      curr: order.curr,
    });
    return {
      data: { order: orderMoney({ ...order, status: ORDER_STATUS.voided, paid }, ZERO), refunded: money(amount), voided: voided.map((r) => r.refId) },
      msgKey: "billing.refunded",
    };
  });
}
