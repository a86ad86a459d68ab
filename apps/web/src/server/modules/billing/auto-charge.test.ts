import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { TAutoChargeAnswer, TCardOnFileAnswer } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaymentSink, startPaymentSink } from "../../../../../../scripts/lib/payment-sink.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { startBoss, work } from "../../delivery/queue.ts";
import { env } from "../../env.ts";
import { serveCallbacks } from "../../http/callback-lane.ts";
import { Router } from "../../http/router.ts";
import { PROVIDER_ROUTES } from "../../provider-routes.ts";
import { AUTO_CHARGE_JOBS } from "./auto-charge-job.ts";

/**
 * The automatic charge (001 §7 automaticCharge) end to end with real parts: cards kept by the guardian's consent on
 * the loopback Stripe sandbox's checkout (scripts/lib/payment-sink.ts), the preview and confirm through the real
 * router, the charges sent by the real queue's worker (pg-boss, in this process) with the product's `stripe` client,
 * and the payments registered by the signed webhook on the worker's callback port, into real PostgreSQL.
 */
const api = apiHarness({ school: true });

const SECRET_KEY = "sk_test_pizarra_sandbox";
const WEBHOOK_SECRET = "whsec_pizarra_sandbox_secret";
const DECLINING = "4000000000009995";
let admin: string;
let teacher: string;
let northside: string;
let school: TenantDb;
let sink: PaymentSink;
let callbacks: http.Server;
let queue: PgBoss;
let serial = 0;
let studentPage = 0;

beforeAll(async () => {
  ({ admin, teacher, northside } = await api.tokens());
  ({ db: school } = await api.school());
  callbacks = await serveCallbacks(new Router(PROVIDER_ROUTES), 0, "127.0.0.1");
  const webhookUrl = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}/api/payments/stripe/webhook`;
  sink = await startPaymentSink({ port: 0, webhookUrl, webhookSecret: WEBHOOK_SECRET, secretKey: SECRET_KEY });
  Object.assign(env(), { STRIPE_API_URL: sink.url, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  queue = await startBoss(AUTO_CHARGE_JOBS, api.state.database!.url);
  for (const job of AUTO_CHARGE_JOBS) await work(queue, api.db(), job);
});
afterAll(async () => {
  await queue?.stop({ graceful: true, wait: true });
  Object.assign(env(), { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
  await sink?.close();
  await new Promise((resolve) => callbacks?.close(resolve));
});

type Family = { studentId: number; externalId: string; guardianId: number; guardian: string };

/** A demo student not used before, whose one family link is a new paying guardian. */
async function family(): Promise<Family> {
  const row = (await api.rows<{ ID: number; externalId: string }>(`admStudent/get?PageSize=1&page=${++studentPage}`))[0]!;
  await school.kinship.deleteMany({ where: { studentId: row.ID } });
  const last = `Quispe${studentPage}`;
  const guardian = await school.user.create({ data: { type: 1, name: "Rosa", last, last2: "Huamán", mail: `ac${row.ID}@example.com` }, select: { id: true } });
  await school.kinship.create({ data: { studentId: row.ID, relativeId: guardian.id, userKind: 1, pays: true } });
  return { studentId: row.ID, externalId: row.externalId, guardianId: guardian.id, guardian: last };
}

/** An unpaid order of the student's for `total`, due on `due` (years before the demo's own orders). */
async function order(f: Family, total: string, due: string, curr = "PEN"): Promise<number> {
  const made = await school.order.create({
    data: {
      easyId: `AC-${++serial}`,
      externalId: f.externalId,
      studentId: f.studentId,
      brief: `Pensión ${serial}`,
      dueDate: new Date(`${due}T00:00:00Z`),
      total,
      curr,
    },
    select: { id: true },
  });
  return made.id;
}

/** The guardian pays an order through the checkout and, when `save`, ticks "keep this card" with this card number. */
async function payOnline(f: Family, card: string, save: boolean) {
  const id = await order(f, "10.00", "2018-12-01");
  const link = await api.call<{ url: string }>("GET", `admOrder/request2pay/${id}`, { token: admin });
  expect(link.http, JSON.stringify(link.body)).toBe(200);
  const page = await fetch(link.body.data.url);
  expect(await page.text()).toContain("Keep this card for the school's automatic charges");
  const form = new URLSearchParams({ method: "card", card, ...(save ? { save: "yes" } : {}) });
  expect((await fetch(link.body.data.url, { method: "POST", body: form, redirect: "manual" })).status).toBe(303);
  expect((await school.order.findFirstOrThrow({ where: { id }, select: { status: true } })).status).toBe(1);
}

const preview = (date: string, token = admin, locale: "es" | "en" = "en") =>
  api.call<TAutoChargeAnswer>("GET", `admBilling/automaticCharge/${date}`, { token, locale });
const confirm = (date: string, token = admin) =>
  api.call<TAutoChargeAnswer>("POST", `admBilling/automaticCharge/${date}?confirm=true`, { token, locale: "en", body: {} });

/** The run of a date once the worker sent every charge and the webhook answered each. */
async function finished(date: string): Promise<NonNullable<TAutoChargeAnswer["run"]>> {
  for (let i = 0; i < 120; i++) {
    const run = (await api.call<TAutoChargeAnswer>("GET", `admBilling/automaticCharge/${date}?progress=true`, { token: admin })).body.data.run;
    if (run?.finished) return run;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the run of ${date} did not finish`);
}

const paymentsOf = (orderId: number) => school.payment.findMany({ where: { orderId }, orderBy: { id: "asc" } });

describe("cards on file", () => {
  it("keeps a card only when the guardian ticks the box, shows staff its brand, last 4 and expiry, and removes it", async () => {
    const f = await family();
    await payOnline(f, "4242424242424242", false);
    expect(await school.cardOnFile.count({ where: { guardianId: f.guardianId } })).toBe(0);
    await payOnline(f, "4242424242424242", true);
    const kept = await school.cardOnFile.findFirstOrThrow({ where: { guardianId: f.guardianId } });
    expect(kept).toMatchObject({ provider: "stripe", brand: "visa", last4: "4242" });
    expect(kept.customerId).toMatch(/^cus_test_/);
    expect(JSON.stringify(kept)).not.toContain("4242424242424242");
    // A second consent replaces the card at the same customer: still one.
    await payOnline(f, "5555555555554444", true);
    const cards = await school.cardOnFile.findMany({ where: { guardianId: f.guardianId } });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: "mastercard", last4: "4444", customerId: kept.customerId });

    const seen = await api.call<TCardOnFileAnswer>("GET", `admBilling/cardOnFile/${f.guardianId}`, { token: admin });
    expect(seen.body.data.card).toMatchObject({ brand: "mastercard", last4: "4444", expYear: expect.any(Number) });
    expect(Object.keys(seen.body.data.card!).sort()).toEqual(["brand", "createdAt", "expMonth", "expYear", "last4", "provider"]);
    expect((await api.call("GET", `admBilling/cardOnFile/${f.guardianId}`, { token: teacher })).http).toBe(403);
    expect((await api.call("GET", `admBilling/cardOnFile/${f.guardianId}`, { token: northside })).http).toBe(404);
    expect((await api.call("POST", `admBilling/cardOnFile/${f.guardianId}/remove`, { token: northside, body: {} })).http).toBe(404);

    const removed = await api.call<TCardOnFileAnswer>("POST", `admBilling/cardOnFile/${f.guardianId}/remove`, { token: admin, locale: "es", body: {} });
    expect(removed.body.msg).toBe("Tarjeta guardada eliminada: no se volverá a cobrar.");
    expect(await school.cardOnFile.count({ where: { guardianId: f.guardianId } })).toBe(0);
    expect(sink.method(cards[0]!.paymentMethodId)).toBeUndefined();
    expect((await api.call<TCardOnFileAnswer>("GET", `admBilling/cardOnFile/${f.guardianId}`, { token: admin })).body.data.card).toBeNull();
  });
});

describe("GET and POST admBilling/automaticCharge/{date}", () => {
  const DATE = "2019-03-31";
  let a: Family;
  let b: Family;
  let c: Family;
  const orders: Record<string, number> = {};

  beforeAll(async () => {
    [a, b, c] = [await family(), await family(), await family()];
    await payOnline(a, "4242424242424242", true);
    await payOnline(b, DECLINING, true);
    orders.a1 = await order(a, "100.50", "2019-02-28");
    orders.a2 = await order(a, "20.00", "2019-03-31", "USD");
    orders.aLater = await order(a, "55.00", "2019-04-01");
    // Paid in part at the desk: its balance is charged, not its total.
    orders.aPart = await order(a, "50.00", "2019-01-31");
    const part = await api.call("POST", `admBilling/setpaymentbyorder/${orders.aPart}`, { token: admin, body: { total: "20.00", note: "A cuenta" } });
    expect(part.body.status, JSON.stringify(part.body)).toBe(0);
    orders.b1 = await order(b, "75.25", "2019-03-15");
    orders.c1 = await order(c, "40.00", "2019-03-01");
  });

  it("previews what is due on cards on file, with totals by currency and what has no card", async () => {
    const answer = await preview(DATE);
    expect(answer.http, JSON.stringify(answer.body)).toBe(200);
    const p = answer.body.data.preview!;
    expect(answer.body.data.run).toBeNull();
    expect(p.count).toBe(4);
    expect(p.totals).toEqual([
      { curr: "PEN", count: 3, amount: "205.75" },
      { curr: "USD", count: 1, amount: "20.00" },
    ]);
    expect(p.withoutCard).toEqual({ count: 1, totals: [{ curr: "PEN", count: 1, amount: "40.00" }] });
    expect(p.rows.map((r) => r.orderId)).toEqual([orders.aPart, orders.a1, orders.b1, orders.a2]);
    expect(p.rows[0]).toMatchObject({ balance: "30.00", curr: "PEN", brand: "visa", last4: "4242", guardianId: a.guardianId, dueDate: "2019-01-31" });
    expect(p.rows[0]!.guardian).toContain(a.guardian);
    expect(p.rows.find((r) => r.orderId === orders.b1)).toMatchObject({ last4: "9995", balance: "75.25" });
    // The dry run of the POST is the same preview and takes nothing.
    const dry = await api.call<TAutoChargeAnswer>("POST", `admBilling/automaticCharge/${DATE}`, { token: admin, body: {} });
    expect(dry.body.data.preview?.count).toBe(4);
    expect(await school.autoChargeRun.count()).toBe(0);
  });

  it("charges each order once however often it is confirmed; a decline is kept with its reason and the order stays unpaid", async () => {
    const before = sink.intents().length;
    const first = await confirm(DATE);
    expect(first.http, JSON.stringify(first.body)).toBe(200);
    expect(first.body.msg).toBe(`Automatic charge of ${DATE} started: 4 orders to charge.`);
    expect(first.body.data.run).toMatchObject({ total: 4 });
    const run = await finished(DATE);
    expect(run).toMatchObject({ total: 4, done: 4, succeeded: 3, declined: 1, failed: 0, charged: 0 });
    expect(run.collected).toEqual([
      { curr: "PEN", count: 2, amount: "130.50" },
      { curr: "USD", count: 1, amount: "20.00" },
    ]);
    expect(run.attempts[0]).toMatchObject({ orderId: orders.b1, status: -1, reason: "insufficient_funds", message: "Your card has insufficient funds." });
    expect(sink.intents().length - before).toBe(4);

    for (const key of ["a1", "a2", "aPart"]) {
      const payments = await paymentsOf(orders[key]!);
      const confirmed = payments.filter((p) => p.status === 1 && p.provider === "stripe");
      expect(confirmed, key).toHaveLength(1);
      expect(confirmed[0]).toMatchObject({ type: 6, card: "4242", registeredById: null });
      expect(confirmed[0]!.providerPaymentId).toMatch(/^pi_test_/);
      expect((await school.order.findFirstOrThrow({ where: { id: orders[key]! } })).status).toBe(1);
      expect(await school.receipt.count({ where: { orderId: orders[key]!, voided: false, paid: true } })).toBeGreaterThan(0);
    }
    expect(await paymentsOf(orders.b1!)).toHaveLength(0);
    expect((await school.order.findFirstOrThrow({ where: { id: orders.b1! } })).status).toBe(0);
    expect(await paymentsOf(orders.c1!)).toHaveLength(0);
    expect(await paymentsOf(orders.aLater!)).toHaveLength(0);

    // Confirmed again: the first run's answer, and nothing sent to the provider.
    const again = await confirm(DATE);
    expect(again.body.msg).toBe(`The automatic charge of ${DATE} was already run: nothing was charged again. These are its results.`);
    expect(again.body.data.run?.id).toBe(run.id);
    expect(sink.intents().length - before).toBe(4);
    expect(await school.autoChargeAttempt.count({ where: { runId: run.id } })).toBe(4);

    // Every webhook of the run delivered twice more, at once: one payment per order still.
    const events = sink.intentEvents().slice(-4);
    const statuses = (await Promise.all(events.map((ev) => sink.deliver(ev, { times: 2 })))).flat();
    expect(statuses).toEqual(Array(8).fill(200));
    for (const key of ["a1", "a2", "aPart"])
      expect(
        (await paymentsOf(orders[key]!)).filter((p) => p.provider === "stripe"),
        key,
      ).toHaveLength(1);
    expect(await paymentsOf(orders.b1!)).toHaveLength(0);
    // The preview of the date now shows the declined order alone (still due, its card still on file).
    expect((await preview(DATE)).body.data.preview?.rows.map((r) => r.orderId)).toEqual([orders.b1]);
  });

  it("takes one run when two confirms of a date come at once", async () => {
    const d = await family();
    await payOnline(d, "4242424242424242", true);
    const ids = [await order(d, "11.00", "2017-05-01"), await order(d, "12.00", "2017-05-02")];
    const before = sink.intents().length;
    const both = await Promise.all([confirm("2017-05-31"), confirm("2017-05-31")]);
    expect(both.map((r) => r.http)).toEqual([200, 200]);
    expect(both.map((r) => r.body.msg).sort()).toEqual([
      "Automatic charge of 2017-05-31 started: 2 orders to charge.",
      "The automatic charge of 2017-05-31 was already run: nothing was charged again. These are its results.",
    ]);
    const run = await finished("2017-05-31");
    expect(run).toMatchObject({ total: 2, succeeded: 2 });
    expect(await school.autoChargeRun.count({ where: { date: new Date("2017-05-31T00:00:00Z") } })).toBe(1);
    expect(sink.intents().length - before).toBe(2);
    for (const id of ids) expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("keeps schools and rights apart, and names a bad date in the user's language", async () => {
    const other = await preview(DATE, northside);
    expect(other.http).toBe(200);
    expect(other.body.data.preview).toMatchObject({ count: 0, rows: [], withoutCard: { count: 0 } });
    expect(other.body.data.run).toBeNull();
    expect((await preview(DATE, teacher)).http).toBe(403);
    expect((await confirm("2016-01-31", teacher)).http).toBe(403);
    const bad = await preview("2019-02-30", admin, "es");
    expect(bad.body.status).toBeLessThan(0);
    expect(bad.body.msg).toContain("fecha");
    const nothing = await confirm("2010-01-31");
    expect(nothing.body.msg).toBe("Nothing is due by 2010-01-31 on a card on file: nothing was charged.");
    expect(await school.autoChargeRun.count({ where: { date: new Date("2010-01-31T00:00:00Z") } })).toBe(0);
  });
});
