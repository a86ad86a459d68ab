import { RECEIPTS_COUNT_HEADER } from "@pizarra/contracts";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { zipEntryCounter } from "../../../components/billing/zip-entries.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { readZip } from "../../../test-support/read-zip.ts";

/**
 * Receipts as documents (001 §2 "Receipts", §3 "Receipt", §7): an order's receipt PDF and the receipts zip of a range,
 * through the real route handlers and PostgreSQL, read back with unpdf and jszip (not the libraries that wrote them).
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

let admin: string;
let teacher: string;
let northside: string;
let serial = 0;

beforeAll(async () => {
  ({ admin, teacher, northside } = await api.tokens());
});

const post = <T = Row>(path: string, body: Row = {}, token = admin) => api.call<T>("POST", path, { token, body });
const textOf = async (bytes: ArrayBuffer | Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false })).text;

/** A new unpaid order for a demo student: its lines' amounts, and the student it is for. */
async function newOrder(amounts: string[]): Promise<{ id: number; student: Row }> {
  const student = (await api.rows("admStudent/get?PageSize=1&page=3"))[0]!;
  const created = await post<{ ID: number }>("admOrder/create", {
    easyId: `RCP-${++serial}-${Date.now() % 100000}`,
    externalId: student.externalId,
    brief: "Pensión septiembre",
    dueDate: "2026-09-30",
  });
  expect(created.body.status, JSON.stringify(created.body)).toBe(0);
  for (const [i, amount] of amounts.entries()) {
    const line = await post(`admOrder/detail/create?parentId=${created.body.data.ID}`, { item: `Concepto ${i + 1}`, quantity: 1, amount });
    expect(line.body.status, JSON.stringify(line.body)).toBe(0);
  }
  return { id: created.body.data.ID, student };
}
const pay = async (id: number, body: Row) => {
  const paid = await post<{ receipt: { refId: string } }>(`admBilling/setpaymentbyorder/${id}`, body);
  expect(paid.body.status, JSON.stringify(paid.body)).toBe(0);
  return paid.body.data.receipt.refId;
};
const get = (path: string, token = admin, locale: "es" | "en" = "es") => api.raw("GET", path, { token, locale });

describe("GET admBilling/receipt/{orderId}/{bool}", () => {
  it("prints the latest receipt (false) or all of them (true), with amounts in words, and ANULADO once refunded", async () => {
    const { id, student } = await newOrder(["300.00", "50.00"]);
    const first = await pay(id, { total: "100.00", note: "Primera parte", date: "2026-09-02" });
    const second = await pay(id, { total: "250.00", note: "Saldo", date: "2026-09-03" });

    const latest = await get(`admBilling/receipt/${id}/false`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get("content-type")).toBe("application/pdf");
    expect(latest.headers.get("content-disposition")).toBe(`attachment; filename="${second}.pdf"`);
    const [page] = await textOf(await latest.arrayBuffer());
    expect(page).toContain(second);
    expect(page).not.toContain(first);
    expect(page).toContain(String(student.name));
    expect(page).toContain("PEN 250.00");
    expect(page).toContain("DOSCIENTOS CINCUENTA CON 00/100 SOLES");
    // The order's lines with their subtotals.
    expect(page).toContain("Concepto 1");
    expect(page).toContain("300.00");
    expect(page).not.toContain("ANULADO");

    const all = await get(`admBilling/receipt/${id}/true`);
    expect(all.headers.get("content-disposition")).toBe(`attachment; filename="${first}_${second}.pdf"`);
    const pages = await textOf(await all.arrayBuffer());
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(first);
    expect(pages[0]).toContain("CIEN CON 00/100 SOLES");
    expect(pages[1]).toContain(second);

    const refunded = await post(`admBilling/refundbyorder/${id}`, { note: "Retiro" });
    expect(refunded.body.status, JSON.stringify(refunded.body)).toBe(0);
    const voided = await textOf(await (await get(`admBilling/receipt/${id}/true`)).arrayBuffer());
    // The receipts, ANULADO, then the credit notes a Peruvian school issues for them (reminders.test.ts).
    expect(voided).toHaveLength(4);
    expect(voided.slice(0, 2).every((text) => text.includes("ANULADO"))).toBe(true);
    expect(voided.slice(2).every((text) => text.includes("NOTA DE CRÉDITO"))).toBe(true);
    expect(voided[0]).toContain(first);
  });

  it("answers an order with no receipt, another school's order and a teacher with a refusal", async () => {
    const { id } = await newOrder(["10.00"]);
    const none = await api.call("GET", `admBilling/receipt/${id}/false`, { token: admin, locale: "en" });
    expect(none.http).toBe(404);
    expect(none.body.msg).toBe("This order has no receipt yet: a receipt is issued when a payment is registered.");
    const noneEs = await api.call("GET", `admBilling/receipt/${id}/false`, { token: admin, locale: "es" });
    expect(noneEs.body.msg).toBe("Este pedido aún no tiene recibo: el recibo se emite al registrar un pago.");

    await pay(id, { total: "10.00", note: "Pago" });
    expect((await get(`admBilling/receipt/${id}/false`, northside)).status).toBe(404);
    expect((await get(`admBilling/receipt/${id}/false`, teacher)).status).toBe(403);
    expect((await get(`admBilling/receipt/${id}/maybe`)).status).toBe(422);
  });
});

describe("GET admBilling/report/receipts/zip", () => {
  it("zips one readable PDF per receipt of the range, named by its number, and says how many first", async () => {
    const { id } = await newOrder(["80.00"]);
    const a = await pay(id, { total: "30.00", note: "Uno", date: "2024-03-04" });
    const b = await pay(id, { total: "50.00", note: "Dos", date: "2024-03-05" });
    const { id: other } = await newOrder(["21000.00"]);
    const c = await pay(other, { total: "21000.00", note: "Tres", date: "2024-03-31" });
    const { id: outside } = await newOrder(["5.00"]);
    await pay(outside, { total: "5.00", note: "Fuera", date: "2024-04-01" });

    const res = await get("admBilling/report/receipts/zip?from=2024-03-01&to=2024-03-31");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const count = Number(res.headers.get(RECEIPTS_COUNT_HEADER));
    const bytes = new Uint8Array(await res.arrayBuffer());
    const zip = await readZip(bytes);
    const names = [...zip.keys()];
    expect(names).toHaveLength(count);
    // The screen's "n of N" counts the entries as the bytes arrive, whatever the chunks' sizes.
    for (const size of [1, 7, 29, 31, 4096]) {
      const counter = zipEntryCounter();
      const seen: number[] = [];
      for (let at = 0; at < bytes.length; at += size) seen.push(counter(bytes.subarray(at, at + size)));
      expect(seen.at(-1)).toBe(count);
      expect(seen).toEqual([...seen].sort((x, y) => x - y));
    }
    expect(names).toEqual(expect.arrayContaining([`${a}.pdf`, `${b}.pdf`, `${c}.pdf`]));
    const [text] = await textOf(zip.get(`${c}.pdf`)!);
    expect(text).toContain(c);
    expect(text).toContain("VEINTIÚN MIL CON 00/100 SOLES");
    for (const [name, pdf] of zip) expect((await textOf(pdf)).join(" ")).toContain(name.replace(".pdf", ""));
  });

  it("refuses a missing, reversed or too wide range by field, in es and en, and a teacher", async () => {
    const refusal = async (query: string, locale: "es" | "en") => {
      const res = await api.call<{ errors: Record<string, string> }>("GET", `admBilling/report/receipts/zip${query}`, { token: admin, locale });
      expect(res.http).toBe(422);
      return res.body.data.errors;
    };
    expect(await refusal("?to=2024-01-31", "en")).toEqual({ from: "The start date field is required." });
    expect(await refusal("?from=2024-02-01&to=2024-01-31", "en")).toEqual({ to: "The end date must be on or after the start date." });
    expect(await refusal("?from=2024-02-01&to=2024-01-31", "es")).toEqual({ to: "La fecha final debe ser igual o posterior a la fecha inicial." });
    expect(await refusal("?from=2024-01-01&to=2025-01-02", "es")).toEqual({
      to: "La fecha final puede estar como máximo 366 días después de la fecha inicial.",
    });
    expect(await refusal("?from=2024-02-30&to=2024-03-01", "en")).toEqual({ from: "The start date is not a valid date (YYYY-MM-DD)." });
    const empty = await api.call("GET", "admBilling/report/receipts/zip?from=2001-01-01&to=2001-01-31", { token: admin, locale: "en" });
    expect(empty.http).toBe(404);
    expect(empty.body.msg).toBe("There are no receipts dated from 2001-01-01 to 2001-01-31.");
    expect((await get("admBilling/report/receipts/zip?from=2024-03-01&to=2024-03-31", teacher)).status).toBe(403);
  });
});
