import { forTenant } from "@pizarra/db";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiHarness, type DemoSchool } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { verifyPayLink } from "./pay-link-token.ts";
import { scanReminders, scanSchool, sendReminder } from "./reminders.ts";

/**
 * What a family is told of what it owes, through the real route handlers, the delivery ledger and PostgreSQL: the
 * school's reminder settings; the scan that finds the orders a reminder step falls on and groups them by family; each
 * (order, step) sent once however the send runs; nothing for an order paid between the scan and the send; quiet hours
 * honoured; the staff's pay link refused, saying why, for a paid or voided order or with online payment off; and the
 * credit notes of a Peruvian school's refunds, numbered with no gap and printed (read back with unpdf, not pdfkit).
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors?: Record<string, string> };
type Locale = "es" | "en";

let admin: string;
let teacher: string;
let school: DemoSchool;
let serial = 0;

beforeAll(async () => {
  // Before anything reads the environment: e-mail is offered (nothing is sent: no worker runs here).
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  ({ admin, teacher } = await api.tokens());
  school = await api.school();
});

const post = <T = Row>(path: string, body: unknown = {}, token = admin, locale: Locale = "es") => api.call<T & Refusal>("POST", path, { token, body, locale });
const get = <T = Row>(path: string, token = admin, locale: Locale = "es") => api.call<T & Refusal>("GET", path, { token, locale });
const textOf = async (bytes: ArrayBuffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

let studentPage = 0;
/** A demo student whose family is exactly these guardians (each with an e-mail): `pays` marks the payers. */
async function family(guardians: { pays: boolean; locale?: Locale }[]) {
  const student = (await api.rows(`admStudent/get?PageSize=1&page=${++studentPage}`))[0]!;
  const studentId = student.ID as number;
  await school.db.kinship.deleteMany({ where: { studentId } });
  const ids: number[] = [];
  for (const [i, g] of guardians.entries()) {
    const guardian = await school.db.user.create({
      data: { type: 1, name: `Paga${i}`, last: "Rojas", mail: `payer${studentId}-${i}@example.com`, locale: g.locale ?? "es" },
      select: { id: true },
    });
    await school.db.kinship.create({ data: { studentId, relativeId: guardian.id, userKind: 1, pays: g.pays } });
    ids.push(guardian.id);
  }
  await splitBetweenPayers(
    studentId,
    ids.filter((_, i) => guardians[i]!.pays),
  );
  return { externalId: student.externalId as string, studentId, guardians: ids };
}

/** Two paying guardians share the fees as the school splits them (payer-split.ts): half each. */
async function splitBetweenPayers(studentId: number, payers: number[]) {
  if (payers.length < 2) return;
  await school.db.payerSplit.createMany({ data: payers.slice(0, 2).map((relativeId) => ({ studentId, relativeId, percent: 50 })) });
}

/** Another child of the same guardians (siblings share their payers). */
async function sibling(of: { guardians: number[] }, pays: boolean[]) {
  const student = (await api.rows(`admStudent/get?PageSize=1&page=${++studentPage}`))[0]!;
  const studentId = student.ID as number;
  await school.db.kinship.deleteMany({ where: { studentId } });
  for (const [i, id] of of.guardians.entries()) await school.db.kinship.create({ data: { studentId, relativeId: id, userKind: 1, pays: pays[i] ?? false } });
  await splitBetweenPayers(
    studentId,
    of.guardians.filter((_, i) => pays[i]),
  );
  return { externalId: student.externalId as string, studentId, guardians: of.guardians };
}

/** A new unpaid order of one line for the student, due on `dueDate`. */
async function newOrder(externalId: string, dueDate: string, amount = "350.00", brief = "Pensión"): Promise<number> {
  const created = await post<{ ID: number }>("admOrder/create", { easyId: `REM-${++serial}-${Date.now() % 100000}`, externalId, brief, dueDate });
  expect(created.body.status, JSON.stringify(created.body)).toBe(0);
  const line = await post(`admOrder/detail/create?parentId=${created.body.data.ID}`, { item: brief, quantity: 1, amount });
  expect(line.body.status, JSON.stringify(line.body)).toBe(0);
  return created.body.data.ID;
}
const pay = (id: number, total = "350.00") => post<{ receipt: { refId: string } }>(`admBilling/setpaymentbyorder/${id}`, { total, note: "Caja" });

const schoolRow = () =>
  api.db().tenant.findUniqueOrThrow({ where: { id: school.tenantId }, select: { id: true, settings: true, timeZone: true, quietFrom: true, quietTo: true } });
/** 10:00 on the school's clock (UTC-5) of `day`: outside its quiet hours. */
const morning = (day: string) => new Date(`${day}T15:00:00Z`);
const messagesOf = (source: string, userIds: number[]) =>
  school.db.message.findMany({
    where: { source, userId: { in: userIds } },
    orderBy: { id: "asc" },
    select: { userId: true, channel: true, text: true, locale: true, notBefore: true, key: true },
  });

describe("the school's reminder settings (GET/POST admBilling/reminders)", () => {
  it("start off, save days as typed, refuse bad days naming the field in es and en, and are admBilling's", async () => {
    const initial = await get<{ on: boolean; before: number[]; after: number[] }>("admBilling/reminders");
    expect(initial.body.data).toEqual({ on: false, before: [3], after: [1, 7, 15] });
    const saved = await post<{ on: boolean; before: number[]; after: number[] }>("admBilling/reminders", { on: true, before: "3", after: "15, 1, 7, 7" });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data).toEqual({ on: true, before: [3], after: [1, 7, 15] });
    expect(saved.body.msg).toBe("Recordatorios de pago guardados.");
    // The school's other switches stay as they were.
    expect((await schoolRow()).settings).toMatchObject({ payReminders: { on: true, before: [3], after: [1, 7, 15] } });

    for (const locale of ["es", "en"] as const) {
      const bad = await post("admBilling/reminders", { on: true, before: "0", after: "1, 2, 3, 4, 5, 6" }, admin, locale);
      expect(bad.http).toBe(422);
      const errors = bad.body.data.errors!;
      expect(Object.keys(errors).sort()).toEqual(["after", "before"]);
      expect(errors.before).toContain(locale === "es" ? "Días antes del vencimiento" : "Days before the due date");
      expect(errors.after).toContain(locale === "es" ? "Días después del vencimiento" : "Days after the due date");
    }
    expect((await schoolRow()).settings).toMatchObject({ payReminders: { before: [3], after: [1, 7, 15] } });
    expect((await get("admBilling/reminders", teacher)).http).toBe(403);
    expect((await post("admBilling/reminders", { on: false, before: "", after: "" }, teacher)).http).toBe(403);
  });
});

describe("the reminder scan and send", () => {
  it("finds the unpaid orders a step falls on, one send per family listing siblings' orders, to both payers of a split", async () => {
    await post("admBilling/reminders", { on: true, before: "3", after: "1, 7" });
    const now = morning("2031-05-12");
    const split = await family([{ pays: true }, { pays: true, locale: "en" }, { pays: false }]);
    const brother = await sibling(split, [true, true, false]);
    const single = await family([{ pays: false }, { pays: false }]);
    const before = await newOrder(split.externalId, "2031-05-15", "350.00", "Pensión junio");
    const siblingsDue = await newOrder(brother.externalId, "2031-05-15", "200.50", "Taller de música");
    const late = await newOrder(single.externalId, "2031-05-05", "120.00");
    const lateOne = await newOrder(single.externalId, "2031-05-11", "80.00");
    await newOrder(single.externalId, "2031-05-14");
    await newOrder(single.externalId, "2031-05-09");
    const paid = await newOrder(single.externalId, "2031-05-15");
    expect((await pay(paid)).body.status).toBe(0);

    const jobs = await scanSchool(api.db(), await schoolRow(), now);
    const found = jobs.map((j) => ({ payers: j.data.payers, items: j.data.items }));
    expect(found).toHaveLength(2);
    expect(found).toContainEqual({
      payers: split.guardians.slice(0, 2),
      items: [
        { orderId: before, step: -3 },
        { orderId: siblingsDue, step: -3 },
      ],
    });
    // A family whose links name no payer: its first guardian pays (as its receipts name them).
    expect(found).toContainEqual({
      payers: [single.guardians[0]],
      items: [
        { orderId: late, step: 7 },
        { orderId: lateOne, step: 1 },
      ],
    });
    expect(jobs.every((j) => j.startAfter!.getTime() === now.getTime())).toBe(true);

    const family1 = jobs.find((j) => j.data.payers.length === 2)!.data;
    expect(await sendReminder(api.db(), family1)).toBe(2);
    const sent = await messagesOf("billingReminder", split.guardians);
    expect(sent.map((m) => [m.userId, m.channel, m.locale])).toEqual([
      [split.guardians[0], "mail", "es"],
      [split.guardians[1], "mail", "en"],
    ]);
    expect(sent[0]!.text).toContain("Le recordamos pagos pendientes");
    expect(sent[0]!.text).toContain("Pensión junio, 350.00 PEN, vence el 2031-05-15");
    expect(sent[0]!.text).toContain("Taller de música, 200.50 PEN, vence el 2031-05-15");
    expect(sent[1]!.text).toContain("A reminder of payments");
    // Online payment is off here: no pay link.
    expect(sent[0]!.text).not.toContain("/api/pay/");

    // Scanned again the same day: what was sent is not found again.
    const again = await scanSchool(api.db(), await schoolRow(), now);
    expect(again.map((j) => j.data.payers)).toEqual([[single.guardians[0]]]);
  });

  it("sends each (order, step) once, run twice or twice at once, and nothing for an order paid since the scan", async () => {
    const now = morning("2031-06-12");
    const fam = await family([{ pays: true }]);
    const a = await newOrder(fam.externalId, "2031-06-11");
    const b = await newOrder(fam.externalId, "2031-06-11", "90.00", "Uniforme");
    const [job] = await scanSchool(api.db(), await schoolRow(), now);
    expect(job!.data.items.map((i) => i.orderId)).toEqual([a, b]);

    const [first, second] = await Promise.all([sendReminder(api.db(), job!.data), sendReminder(api.db(), job!.data)]);
    expect(first + second).toBe(1);
    expect(await sendReminder(api.db(), job!.data)).toBe(0);
    expect(await messagesOf("billingReminder", fam.guardians)).toHaveLength(1);
    expect(await school.db.orderReminder.count({ where: { orderId: { in: [a, b] } } })).toBe(2);

    // A week later both are due a reminder again (step 7); one is paid between the scan and the send.
    const [late] = await scanSchool(api.db(), await schoolRow(), morning("2031-06-18"));
    expect(late!.data.items).toEqual([
      { orderId: a, step: 7 },
      { orderId: b, step: 7 },
    ]);
    expect((await pay(a)).body.status).toBe(0);
    expect((await pay(b, "90.00")).body.status).toBe(0);
    expect(await sendReminder(api.db(), late!.data)).toBe(0);
    expect(await messagesOf("billingReminder", fam.guardians)).toHaveLength(1);
    expect(await school.db.orderReminder.count({ where: { orderId: { in: [a, b] }, step: 7 } })).toBe(0);
  });

  it("waits for the end of the school's quiet hours, and a school switched off is not scanned", async () => {
    const fam = await family([{ pays: true }]);
    await newOrder(fam.externalId, "2031-07-11");
    // 23:30 on the school's clock (UTC-5): inside its quiet hours (21:00–07:00), so the send waits for 07:00.
    const late = new Date("2031-07-13T04:30:00Z");
    const [job] = await scanSchool(api.db(), await schoolRow(), late);
    expect(job!.startAfter).toEqual(new Date("2031-07-13T12:00:00Z"));

    // Sent while the school's quiet hours hold now (the worker ran it early): the pipeline holds the message.
    const row = await schoolRow();
    const minutes = Math.floor((Date.now() - 5 * 3_600_000) / 60_000) % 1440;
    const quiet = { quietFrom: (minutes + 1440 - 60) % 1440, quietTo: (minutes + 60) % 1440 };
    await api.db().tenant.update({ where: { id: school.tenantId }, data: { ...quiet, timeZone: "America/Bogota" } });
    try {
      expect(await sendReminder(api.db(), job!.data)).toBe(1);
      const [message] = await messagesOf("billingReminder", fam.guardians);
      expect(message!.notBefore.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    } finally {
      await api.db().tenant.update({ where: { id: school.tenantId }, data: { quietFrom: row.quietFrom, quietTo: row.quietTo } });
    }

    await newOrder(fam.externalId, "2031-08-11");
    expect(await scanReminders(api.db(), morning("2031-08-12"))).toBe(1);
    await post("admBilling/reminders", { on: false, before: "3", after: "1, 7" });
    expect(await scanReminders(api.db(), morning("2031-08-12"))).toBe(0);
    await post("admBilling/reminders", { on: true, before: "3", after: "1, 7" });
  });
});

describe("POST admOrder/sendpaylink/{id}", () => {
  afterAll(() => {
    Object.assign(env(), { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
  });

  it("is refused while online payment is off, and for a paid or voided order, saying why in es and en", async () => {
    const fam = await family([{ pays: true }]);
    const id = await newOrder(fam.externalId, "2031-09-30");
    const off = await post(`admOrder/sendpaylink/${id}`, {}, admin, "en");
    expect(off.http).toBe(409);
    expect(off.body.msg).toContain("Online payments are not set up");

    Object.assign(env(), { STRIPE_SECRET_KEY: "sk_test_reminders", STRIPE_WEBHOOK_SECRET: "whsec_reminders" });
    expect((await pay(id)).body.status).toBe(0);
    const paidEs = await post(`admOrder/sendpaylink/${id}`, {}, admin, "es");
    const paidEn = await post(`admOrder/sendpaylink/${id}`, {}, admin, "en");
    expect([paidEs.http, paidEs.body.msg]).toEqual([409, "Esta orden ya está pagada: no hay enlace de pago que enviar."]);
    expect([paidEn.http, paidEn.body.msg]).toEqual([409, "This order is already paid: there is no pay link to send."]);
    expect((await post(`admBilling/refundbyorder/${id}`, { note: "Retiro" })).body.status).toBe(0);
    const voided = await post(`admOrder/sendpaylink/${id}`, {}, admin, "en");
    expect([voided.http, voided.body.msg]).toEqual([409, "This order is voided (refunded): there is no pay link to send."]);
    expect(await messagesOf("billingPayLink", fam.guardians)).toEqual([]);
    expect((await post(`admOrder/sendpaylink/${id}`, {}, teacher)).http).toBe(403);
  });

  it("queues the pay link to the payers once a day for the same balance; the link names the school and order", async () => {
    const fam = await family([{ pays: true, locale: "en" }, { pays: false }]);
    const id = await newOrder(fam.externalId, "2031-10-31", "410.00", "Pensión octubre");
    const sent = await post<{ queued: number; payers: number }>(`admOrder/sendpaylink/${id}`);
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(0);
    expect(sent.body.data).toEqual({ queued: 1, payers: 1 });
    const again = await post<{ queued: number }>(`admOrder/sendpaylink/${id}`, {}, admin, "en");
    expect([again.body.data.queued, again.body.msg]).toEqual([0, "This order's pay link was already sent today for this amount."]);
    const [message, ...rest] = await messagesOf("billingPayLink", fam.guardians);
    expect(rest).toEqual([]);
    expect([message!.userId, message!.channel, message!.locale]).toEqual([fam.guardians[0], "mail", "en"]);
    expect(message!.text).toContain("Pensión octubre, 410.00 PEN, due 2031-10-31");
    const token = /\/api\/pay\/(\S+)/.exec(message!.text)![1]!;
    expect(await verifyPayLink(token)).toEqual({ tenantId: school.tenantId, orderId: id });
    const forged = await api.call("GET", `pay/${token.slice(0, -4)}AAAA`, { locale: "en" });
    expect([forged.http, forged.body.msg]).toEqual([401, "This pay link is not valid."]);
  });
});

describe("credit notes of refunds (a Peruvian school)", () => {
  it("are numbered in the note series with no gap under parallel refunds, linked to the voided receipt, and printed", async () => {
    const fam = await family([{ pays: true }]);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await newOrder(fam.externalId, "2031-11-30", "100.00"));
    const receipts = new Map<number, string>();
    for (const id of orders) receipts.set(id, (await pay(id, "100.00")).body.data.receipt.refId);
    const refunds = await Promise.all(
      orders.map((id) => post<{ voided: string[]; creditNotes: string[] }>(`admBilling/refundbyorder/${id}`, { note: "Retiro" })),
    );
    for (const [i, r] of refunds.entries()) {
      expect(r.body.status, JSON.stringify(r.body)).toBe(0);
      expect(r.body.data.voided).toEqual([receipts.get(orders[i]!)]);
      expect(r.body.data.creditNotes).toHaveLength(1);
      expect(r.body.msg).toBe(
        `Devolución registrada: la orden quedó anulada, sus recibos marcados ANULADO y emitida la nota de crédito ${r.body.data.creditNotes[0]}.`,
      );
    }
    const numbers = refunds.map((r) => Number(r.body.data.creditNotes[0]!.split("-")[1])).sort((a, b) => a - b);
    expect(refunds.every((r) => r.body.data.creditNotes[0]!.startsWith("N001-"))).toBe(true);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const notes = await school.db.receipt.findMany({
      where: { orderId: { in: orders }, type: 1 },
      select: { orderId: true, amount: true, voided: true, creditOf: { select: { refId: true, voided: true } } },
    });
    expect(notes).toHaveLength(6);
    for (const note of notes)
      expect([note.amount.toFixed(2), note.voided, note.creditOf]).toEqual(["100.00", false, { refId: receipts.get(note.orderId), voided: true }]);

    const pdf = await api.raw("GET", `admBilling/receipt/${orders[0]}/true`, { token: admin, locale: "es" });
    expect(pdf.status).toBe(200);
    const text = await textOf(await pdf.arrayBuffer());
    expect(text).toContain("NOTA DE CRÉDITO");
    expect(text).toContain(`Comprobante anulado: ${receipts.get(orders[0]!)}`);
    expect(text).toContain(refunds[0]!.body.data.creditNotes[0]);
  });

  it("are not issued where the school's country does not need them", async () => {
    const fam = await family([{ pays: true }]);
    const id = await newOrder(fam.externalId, "2031-12-31", "100.00");
    expect((await pay(id, "100.00")).body.status).toBe(0);
    await api.db().tenant.update({ where: { id: school.tenantId }, data: { defaultCountry: "CO" } });
    try {
      const refund = await post<{ creditNotes: string[] }>(`admBilling/refundbyorder/${id}`, { note: "Retiro" });
      expect([refund.body.data.creditNotes, refund.body.msg]).toEqual([[], "Devolución registrada: la orden quedó anulada y sus recibos marcados ANULADO."]);
      expect(await forTenant(api.db(), school.tenantId).receipt.count({ where: { orderId: id, type: 1 } })).toBe(0);
    } finally {
      await api.db().tenant.update({ where: { id: school.tenantId }, data: { defaultCountry: "PE" } });
    }
  });
});
