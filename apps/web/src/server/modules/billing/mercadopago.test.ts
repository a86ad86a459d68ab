import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MercadoPagoSink, startMercadoPagoSink } from "../../../../../../scripts/lib/mercadopago-sink.ts";
import { billingOrders } from "../../../test-support/billing-orders.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { serveCallbacks } from "../../http/callback-lane.ts";
import { Router } from "../../http/router.ts";
import { PROVIDER_ROUTES } from "../../provider-routes.ts";

/**
 * Paying an order online through Mercado Pago Checkout Pro (001 §7 request2pay, 001 §4 payment status), the second
 * provider: the product's real `mercadopago` client talks to the loopback sandbox (scripts/lib/mercadopago-sink.ts),
 * which posts the webhook signed as Mercado Pago signs it (x-signature over data.id, x-request-id and ts) to the
 * worker's callback port (the real callback lane, PROVIDER_ROUTES), over HTTP, into real PostgreSQL: a payment is
 * registered from the webhook only, after reading it back, once however often and in whatever order the
 * notifications come; a pending cash voucher only once paid; a refused one never; forged, lifted and stale
 * signatures are refused with nothing stored.
 */
const api = apiHarness({ school: true });
type Link = { url: string; provider: string; amount: string; curr: string };

const ACCESS_TOKEN = "TEST-pizarra-sandbox-token";
const WEBHOOK_SECRET = "mp-pizarra-sandbox-secret";
let admin: string;
let sink: MercadoPagoSink;
let callbacks: http.Server;
let webhookBase: string;
const kept: Record<string, unknown> = {};

beforeAll(async () => {
  ({ admin } = await api.tokens());
  callbacks = await serveCallbacks(new Router(PROVIDER_ROUTES), 0, "127.0.0.1");
  webhookBase = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}/api/payments`;
  sink = await startMercadoPagoSink({ port: 0, webhookUrl: `${webhookBase}/mercadopago/webhook`, webhookSecret: WEBHOOK_SECRET, accessToken: ACCESS_TOKEN });
  const chosen = {
    PAYMENT_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: sink.url,
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  } as const;
  for (const key of Object.keys(chosen)) kept[key] = env()[key as keyof typeof chosen];
  Object.assign(env(), chosen);
});
afterAll(async () => {
  Object.assign(env(), kept);
  await sink?.close();
  await new Promise((resolve) => callbacks?.close(resolve));
});

const request2pay = (id: number, locale: "es" | "en" = "es") => api.call<Link>("GET", `admOrder/request2pay/${id}`, { token: admin, locale });
const preferenceOf = (url: string) => new URL(url).searchParams.get("pref_id")!;

const { newOrder: orderOf, ledgerOf } = billingOrders(api, { page: 4, prefix: "MP", brief: "Pensión octubre", dueDate: "2026-10-31" });
const newOrder = (amount: string) => orderOf(admin, amount);

describe("GET admOrder/request2pay/{id} and Mercado Pago's webhook", () => {
  it("links an order to a Checkout Pro preference, and registers its payment once from the signed webhook", async () => {
    const id = await newOrder("350.50");
    const link = await request2pay(id);
    expect(link.http, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data).toMatchObject({ provider: "mercadopago", amount: "350.50", curr: "PEN" });
    const pref = sink.preference(preferenceOf(link.body.data.url))!;
    const { tenantId } = await api.school();
    expect(pref).toMatchObject({
      items: [{ unit_price: 350.5, quantity: 1, currency_id: "PEN", title: "Pensión octubre" }],
      external_reference: `${tenantId}-${id}`,
      metadata: { tenant_id: String(tenantId), order_id: String(id) },
      auto_return: "approved",
    });
    expect(pref.idempotency_key).toMatch(new RegExp(`^pizarra-r2p-${tenantId}-${id}-`));
    expect(pref.notification_url).toMatch(/\/api\/payments\/mercadopago\/webhook\?source_news=webhooks$/);
    expect(pref.back_urls.success).toMatch(/checkout=done$/);
    // Asked again while open and owing the same: the same preference (the idempotency key), never a second one.
    expect((await request2pay(id)).body.data.url).toBe(link.body.data.url);

    // The checkout page a guardian opens, and its Pay button (a plain form post, as the browser sends it).
    expect(await (await fetch(link.body.data.url)).text()).toContain("350.50 PEN");
    const paid = await fetch(link.body.data.url, { method: "POST", body: new URLSearchParams({ method: "card" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(/checkout=done&.*status=approved/);
    expect(sink.delivered().at(-1)).toMatchObject({ action: "payment.created", status: 200 });

    const { order, payments, receipts } = await ledgerOf(id);
    const mpId = sink.delivered().at(-1)!.payment;
    expect(order.status).toBe(1);
    expect(order.paid.toFixed(2)).toBe("350.50");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 1, provider: "mercadopago", providerPaymentId: mpId, operation: mpId, registeredById: null, type: 0 });
    expect(payments[0]!.amount.toFixed(2)).toBe("350.50");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ paid: true, paymentId: payments[0]!.id });
  });

  it("registers one payment however many times and in whatever order the notifications come", async () => {
    const id = await newOrder("120.00");
    const pref = preferenceOf((await request2pay(id)).body.data.url);
    // A cash voucher: created pending, paid at the counter later; nothing is posted until the test delivers.
    const { payment, notification: created } = await sink.pay(pref, "voucher", { deliver: false });
    const updated = await sink.settle(payment.id, "approved", { deliver: false });
    // The update first, three times, then the earlier "created" three times, and both again at once: every one reads
    // the payment back (approved now) and finds it kept under Mercado Pago's id.
    const statuses = [
      ...(await sink.deliver(updated, { times: 3 })),
      ...(await sink.deliver(created, { times: 3 })),
      ...(await Promise.all([sink.deliver(updated), sink.deliver(created), sink.deliver(updated)])).flat(),
    ];
    expect(statuses).toEqual(Array(9).fill(200));
    const { order, payments, receipts } = await ledgerOf(id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 1, providerPaymentId: String(payment.id), type: 5 });
    expect(receipts).toHaveLength(1);
    expect(order.status).toBe(1);
  });

  it("waits for a cash voucher to be paid, and registers nothing for a refused payment", async () => {
    const id = await newOrder("80.00");
    const pref = preferenceOf((await request2pay(id)).body.data.url);
    // A card the issuer refuses: nothing kept, and the checkout can still be paid (Checkout Pro's page lets the
    // guardian try again), so request2pay answers the same preference.
    const refused = await sink.pay(pref, "rejected");
    expect(sink.delivered().at(-1)).toMatchObject({ payment: String(refused.payment.id), status: 200 });
    expect((await ledgerOf(id)).payments).toHaveLength(0);
    expect(preferenceOf((await request2pay(id)).body.data.url)).toBe(pref);

    // A voucher, through the page: pending, nothing registered, and no second way to pay the same balance meanwhile.
    const voucher = await fetch(`${sink.url}/checkout/v1/redirect?pref_id=${pref}`, {
      method: "POST",
      body: new URLSearchParams({ method: "voucher" }),
      redirect: "manual",
    });
    expect(voucher.headers.get("location")).toMatch(/\/voucher\/\d+$/);
    const paymentId = Number(voucher.headers.get("location")!.split("/").at(-1));
    expect(sink.payment(paymentId)).toMatchObject({ status: "pending", payment_type_id: "ticket" });
    expect((await ledgerOf(id)).payments).toHaveLength(0);
    const settling = await request2pay(id, "en");
    expect(settling.http).toBe(409);
    expect(settling.body.msg).toBe("A payment of this order is being confirmed by the payment provider: its receipt will appear once it is.");

    // Paid at the counter: the voucher's page posts payment.updated, and the payment is registered once.
    const counter = await fetch(`${sink.url}/voucher/${paymentId}`, { method: "POST", redirect: "manual" });
    expect(counter.status).toBe(303);
    const { order, payments, receipts } = await ledgerOf(id);
    expect(payments.map((p) => [p.status, p.providerPaymentId])).toEqual([[1, String(paymentId)]]);
    expect(receipts).toHaveLength(1);
    expect(order.status).toBe(1);
  });

  it("registers nothing for a voucher that is cancelled unpaid, and the order can be paid anew", async () => {
    const id = await newOrder("60.00");
    const pref = preferenceOf((await request2pay(id)).body.data.url);
    const { payment } = await sink.pay(pref, "voucher");
    const cancelled = await sink.settle(payment.id, "cancelled");
    expect(await sink.deliver(cancelled, { times: 2 })).toEqual([200, 200]);
    const { order, payments } = await ledgerOf(id);
    expect(payments).toHaveLength(0);
    expect(order.status).toBe(0);
    expect((await request2pay(id)).http).toBe(200);
  });

  it("refuses a forged, a lifted, a stale or an unsigned webhook and stores nothing", async () => {
    const id = await newOrder("45.00");
    const pref = preferenceOf((await request2pay(id)).body.data.url);
    const other = await newOrder("46.00");
    const { payment, notification } = await sink.pay(pref, "card", { deliver: false });
    const stale = Math.floor(Date.now() / 1000) - 60 * 60;
    expect(await sink.deliver(notification, { secret: "forged-secret" })).toEqual([401]);
    expect(await sink.deliver(notification, { timestamp: stale })).toEqual([401]);
    expect(await sink.deliver(notification, { unsigned: true })).toEqual([401]);
    // A signature lifted from another payment's notification does not sign this one.
    const otherPayment = await sink.pay(preferenceOf((await request2pay(other)).body.data.url), "rejected", { deliver: false });
    expect(await sink.deliver(notification, { signedId: String(otherPayment.payment.id) })).toEqual([401]);
    // Mercado Pago's webhook refuses Stripe's path: its signature is not Stripe's, whatever the body.
    const stripePath = await fetch(`${webhookBase}/stripe/webhook?data.id=${payment.id}&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "r-1", "x-signature": sink.sign(String(payment.id), "r-1") },
      body: JSON.stringify(notification.body),
    });
    expect(stripePath.status).toBe(401);
    expect((await ledgerOf(id)).payments).toHaveLength(0);
    // The genuine delivery afterwards is taken.
    expect(await sink.deliver(notification)).toEqual([200]);
    expect((await ledgerOf(id)).payments).toHaveLength(1);
  });

  it("refuses a webhook larger than a notification while it is read", async () => {
    const big = await fetch(`${webhookBase}/mercadopago/webhook?data.id=1&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(300 * 1024) }),
    });
    expect(big.status).toBe(413);
  });

  it("says online payments are not set up when Mercado Pago's keys are not, in es and en", async () => {
    const id = await newOrder("30.00");
    const token = env().MERCADOPAGO_ACCESS_TOKEN;
    Object.assign(env(), { MERCADOPAGO_ACCESS_TOKEN: undefined });
    try {
      for (const [locale, msg] of [
        ["es", "Los pagos en línea no están configurados para este colegio: pida al administrador del colegio que configure un proveedor de pagos."],
        ["en", "Online payments are not set up for this school: ask the school's administrator to configure a payment provider."],
      ] as const) {
        const off = await request2pay(id, locale);
        expect(off.http).toBe(409);
        expect(off.body.msg).toBe(msg);
      }
    } finally {
      Object.assign(env(), { MERCADOPAGO_ACCESS_TOKEN: token });
    }
  });
});
