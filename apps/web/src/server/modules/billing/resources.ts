import { RESOURCES, type ResourceDef } from "@pizarra/contracts";
import type { Prisma } from "@pizarra/db";
import type { ResourceServer } from "../../resource/factory.ts";
import { countOf } from "../../resource/display.ts";
import { parseDate } from "../../resource/values.ts";
import { staffOwnerRules } from "../academic/index.ts";
import { orderDetailRules, orderRules } from "./order-rules.ts";

type Row = Record<string, unknown>;

/** 001 §4 "Receipt status filter" → the receipt's flags: 0 pending payment, 1 paid, 2 voided. */
const RECEIPT_STATUS_WHERE: Record<string, Row> = {
  "0": { paid: false, voided: false },
  "1": { paid: true, voided: false },
  "2": { voided: true },
};

/** The receipts list and the receipts report read the same rows with the same filters. */
const receipts = (def: ResourceDef): ResourceServer => ({
  def,
  model: "receipt",
  // The status chip: a voided receipt shows the ANULADO mark whatever its payment.
  display: (r) => ({ status: r.voided ? 2 : r.paid ? 1 : 0 }),
  filterWhere: {
    status: (value) => RECEIPT_STATUS_WHERE[String(value)]!,
    from: (value) => ({ date: { gte: parseDate(String(value)) } }),
    to: (value) => ({ date: { lte: parseDate(String(value)) } }),
  },
});

/** Receipts, orders with their lines, and the balance screen's grades on the generic engine. */
export const BILLING_RESOURCES: ResourceServer[] = [
  { def: RESOURCES.admOrder, model: "order", rules: orderRules },
  {
    // The lines of an order (admOrderDetail): the line's order and its subtotal come with each row.
    def: RESOURCES["admOrder/detail"],
    model: "orderDetail",
    display: (r) => ({ orderId: r.orderId, subtotal: (r.amount as Prisma.Decimal).mul(r.quantity as number).toNumber() }),
    rules: orderDetailRules,
  },
  receipts(RESOURCES.admBilling),
  receipts(RESOURCES["admBilling/report/receipts"]),
  {
    def: RESOURCES.admBalance,
    model: "superSection",
    include: { _count: { select: { sections: true } } },
    display: (r) => ({ count: countOf(r, "sections") }),
    rules: staffOwnerRules,
  },
  {
    def: RESOURCES["admBalance/sections"],
    model: "section",
    include: { _count: { select: { members: true } } },
    display: (r) => ({ parentId: r.parentId, count: countOf(r, "members") }),
    rules: staffOwnerRules,
  },
];
