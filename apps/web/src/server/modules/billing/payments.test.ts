import { readMoney, ZPaymentBody } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

/**
 * Payments and refunds through the real route handlers and PostgreSQL (001 §3 "Payment", §4, §5, §7): partial
 * payments up to the balance, receipts numbered with no gap and no repeat however many pay at once, a paid order not
 * paid again, a refund voiding the receipts with their numbers kept, amounts read as decimals, bad input refused by
 * field in es and en with nothing written, every payment and refund in the audit with its amounts.
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Paid = { order: { ID: number; status: number; total: string; paid: string; balance: string }; receipt: { ID: number; refId: string; amount: string } };

let admin: string;
let secretary: string;
let teacher: string;
let serial = 0;

beforeAll(async () => {
  ({ admin, secretary, teacher } = await api.tokens());
});

const post = <T = Row>(path: string, body: Row = {}, token = admin, locale: "es" | "en" = "es") => api.call<T>("POST", path, { token, body, locale });

/** A new unpaid order of one line of `amount` for a student of the demo school. */
async function newOrder(amount: string | number): Promise<number> {
  const student = (await api.rows("admStudent/get?PageSize=1&page=2"))[0]!;
  const created = await post<{ ID: number }>("admOrder/create", {
    easyId: `PAY-${++serial}-${Date.now() % 100000}`,
    externalId: student.externalId,
    brief: "Pensión agosto",
    dueDate: "2026-08-31",
  });
  expect(created.body.status, JSON.stringify(created.body)).toBe(0);
  const line = await post(`admOrder/detail/create?parentId=${created.body.data.ID}`, { item: "Pensión", quantity: 1, amount });
  expect(line.body.status, JSON.stringify(line.body)).toBe(0);
  return created.body.data.ID;
}
const pay = (id: number, body: Row, locale: "es" | "en" = "es", token = admin) =>
  post<Paid & Refusal>(`admBilling/setpaymentbyorder/${id}`, body, token, locale);
const refund = (id: number, body: Row, locale: "es" | "en" = "es") => post<Row & Refusal>(`admBilling/refundbyorder/${id}`, body, admin, locale);
const numberOf = (refId: string) => Number(refId.split("-")[1]);

describe("money as the API reads it", () => {
  it("is a decimal text to the cent, never a float", () => {
    expect(readMoney(12.5)).toEqual({ text: "12.50" });
    expect(readMoney("12,50")).toEqual({ text: "12.50" });
    expect(readMoney(" 0007.1 ")).toEqual({ text: "7.10" });
    expect(readMoney(1e3)).toEqual({ text: "1000.00" });
    expect(readMoney("1e3")).toEqual({ key: "type" });
    expect(readMoney(0.1 + 0.2)).toEqual({ key: "cents" });
    expect(readMoney("12.345")).toEqual({ key: "cents" });
    expect(readMoney(-5)).toEqual({ key: "minValue" });
    expect(readMoney("-0.00")).toEqual({ text: "0.00" });
    expect(readMoney(1e21)).toEqual({ key: "maxValue" });
    expect(readMoney("12345678901")).toEqual({ key: "maxValue" });
    expect(readMoney("1.250,50")).toEqual({ key: "type" });
    expect(readMoney(true)).toEqual({ key: "type" });
    // A form's empty optional fields are not given: the server's defaults apply.
    expect(ZPaymentBody.parse({ total: 5, note: "Caja", penalty: "", amountReceipt: "", date: "", type: "", method: "", card: "" })).toEqual({
      total: "5.00",
      note: "Caja",
    });
    expect(ZPaymentBody.parse({ total: "5", note: "Caja", type: "3", method: "DEPOSIT" })).toMatchObject({ type: 3, method: "DEPOSIT" });
  });
});

describe("POST admBilling/setpaymentbyorder/{id}", () => {
  it("takes partial payments up to the balance, numbers each receipt next in the series, and closes the order when paid", async () => {
    const id = await newOrder("350.00");
    const first = await pay(id, { total: "100,50", note: "Primera cuota", opnum: "OP-1" });
    expect(first.body.status, JSON.stringify(first.body)).toBe(0);
    expect(first.body.data.order).toEqual({ ID: id, status: 0, total: "350.00", paid: "100.50", balance: "249.50" });
    expect(first.body.msg).toBe(`Pago registrado: recibo ${first.body.data.receipt.refId}.`);
    expect(first.body.data.receipt.refId).toMatch(/^R001-\d{6}$/);

    const over = await pay(id, { total: 249.51, note: "Demasiado" }, "en");
    expect(over.http).toBe(422);
    expect(over.body.msg).toBe("The payment is more than what the order still owes (249.50 PEN).");

    // A penalty is within what was received: 259.50 with 10 of penalty settles the 249.50 left.
    const second = await pay(id, { total: 259.5, penalty: 10, amountReceipt: "249.50", note: "Saldo con mora", date: "2026-09-05", card: "4242" });
    expect(second.body.status, JSON.stringify(second.body)).toBe(0);
    expect(second.body.data.order).toMatchObject({ status: 1, paid: "360.00", balance: "0.00" });
    expect(numberOf(second.body.data.receipt.refId)).toBe(numberOf(first.body.data.receipt.refId) + 1);

    const { db } = await api.school();
    const receipt = await db.receipt.findFirstOrThrow({ where: { id: second.body.data.receipt.ID }, include: { payment: true } });
    expect(receipt).toMatchObject({ paid: true, voided: false, brief: "Pensión agosto", series: "R001" });
    expect(receipt.amount.toFixed(2)).toBe("249.50");
    expect(receipt.payment).toMatchObject({ type: 0, method: "CASH", card: "4242", note: "Saldo con mora" });
    expect(receipt.payment!.amount.toFixed(2)).toBe("259.50");
    expect(receipt.datePaid?.toISOString().slice(0, 10)).toBe("2026-09-05");

    // Paid: no more payments, in either language.
    for (const [locale, msg] of [
      ["es", "Solo una orden no pagada puede recibir un pago: esta ya está pagada o anulada."],
      ["en", "Only an unpaid order can take a payment: this one is paid or voided."],
    ] as const) {
      const again = await pay(id, { total: 1, note: "Otra" }, locale);
      expect(again.http).toBe(409);
      expect(again.body.msg).toBe(msg);
    }
    expect(await db.payment.count({ where: { orderId: id } })).toBe(2);

    const lines = await db.auditLog.findMany({ where: { moduleId: "admBilling", action: "pay", recordId: String(id) }, orderBy: { id: "asc" } });
    expect(lines.map((l) => l.detail)).toEqual([
      expect.objectContaining({ amount: "100.50", penalty: "0.00", receipt: first.body.data.receipt.refId, curr: "PEN" }),
      expect.objectContaining({ amount: "259.50", penalty: "10.00", receiptAmount: "249.50", receipt: second.body.data.receipt.refId }),
    ]);
  });

  it("refuses bad amounts and notes by field, in es and en, and writes nothing", async () => {
    const id = await newOrder(80);
    const { db } = await api.school();
    const cases: [Row, string, string, string][] = [
      [{ total: "12.345", note: "x" }, "total", "El campo Monto recibido admite como máximo 2 decimales.", "The Amount received may have at most 2 decimals."],
      [{ total: -5, note: "x" }, "total", "Monto recibido no debe ser menor a 0.", "The Amount received must be at least 0."],
      [{ total: 0, note: "x" }, "total", "Monto recibido no debe ser menor a 0.01.", "The Amount received must be at least 0.01."],
      [{ total: 1e12, note: "x" }, "total", "Monto recibido no debe ser mayor a 9999999999.99.", "The Amount received may not be greater than 9999999999.99."],
      [{ total: "1e3", note: "x" }, "total", "El campo Monto recibido tiene un tipo incorrecto.", "The Amount received has a wrong type."],
      [{ total: "doce", note: "x" }, "total", "El campo Monto recibido tiene un tipo incorrecto.", "The Amount received has a wrong type."],
      [{ total: 10, note: "  " }, "note", "El campo Nota es requerido.", "The Note field is required."],
      [{ total: 10, note: "x".repeat(201) }, "note", "Nota no debe ser mayor a 200 caracteres.", "The Note may not be greater than 200 characters."],
      [{ total: 10, penalty: 11, note: "x" }, "penalty", "Mora no debe ser mayor a 10.00.", "The Penalty may not be greater than 10.00."],
    ];
    for (const [body, field, es, en] of cases) {
      for (const [locale, msg] of [
        ["es", es],
        ["en", en],
      ] as const) {
        const refused = await pay(id, body, locale);
        expect(refused.http, JSON.stringify(body)).toBe(422);
        expect(refused.body.data.errors[field], `${locale} ${JSON.stringify(body)}`).toBe(msg);
      }
    }
    expect(await db.payment.count({ where: { orderId: id } })).toBe(0);
    expect(await db.receipt.count({ where: { orderId: id } })).toBe(0);
    expect((await db.order.findFirstOrThrow({ where: { id } })).status).toBe(0);
  });

  it("numbers 20 payments made at once 20 consecutive receipts, and pays one order once when two pay it together", async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => newOrder("45.00")));
    const paid = await Promise.all(orders.map((id) => pay(id, { total: "45", note: "Caja" })));
    expect(paid.map((p) => p.body.status)).toEqual(orders.map(() => 0));
    const numbers = paid.map((p) => numberOf(p.body.data.receipt.refId)).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));

    const contested = await newOrder("60.00");
    const both = await Promise.all([pay(contested, { total: 60, note: "Caja 1" }), pay(contested, { total: 60, note: "Caja 2" })]);
    expect(both.map((b) => b.http).sort()).toEqual([200, 409]);
    const { db } = await api.school();
    expect(await db.receipt.count({ where: { orderId: contested } })).toBe(1);
  });

  it("is write on admBilling: the office (secretary) pays, a teacher cannot", async () => {
    const id = await newOrder(30);
    expect((await pay(id, { total: 30, note: "x" }, "es", teacher)).http).toBe(403);
    const paid = await pay(id, { total: 30, note: "Secretaría" }, "es", secretary);
    expect(paid.body.status, JSON.stringify(paid.body)).toBe(0);
  });
});

describe("POST admBilling/refundbyorder/{id}", () => {
  it("refunds a paid order only: voids it and its receipts, numbers kept, and audits the amounts", async () => {
    const id = await newOrder("120.00");
    const unpaid = await refund(id, { note: "Error" }, "en");
    expect(unpaid.http).toBe(409);
    expect(unpaid.body.msg).toBe("Only a paid order can be refunded.");
    const noNote = await refund(id, { note: "" });
    expect(noNote.http).toBe(422);
    expect(noNote.body.data.errors.note).toBe("El campo Nota es requerido.");

    const a = await pay(id, { total: 20, note: "Parte" });
    const b = await pay(id, { total: "100.00", note: "Resto" });
    expect(b.body.data.order.status).toBe(1);
    const done = await refund(id, { note: "Retiro del alumno" });
    expect(done.body.status, JSON.stringify(done.body)).toBe(0);
    expect(done.body.data).toMatchObject({
      order: { status: -1, paid: "0.00", balance: "0.00" },
      refunded: "120.00",
      voided: [a.body.data.receipt.refId, b.body.data.receipt.refId],
    });

    const { db } = await api.school();
    // The receipts themselves (a Peruvian school's credit notes beside them: reminders.test.ts).
    const receipts = await db.receipt.findMany({ where: { orderId: id, creditOfId: null }, orderBy: { id: "asc" } });
    expect(receipts.map((r) => [r.refId, r.voided])).toEqual([
      [a.body.data.receipt.refId, true],
      [b.body.data.receipt.refId, true],
    ]);
    // The list shows them voided (the ANULADO chip: status 2).
    const listed = await api.rows(`admBilling/get/?PageSize=5&page=1&filterBy=status&filter=2&search=${encodeURIComponent(a.body.data.receipt.refId)}`);
    expect(listed.map((r) => r.refId)).toContain(a.body.data.receipt.refId);
    expect((await refund(id, { note: "Otra vez" })).http).toBe(409);
    expect((await pay(id, { total: 1, note: "Tras anular" })).http).toBe(409);
    const line = await db.auditLog.findFirstOrThrow({ where: { moduleId: "admBilling", action: "refund", recordId: String(id) } });
    expect(line.detail).toMatchObject({ amount: "120.00", voided: [a.body.data.receipt.refId, b.body.data.receipt.refId] });
  });
});
