import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaymentSink, startPaymentSink } from "../../../../../../scripts/lib/payment-sink.ts";
import { billingOrders } from "../../../test-support/billing-orders.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { serveCallbacks } from "../../http/callback-lane.ts";
import { Router } from "../../http/router.ts";
import { PROVIDER_ROUTES } from "../../provider-routes.ts";

/**
 * Paying an order online (001 §7 request2pay, 001 §4 payment status) with the product's real `stripe` client talking
 * to the loopback sandbox (scripts/lib/payment-sink.ts), which posts the webhook signed as Stripe signs it to the
 * worker's callback port (the real callback lane, PROVIDER_ROUTES), over HTTP, into real PostgreSQL: the payment is
 * registered from the webhook only, after reading the checkout back, once however often and in whatever order the
 * events come; forged and replayed signatures are refused with nothing stored.
 */
const api = apiHarness({ school: true });
type Link = { url: string; provider: string; amount: string; curr: string };

const SECRET_KEY = "sk_test_pizarra_sandbox";
const WEBHOOK_SECRET = "whsec_pizarra_sandbox_secret";
let admin: string;
let teacher: string;
let northside: string;
let sink: PaymentSink;
let callbacks: http.Server;
let webhookUrl: string;

beforeAll(async () => {
  ({ admin, teacher, northside } = await api.tokens());
  callbacks = await serveCallbacks(new Router(PROVIDER_ROUTES), 0, "127.0.0.1");
  webhookUrl = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}/api/payments/stripe/webhook`;
  sink = await startPaymentSink({ port: 0, webhookUrl, webhookSecret: WEBHOOK_SECRET, secretKey: SECRET_KEY });
  Object.assign(env(), { STRIPE_API_URL: sink.url, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(async () => {
  Object.assign(env(), { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
  await sink?.close();
  await new Promise((resolve) => callbacks?.close(resolve));
});

const request2pay = (id: number, token = admin, locale: "es" | "en" = "es") => api.call<Link>("GET", `admOrder/request2pay/${id}`, { token, locale });
const sessionOf = (url: string) => url.split("/pay/")[1]!;

const { newOrder: orderOf, ledgerOf } = billingOrders(api, { page: 3, prefix: "WEB", brief: "Pensión setiembre", dueDate: "2026-09-30" });
const newOrder = (amount: string) => orderOf(admin, amount);

describe("GET admOrder/request2pay/{id} and Stripe's webhook", () => {
  it("links an unpaid order to a checkout, and registers its payment once from the signed webhook", async () => {
    const id = await newOrder("350.50");
    const link = await request2pay(id);
    expect(link.http, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data).toMatchObject({ provider: "stripe", amount: "350.50", curr: "PEN" });
    expect(link.body.msg).toBe("Enlace de pago listo.");
    const session = sink.session(sessionOf(link.body.data.url))!;
    expect(session).toMatchObject({ amount_total: 35050, currency: "pen", status: "open", metadata: { orderId: String(id) } });
    // Asked again while open and owing the same: the same checkout.
    expect((await request2pay(id)).body.data.url).toBe(link.body.data.url);

    // The checkout page a guardian opens, and its Pay button (a plain form post, as the browser sends it).
    const page = await fetch(link.body.data.url);
    expect(await page.text()).toContain("350.50 PEN");
    const paid = await fetch(link.body.data.url, { method: "POST", body: new URLSearchParams({ method: "card" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(sink.delivered().at(-1)).toMatchObject({ type: "checkout.session.completed", status: 200 });

    const { order, payments, receipts } = await ledgerOf(id);
    expect(order.status).toBe(1);
    expect(order.paid.toFixed(2)).toBe("350.50");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 1, provider: "stripe", providerPaymentId: session.id, registeredById: null, type: 0 });
    expect(payments[0]!.operation).toMatch(/^pi_test_/);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ paid: true, paymentId: payments[0]!.id, series: "R001" });
    expect(receipts[0]!.amount.toFixed(2)).toBe("350.50");
    const { db } = await api.school();
    const audit = await db.auditLog.findFirstOrThrow({ where: { moduleId: "admBilling", action: "pay", recordId: String(id) } });
    expect(audit).toMatchObject({ userId: null, userName: "stripe", detail: expect.objectContaining({ amount: "350.50", providerPaymentId: session.id }) });

    // Paid: no new link, in either language.
    for (const [locale, msg] of [
      ["es", "Solo una orden no pagada puede recibir un pago: esta ya está pagada o anulada."],
      ["en", "Only an unpaid order can take a payment: this one is paid or voided."],
    ] as const) {
      const again = await request2pay(id, admin, locale);
      expect(again.http).toBe(409);
      expect(again.body.msg).toBe(msg);
    }
  });

  it("registers one payment however many times and in whatever order the events come", async () => {
    const id = await newOrder("120.00");
    const link = await request2pay(id);
    const sessionId = sessionOf(link.body.data.url);
    // A cash voucher: completed now, unpaid; it settles later. Nothing is posted yet: the test delivers.
    const [completed] = await sink.pay(sessionId, { async: true, deliver: false });
    const succeeded = await sink.settle(sessionId, "succeeded", { deliver: false });
    // The settlement first, three times, then the earlier "completed" three times, and the settlement again: every
    // one reads the checkout back (paid now) and finds the payment kept under the provider's id.
    const statuses = [
      ...(await sink.deliver(succeeded, { times: 3 })),
      ...(await sink.deliver(completed!, { times: 3 })),
      ...(await Promise.all([sink.deliver(succeeded), sink.deliver(completed!), sink.deliver(succeeded)])).flat(),
    ];
    expect(statuses).toEqual(Array(9).fill(200));
    const { order, payments, receipts } = await ledgerOf(id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 1, providerPaymentId: sessionId, type: 5 });
    expect(receipts).toHaveLength(1);
    expect(order.status).toBe(1);
  });

  it("waits for an asynchronous payment to settle, and keeps one that failed as an error that counts nothing", async () => {
    const id = await newOrder("80.00");
    const sessionId = sessionOf((await request2pay(id)).body.data.url);
    await sink.pay(sessionId, { async: true });
    expect((await ledgerOf(id)).payments).toHaveLength(0);
    // Being settled: no second checkout that could take the money twice.
    const settling = await request2pay(id, admin, "en");
    expect(settling.http).toBe(409);
    expect(settling.body.msg).toBe("A payment of this order is being confirmed by the payment provider: its receipt will appear once it is.");
    const failed = await sink.settle(sessionId, "failed");
    await sink.deliver(failed, { times: 2 });
    const { order, payments, receipts } = await ledgerOf(id);
    expect(payments.map((p) => p.status)).toEqual([-2]);
    expect(receipts).toHaveLength(0);
    expect(order.status).toBe(0);
    // Still unpaid: a new checkout (the one that failed is no longer open).
    const again = await request2pay(id);
    expect(again.http).toBe(200);
    expect(sessionOf(again.body.data.url)).not.toBe(sessionId);
  });

  it("refuses a forged, a replayed or an unsigned webhook and stores nothing", async () => {
    const id = await newOrder("45.00");
    const sessionId = sessionOf((await request2pay(id)).body.data.url);
    const [completed] = await sink.pay(sessionId, { deliver: false });
    const stale = Math.floor(Date.now() / 1000) - 60 * 60;
    expect(await sink.deliver(completed!, { secret: "whsec_forged" })).toEqual([401]);
    expect(await sink.deliver(completed!, { timestamp: stale })).toEqual([401]);
    expect(await sink.deliver(completed!, { unsigned: true })).toEqual([401]);
    // A body changed after signing (another amount) is refused too.
    const body = JSON.stringify(completed);
    const tampered = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": sink.sign(body) },
      body: body.replace('"amount_total":4500', '"amount_total":1'),
    });
    expect(tampered.status).toBe(401);
    expect((await ledgerOf(id)).payments).toHaveLength(0);
    // The genuine delivery afterwards is taken.
    expect(await sink.deliver(completed!)).toEqual([200]);
    expect((await ledgerOf(id)).payments).toHaveLength(1);
  });

  it("keeps rights and schools apart: a teacher is refused, another school's order is not found", async () => {
    const id = await newOrder("30.00");
    expect((await request2pay(id, teacher)).http).toBe(403);
    expect((await request2pay(id, northside)).http).toBe(404);
  });

  it("says online payments are not set up when the keys are not, in es and en", async () => {
    const id = await newOrder("30.00");
    const keys = { STRIPE_SECRET_KEY: env().STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: env().STRIPE_WEBHOOK_SECRET };
    Object.assign(env(), { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
    try {
      for (const [locale, msg] of [
        ["es", "Los pagos en línea no están configurados para este colegio: pida al administrador del colegio que configure un proveedor de pagos."],
        ["en", "Online payments are not set up for this school: ask the school's administrator to configure a payment provider."],
      ] as const) {
        const off = await request2pay(id, admin, locale);
        expect(off.http).toBe(409);
        expect(off.body.msg).toBe(msg);
      }
    } finally {
      Object.assign(env(), keys);
    }
  });
});
