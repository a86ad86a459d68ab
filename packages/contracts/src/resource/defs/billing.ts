import { CURRENCIES, DEFAULT_CURRENCY } from "../../billing/bulk.ts";
import { defineResource, FULL_ACTIONS, type FieldDef } from "../types.ts";

/** 001 §4 "Order status filter": -1 Anulado (refunded), 0 No pagado, 1 Pagado. */
const ORDER_STATUS = [-1, 0, 1] as const;
/** 001 §4 "Receipt status filter" (no value = all): 0 pending payment, 1 paid, 2 voided (the ANULADO mark). */
const RECEIPT_STATUS = [0, 1, 2] as const;
/** 001 §3 "Receipt": 0 income receipt, 1 income note. */
const RECEIPT_TYPES = [0, 1] as const;
/** Amounts of money: Decimal(12,2) in the database, cents at most (checked on save). */
const MONEY = { minValue: 0, maxValue: 99_999.99 } as const;

/**
 * Orders (001 §3 "Order", §5: easyId, externalId, brief and dueDate required): what a family owes for one student.
 * The student is found by their code (externalId); the guardian's and student's names, the total (the sum of the
 * details), what was paid and the status are the server's. A paid or voided order no longer changes.
 */
export const admOrder = defineResource({
  id: "admOrder",
  module: "admOrder",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "easyId", type: "text", rules: { required: true, max: 20, pattern: "^[A-Za-z0-9-]+$", patternKey: "code" }, span: "half" },
    { name: "externalId", type: "text", rules: { required: true, max: 50 }, span: "half" },
    { name: "dependantName", type: "text", readOnly: "always", span: "half" },
    { name: "principalName", type: "text", readOnly: "always", span: "half" },
    { name: "brief", type: "text", rules: { required: true, max: 255 } },
    { name: "dueDate", type: "date", rules: { required: true }, span: "half" },
    { name: "hasPenalty", type: "switch", default: false, span: "half" },
    { name: "curr", type: "select", rules: { required: true }, options: { kind: "values", values: CURRENCIES }, default: DEFAULT_CURRENCY, span: "half" },
    { name: "total", type: "number", readOnly: "always", span: "half" },
    { name: "paid", type: "number", readOnly: "always", span: "half" },
    { name: "status", type: "select", readOnly: "always", options: { kind: "values", values: ORDER_STATUS }, span: "half" },
    { name: "created", type: "datetime", readOnly: "always", span: "half" },
  ],
  columns: [
    { field: "easyId" },
    { field: "externalId" },
    { field: "dependantName" },
    { field: "brief" },
    { field: "dueDate", kind: "date" },
    { field: "curr" },
    { field: "total", kind: "decimal", align: "end" },
    { field: "status", kind: "chip", colors: { "-1": "danger", "0": "warning", "1": "success" } },
  ],
  filters: [
    { name: "status", type: "select", options: { kind: "values", values: ORDER_STATUS } },
    { name: "studentId", type: "select", options: { kind: "resource", resource: "admStudent" } },
  ],
  search: ["easyId", "externalId", "brief", "dependantName", "principalName"],
  pick: { name: ["easyId", "brief"], desc: "dependantName" },
  orderBy: [{ field: "dueDate", dir: "desc" }],
  actions: FULL_ACTIONS,
  // 001 §4: an unpaid order can get a payment registered; a paid one can be voided (refund). Both are admBilling's.
  // Its pay link goes to the family from here too (admOrder's, like request2pay).
  extraActions: [
    { name: "pay", scope: "row", dialog: "orderPay", module: "admBilling" },
    { name: "refund", scope: "row", dialog: "orderRefund", module: "admBilling" },
    { name: "sendPayLink", scope: "row", dialog: "orderPayLink" },
  ],
  children: ["admOrder/detail"],
});

/** The lines of an order (001 §3 "Order detail"; admOrderDetail, embedded under an order; 001 §9: 10 a page). */
export const admOrderDetail = defineResource({
  id: "admOrder/detail",
  module: "admOrderDetail",
  keyType: "int",
  pageSize: 10,
  parent: { field: "orderId", resource: "admOrder" },
  fields: [
    { name: "item", type: "text", rules: { required: true, max: 150 } },
    { name: "quantity", type: "number", rules: { required: true, integer: true, minValue: 1, maxValue: 100 }, default: 1, span: "half" },
    { name: "amount", type: "number", rules: { required: true, ...MONEY }, step: 0.01, span: "half" },
  ],
  columns: [
    { field: "item" },
    { field: "quantity", kind: "number", align: "end" },
    { field: "amount", kind: "decimal", align: "end" },
    { field: "subtotal", kind: "decimal", align: "end" },
  ],
  search: ["item"],
  pick: { name: ["item"] },
  orderBy: [{ field: "ID", dir: "asc" }],
  actions: ["create", "edit", "delete", "print", "export"],
});

/** A receipt as written by its payment: every field is the server's, `notes` apart (001 §3: the only editable one). */
const receiptFields = (notes: FieldDef): readonly FieldDef[] => [
  { name: "type", type: "select", readOnly: "always", options: { kind: "values", values: RECEIPT_TYPES }, group: "document", span: "half" },
  { name: "refId", type: "text", readOnly: "always", group: "document", span: "half" },
  { name: "date", type: "date", readOnly: "always", group: "document", span: "half" },
  { name: "datePaid", type: "date", readOnly: "always", group: "document", span: "half" },
  { name: "dueDate", type: "date", readOnly: "always", group: "document", span: "half" },
  { name: "code", type: "number", readOnly: "always", group: "document", span: "half" },
  { name: "orderId", type: "number", readOnly: "always", group: "document", span: "half" },
  { name: "dependantName", type: "text", readOnly: "always", group: "family" },
  { name: "dependantCode", type: "text", readOnly: "always", group: "family", span: "half" },
  { name: "dependantDoc", type: "text", readOnly: "always", group: "family", span: "half" },
  { name: "sectionTag", type: "text", readOnly: "always", group: "family" },
  { name: "principalName", type: "text", readOnly: "always", group: "family", span: "half" },
  { name: "doc", type: "text", readOnly: "always", group: "family", span: "half" },
  { name: "brief", type: "text", readOnly: "always", group: "charge" },
  { name: "curr", type: "select", readOnly: "always", options: { kind: "values", values: CURRENCIES }, group: "charge", span: "half" },
  { name: "amount", type: "number", readOnly: "always", group: "charge", span: "half" },
  { name: "paid", type: "switch", readOnly: "always", group: "charge", span: "half" },
  { name: "voided", type: "switch", readOnly: "always", group: "charge", span: "half" },
  { ...notes, group: "charge" },
];

const receiptFilters: readonly FieldDef[] = [
  { name: "status", type: "select", options: { kind: "values", values: RECEIPT_STATUS } },
  { name: "type", type: "select", options: { kind: "values", values: RECEIPT_TYPES } },
  { name: "from", type: "date" },
  { name: "to", type: "date" },
];

const receiptSearch = ["refId", "dependantName", "dependantCode", "principalName", "brief"] as const;
const STATUS_COLORS = { "0": "warning", "1": "success", "2": "danger" };

/**
 * Receipts (001 §2 "Receipts", §3 "Receipt"): filtered by status, type, student and dates; a voided one shows the
 * ANULADO mark. Receipts are written by the payment of an order, never typed: there is no create and no delete, and
 * an edit changes the notes alone (001 §5: at most 200 characters).
 */
export const admBilling = defineResource({
  id: "admBilling",
  module: "admBilling",
  keyType: "int",
  pageSize: 40,
  fields: receiptFields({ name: "notes", type: "textarea", rules: { max: 200 } }),
  layout: { kind: "fieldsets", groups: ["document", "family", "charge"] },
  columns: [
    { field: "refId" },
    { field: "type", kind: "chip", colors: { "0": "primary", "1": "info" } },
    { field: "date", kind: "date" },
    { field: "dependantName" },
    { field: "sectionTag" },
    { field: "brief" },
    { field: "code", kind: "number", align: "end" },
    { field: "amount", kind: "decimal", align: "end" },
    { field: "status", kind: "chip", optionsOf: "status", colors: STATUS_COLORS },
  ],
  filters: [...receiptFilters, { name: "studentId", type: "select", options: { kind: "resource", resource: "admStudent" } }],
  search: receiptSearch,
  pick: { name: ["refId", "dependantName"], desc: "brief" },
  orderBy: [
    { field: "date", dir: "desc" },
    { field: "ID", dir: "desc" },
  ],
  actions: ["edit", "print", "export", "search"],
  // 001 §2 "Receipts": the row's "download PDF" (GET admBilling/receipt/{orderId}/{bool}).
  // 001 §7 automaticCharge: charging what is due to the cards on file (a write: it moves money).
  extraActions: [
    { name: "pdf", scope: "row", write: false, dialog: "receiptPdf" },
    { name: "autoCharge", scope: "toolbar", dialog: "autoCharge" },
  ],
});

/** The receipts report (admBillingReport, `admBilling/report/receipts/get/`): the same receipts, read only. */
export const admBillingReport = defineResource({
  id: "admBilling/report/receipts",
  module: "admBillingReport",
  keyType: "int",
  pageSize: 40,
  fields: receiptFields({ name: "notes", type: "textarea", readOnly: "always" }),
  layout: { kind: "fieldsets", groups: ["document", "family", "charge"] },
  columns: [
    { field: "date", kind: "date" },
    { field: "refId" },
    { field: "type", kind: "chip", colors: { "0": "primary", "1": "info" } },
    { field: "dependantCode" },
    { field: "dependantName" },
    { field: "sectionTag" },
    { field: "principalName" },
    { field: "brief" },
    { field: "code", kind: "number", align: "end" },
    { field: "datePaid", kind: "date" },
    { field: "curr" },
    { field: "amount", kind: "decimal", align: "end" },
    { field: "status", kind: "chip", optionsOf: "status", colors: STATUS_COLORS },
  ],
  filters: receiptFilters,
  search: receiptSearch,
  pick: { name: ["refId", "dependantName"], desc: "brief" },
  orderBy: [
    { field: "date", dir: "asc" },
    { field: "ID", dir: "asc" },
  ],
  actions: ["print", "export", "search"],
  // 001 §7: the receipts of a range as PDFs in one zip (GET admBilling/report/receipts/zip?from&to).
  extraActions: [{ name: "zip", scope: "toolbar", write: false, dialog: "receiptsZip" }],
});

/**
 * The grade form of the balance screen (002 §2 "Balance", §3 "Grade (on the balance screen)": name, owner,
 * superowner, groupBy, count) over the grades of admSuperSection, with the grade's sections as a sub-grid. Grades
 * are made and removed in admSuperSection; here they are edited. 001 §5: groupBy at most 20 characters.
 */
export const admBalance = defineResource({
  id: "admBalance",
  module: "admBalance",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "owner", type: "select", options: { kind: "resource", resource: "admStaff" }, span: "half" },
    { name: "superowner", type: "select", options: { kind: "resource", resource: "admStaff" }, span: "half" },
    { name: "groupBy", type: "text", rules: { max: 20 }, span: "half" },
    { name: "count", type: "number", readOnly: "always", span: "half" },
  ],
  columns: [{ field: "name" }, { field: "groupBy" }, { field: "count", kind: "number", align: "end" }],
  filters: [{ name: "periodId", type: "select", options: { kind: "resource", resource: "admPeriod" } }],
  search: ["name", "groupBy"],
  pick: { name: ["name"] },
  orderBy: [
    { field: "sort", dir: "asc" },
    { field: "name", dir: "asc" },
  ],
  actions: ["edit", "print", "export", "search"],
  children: ["admBalance/sections"],
});

/** The sections of a grade on the balance screen, read only (they are kept in admSection). */
export const admBalanceSections = defineResource({
  id: "admBalance/sections",
  module: "admBalance",
  keyType: "int",
  pageSize: 40,
  parent: { field: "parentId", resource: "admBalance" },
  fields: [
    { name: "name", type: "text", readOnly: "always" },
    { name: "desc", type: "text", readOnly: "always" },
    { name: "maxMembers", type: "number", readOnly: "always", span: "half" },
    { name: "count", type: "number", readOnly: "always", span: "half" },
  ],
  columns: [{ field: "name" }, { field: "desc" }, { field: "maxMembers", kind: "number", align: "end" }, { field: "count", kind: "number", align: "end" }],
  search: ["name"],
  pick: { name: ["name"] },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: ["print", "export", "search"],
});
