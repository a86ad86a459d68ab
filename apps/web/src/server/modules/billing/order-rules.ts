import { PERSON_TYPE, type Translate } from "@pizarra/contracts";
import { Prisma, type TenantTx } from "@pizarra/db";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { fullName } from "../../resource/display.ts";

type Row = Record<string, unknown>;
/** 001 §4: only an unpaid order (0) takes changes; a paid (1) or voided (-1) one is closed. */
const OPEN = 0;
/** The largest amount a Decimal(12,2) column holds. */
const MAX_TOTAL = new Prisma.Decimal("9999999999.99");

const orderLabel = (t: Translate, field: string) => t(`resources.admOrder.fields.${field}`);
const detailLabel = (t: Translate, field: string) => t(`resources.admOrder/detail.fields.${field}`);

const sameValue = (sent: unknown, stored: unknown) =>
  sent instanceof Date && stored instanceof Date
    ? sent.getTime() === stored.getTime()
    : Prisma.Decimal.isDecimal(stored)
      ? stored.equals(sent as number)
      : sent === stored;

/** A closed order keeps its values: saving it unchanged is fine, the first changed field is refused. */
function refuseChanges(sent: Row, stored: Row, t: Translate): void {
  const changed = Object.keys(sent).find((name) => !sameValue(sent[name], stored[name]));
  if (changed) throw fieldRefusal(changed, t("api.orderClosed"));
}

/** Money is kept to the cent (Decimal(12,2)): more decimals are refused rather than rounded away. */
function assertCents(data: Row, field: string, label: string, t: Translate): void {
  const value = data[field];
  if (typeof value === "number" && Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
    throw fieldRefusal(field, t("validation.cents", { attribute: label }));
}

/** The names an order keeps of its student: theirs, their code and the guardian who pays. */
export interface OrderParties {
  studentId: number;
  externalId: string | null;
  dependantName: string;
  principalName: string | null;
}

/**
 * The students `where` finds, with the names an order keeps: theirs and their family's, the guardian who pays first
 * (else the principal), of the links that stand and allow contact (delivery/guardians.ts). One query however many.
 */
export async function orderParties(tx: TenantTx, where: Prisma.UserWhereInput, givenNamesFirst: boolean): Promise<OrderParties[]> {
  const students = await tx.user.findMany({
    where: { ...where, type: PERSON_TYPE.student },
    select: {
      id: true,
      name: true,
      last: true,
      last2: true,
      externalId: true,
      relatives: {
        where: GUARDIAN_LINK,
        orderBy: [{ pays: "desc" }, { userKind: "asc" }, { relativeId: "asc" }],
        take: 1,
        select: { relative: { select: { name: true, last: true, last2: true } } },
      },
    },
  });
  return students.map((student) => {
    const guardian = student.relatives[0]?.relative;
    return {
      studentId: student.id,
      externalId: student.externalId,
      dependantName: fullName(student, givenNamesFirst),
      principalName: guardian ? fullName(guardian, givenNamesFirst) : null,
    };
  });
}

/** The student of an order by their code (admOrder/create), with the names the order keeps. */
async function studentOf(tx: TenantTx, code: string, t: Translate, givenNamesFirst: boolean): Promise<Row> {
  const [student] = await orderParties(tx, { externalId: code }, givenNamesFirst);
  if (!student) throw fieldRefusal("externalId", t("api.unknownStudent", { code }));
  const { studentId, dependantName, principalName } = student;
  return { studentId, dependantName, principalName };
}

/**
 * Orders (001 §3, §5): the payment code is unique in the school; the student is found by their code and the order
 * keeps their and their main guardian's names; a paid or voided order no longer changes.
 */
export const orderRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const stored = id === null ? null : await tx.order.findFirst({ where: { id: Number(id) } });
    if (stored && stored.status !== OPEN) refuseChanges(data, stored, ctx.t);
    if (typeof data.easyId === "string") {
      const taken = await tx.order.findFirst({ where: { easyId: data.easyId, ...(id === null ? {} : { NOT: { id: Number(id) } }) }, select: { id: true } });
      if (taken) throw fieldRefusal("easyId", ctx.t("validation.unique", { attribute: orderLabel(ctx.t, "easyId") }));
    }
    if (typeof data.externalId === "string" && data.externalId !== stored?.externalId)
      Object.assign(data, await studentOf(tx, data.externalId, ctx.t, ctx.user.givenNamesFirst));
  },
};

/** The order's total is the sum of its lines (quantity × amount), written in the transaction that changed a line. */
async function keepOrderTotal(tx: TenantTx, orderId: number, t: Translate): Promise<void> {
  const lines = await tx.orderDetail.findMany({ where: { orderId }, select: { quantity: true, amount: true } });
  const total = lines.reduce((sum, line) => sum.add(line.amount.mul(line.quantity)), new Prisma.Decimal(0));
  if (total.greaterThan(MAX_TOTAL)) throw fieldRefusal("amount", t("validation.maxValue", { attribute: orderLabel(t, "total"), max: MAX_TOTAL.toFixed(2) }));
  await tx.order.updateMany({ where: { id: orderId }, data: { total } });
}

async function assertLineDeletable(tx: TenantTx, orderId: number): Promise<void> {
  const order = await tx.order.findFirst({ where: { id: orderId }, select: { status: true } });
  if (order && order.status !== OPEN) throw new AppError(-409, "api.orderClosed", 409);
}

/** Order lines (admOrder/detail): amounts to the cent, only on an unpaid order of this school; the total follows. */
export const orderDetailRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    assertCents(data, "amount", detailLabel(ctx.t, "amount"), ctx.t);
    const stored = id === null ? null : await tx.orderDetail.findFirst({ where: { id: Number(id) } });
    // An edit of a line that is not there is answered by the factory (404).
    if (id !== null && !stored) return;
    const orderId = stored?.orderId ?? data.orderId;
    const order = Number.isInteger(orderId) ? await tx.order.findFirst({ where: { id: orderId as number }, select: { status: true } }) : null;
    if (!order)
      throw fieldRefusal("orderId", ctx.t(orderId === undefined ? "validation.required" : "validation.option", { attribute: detailLabel(ctx.t, "orderId") }));
    if (order.status === OPEN) return;
    if (!stored) throw fieldRefusal("orderId", ctx.t("api.orderClosed"));
    refuseChanges(data, stored, ctx.t);
  },
  async afterSave(tx, id, _virtual, ctx) {
    const line = await tx.orderDetail.findFirst({ where: { id: Number(id) }, select: { orderId: true } });
    if (line) await keepOrderTotal(tx, line.orderId, ctx.t);
  },
  // Deleting a line would change what a paid or voided order was worth; otherwise the total follows.
  async beforeDelete(tx, line) {
    await assertLineDeletable(tx, line.orderId as number);
  },
  async afterDelete(tx, line, ctx) {
    await keepOrderTotal(tx, line.orderId as number, ctx.t);
  },
};
