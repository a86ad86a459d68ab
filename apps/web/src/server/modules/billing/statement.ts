import {
  ORDER_STATUS,
  PAYMENT_STATUS,
  PERSON_TYPE,
  type TStatementAnswer,
  type TStatementOrder,
  type TStatementOrderState,
  type TStatementStudent,
} from "@pizarra/contracts";
import { Prisma, type TenantDb, tenantOf } from "@pizarra/db";
import { paymentProvider } from "../../channels/payments/index.ts";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import { notFound } from "../../http/app-error.ts";
import { fullName } from "../../resource/display.ts";
import { formatDate, formatDateTime } from "../../resource/values.ts";
import { payersOf, sharesOf } from "./payer-split.ts";

/**
 * A family's statement of account (001 §3 "Order", "Payment", "Receipt"; the family's balance of 002 §2): for one
 * guardian, every student they answer for in this school (an open guardian link with contact rights: a restricted
 * guardian never sees the child), each with its orders, the payments that counted (with their receipts), the refunds
 * (the receipts they voided) and what is owed per currency, and who pays it. Read through the tenant-scoped client
 * only; amounts stay decimal from the numeric columns to the answer's texts.
 */

type Decimal = Prisma.Decimal;
const ZERO = new Prisma.Decimal(0);
const money = (value: Decimal) => value.toFixed(2);

/** Today on the school's calendar (001 §9's fixed UTC-5), YYYY-MM-DD. */
export const schoolToday = () => formatDateTime(new Date()).slice(0, 10);

/** An order on the statement: what is left of an unpaid one is owed; overdue once its due day has passed. */
function orderState(status: number, settled: Decimal, dueDate: string, asOf: string): TStatementOrderState {
  if (status === ORDER_STATUS.voided) return "voided";
  if (status === ORDER_STATUS.paid) return "paid";
  if (dueDate < asOf) return "overdue";
  return settled.greaterThan(ZERO) ? "partial" : "pending";
}

/** Sums per currency, the currencies by their code (PEN before USD), so that a statement always reads the same. */
function byCurrency(items: { curr: string; amount: Decimal }[]): Map<string, Decimal> {
  const sums = new Map<string, Decimal>();
  for (const { curr, amount } of [...items].sort((x, y) => x.curr.localeCompare(y.curr))) sums.set(curr, (sums.get(curr) ?? ZERO).plus(amount));
  return sums;
}

/**
 * The statement of `guardianId` on `asOf`. Not found when the person is not a relative of this school with at least
 * one student (the family's page is refused then; staff see "not found").
 */
export async function buildStatement(db: TenantDb, guardianId: number, asOf: string, givenNamesFirst: boolean): Promise<TStatementAnswer> {
  const [school, guardian] = await Promise.all([
    db.tenant.findUniqueOrThrow({ where: { id: tenantOf(db) }, select: { title: true, defaultLocale: true } }),
    db.user.findFirst({
      where: { id: guardianId, type: { not: PERSON_TYPE.student } },
      select: {
        name: true,
        last: true,
        last2: true,
        dependants: {
          where: GUARDIAN_LINK,
          select: { student: { select: { id: true, name: true, last: true, last2: true, externalId: true } } },
        },
      },
    }),
  ]);
  if (!guardian || guardian.dependants.length === 0) throw notFound();
  const students = guardian.dependants
    .map((d) => d.student)
    .sort((a, b) => (a.last ?? "").localeCompare(b.last ?? "") || a.name.localeCompare(b.name) || a.id - b.id);
  const studentIds = students.map((s) => s.id);
  const [orders, payments, refunds, voidedReceipts, payers] = await Promise.all([
    db.order.findMany({
      where: { studentId: { in: studentIds } },
      orderBy: [{ dueDate: "asc" }, { id: "asc" }],
      select: { id: true, studentId: true, easyId: true, brief: true, dueDate: true, curr: true, total: true, paid: true, status: true },
    }),
    db.payment.findMany({
      where: { status: PAYMENT_STATUS.confirmed, order: { studentId: { in: studentIds } } },
      orderBy: [{ date: "asc" }, { id: "asc" }],
      select: { orderId: true, date: true, method: true, amount: true, penalty: true, receipt: { select: { refId: true, voided: true } } },
    }),
    db.refund.findMany({
      where: { order: { studentId: { in: studentIds } } },
      orderBy: [{ date: "asc" }, { id: "asc" }],
      select: { orderId: true, date: true, amount: true },
    }),
    db.receipt.findMany({ where: { voided: true, studentId: { in: studentIds } }, orderBy: { id: "asc" }, select: { orderId: true, refId: true } }),
    payersOf(db, studentIds, givenNamesFirst),
  ]);

  const orderOf = new Map(orders.map((o) => [o.id, o]));
  const settledOf = new Map<number, Decimal>();
  for (const p of payments) settledOf.set(p.orderId, (settledOf.get(p.orderId) ?? ZERO).plus(p.amount.minus(p.penalty)));
  const voidedOf = new Map<number, string[]>();
  for (const r of voidedReceipts) voidedOf.set(r.orderId, [...(voidedOf.get(r.orderId) ?? []), r.refId]);

  const totals = new Map<string, { balance: Decimal; share: Decimal }>();
  const statementStudents: TStatementStudent[] = students.map((student) => {
    const own = orders.filter((o) => o.studentId === student.id);
    const owed: { curr: string; amount: Decimal }[] = [];
    const lines: TStatementOrder[] = own.map((o) => {
      const settled = settledOf.get(o.id) ?? ZERO;
      const balance = o.status === ORDER_STATUS.unpaid ? o.total.minus(settled) : ZERO;
      const dueDate = formatDate(o.dueDate);
      owed.push({ curr: o.curr, amount: balance });
      return {
        ID: o.id,
        easyId: o.easyId,
        brief: o.brief,
        dueDate,
        curr: o.curr,
        total: money(o.total),
        paid: money(o.paid),
        balance: money(balance),
        state: orderState(o.status, settled, dueDate, asOf),
      };
    });
    const balances = byCurrency(owed);
    const studentPayers = payers.get(student.id) ?? [];
    const shares = new Map([...balances].map(([curr, amount]) => [curr, sharesOf(amount, studentPayers)]));
    for (const [curr, amount] of balances) {
      const total = totals.get(curr) ?? { balance: ZERO, share: ZERO };
      const mine = studentPayers.findIndex((p) => p.relativeId === guardianId);
      totals.set(curr, { balance: total.balance.plus(amount), share: total.share.plus(mine < 0 ? ZERO : shares.get(curr)![mine]!) });
    }
    const ownIds = new Set(own.map((o) => o.id));
    return {
      ID: student.id,
      name: fullName(student, givenNamesFirst),
      code: student.externalId,
      orders: lines,
      payments: payments
        .filter((p) => ownIds.has(p.orderId))
        .map((p) => ({
          date: formatDate(p.date),
          refId: p.receipt?.refId ?? null,
          method: p.method,
          curr: orderOf.get(p.orderId)!.curr,
          amount: money(p.amount),
          voided: p.receipt?.voided ?? false,
        })),
      refunds: refunds
        .filter((r) => ownIds.has(r.orderId))
        .map((r) => ({ date: formatDate(r.date), curr: orderOf.get(r.orderId)!.curr, amount: money(r.amount), voided: voidedOf.get(r.orderId) ?? [] })),
      balances: [...balances].map(([curr, amount]) => ({ curr, amount: money(amount) })),
      payers: studentPayers.map((p, i) => ({
        ID: p.relativeId,
        name: p.name,
        percent: p.percent,
        shares: [...shares].map(([curr, list]) => ({ curr, amount: money(list[i]!) })),
      })),
    };
  });

  return {
    school: school.title,
    guardian: { ID: guardianId, name: fullName(guardian, givenNamesFirst) },
    asOf,
    students: statementStudents,
    totals: [...totals].sort(([x], [y]) => x.localeCompare(y)).map(([curr, t]) => ({ curr, balance: money(t.balance), share: money(t.share) })),
    online: paymentProvider() !== null,
  };
}
