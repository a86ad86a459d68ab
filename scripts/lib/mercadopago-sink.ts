import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { escapeHtml, listenOnLoopback, postWebhook } from "./sandbox-web.ts";

/**
 * A loopback sandbox that speaks Mercado Pago's protocol (Checkout Pro), for `pnpm demo` and tests: the product's own
 * `mercadopago` client talks to it as to api.mercadopago.com (MERCADOPAGO_API_URL). It answers what Checkout Pro
 * needs (`POST /checkout/preferences` with X-Idempotency-Key, `GET /checkout/preferences/{id}`, `GET /v1/payments/{id}`,
 * `GET /v1/payments/search`, Mercado Pago's error JSON), serves the checkout page at the preference's init_point
 * (`/checkout/v1/redirect?pref_id=…`: "Pay" by card, "Pay with a cash voucher" that stays pending until it is paid at
 * the counter, `/voucher/{payment}`), and posts the app's webhook as Mercado Pago does: `?data.id={payment}&type=payment`
 * with `x-request-id` and `x-signature: ts={seconds},v1=HMAC-SHA256(secret, "id:{data.id};request-id:{x-request-id};ts:{ts};")`.
 * Tests can deliver a notification several times, out of order, stale, forged, or signed for another payment.
 */
export interface MercadoPagoSinkOptions {
  /** 0 takes a free port. */
  port?: number;
  /** The app's webhook (…/api/payments/mercadopago/webhook); null: no webhook is posted. */
  webhookUrl: string | null;
  /** The webhooks' secret signature (MERCADOPAGO_WEBHOOK_SECRET of the app). */
  webhookSecret: string;
  /** The token the app must send as `Authorization: Bearer …` (MERCADOPAGO_ACCESS_TOKEN). */
  accessToken: string;
  /** Where mercadopago.jsonl (one line per webhook posted) is appended. */
  dir?: string;
}

type Json = Record<string, unknown>;

/** A Checkout Pro preference as Mercado Pago's API answers it (the fields the product reads, and a few it does not). */
export interface SandboxPreference extends Json {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  external_reference: string;
  metadata: Record<string, unknown>;
  items: { id?: string; title: string; quantity: number; unit_price: number; currency_id: string }[];
  back_urls: { success?: string; pending?: string; failure?: string };
  notification_url: string | null;
  expiration_date_to: string | null;
  /** The X-Idempotency-Key it was made with (not a field of Mercado Pago's: for the tests to see). */
  idempotency_key: string | null;
}

/** A payment as `GET /v1/payments/{id}` answers it. */
export interface SandboxPayment extends Json {
  id: number;
  status: "approved" | "pending" | "in_process" | "rejected" | "cancelled";
  status_detail: string;
  transaction_amount: number;
  currency_id: string;
  payment_type_id: string;
  payment_method_id: string;
  external_reference: string;
  metadata: Record<string, unknown>;
  /** Which preference's checkout made it (Mercado Pago keeps it on the merchant order; here for the tests). */
  preference_id: string;
}

/** A webhook notification: what goes in its query and its body. */
export interface SandboxNotification {
  dataId: string;
  type: string;
  body: Json;
}

export interface MercadoPagoDeliverOptions {
  /** How many times the same notification goes (Mercado Pago delivers at least once). */
  times?: number;
  /** The signature's `ts`, in seconds (an old one is a replay); now unless said. */
  timestamp?: number;
  /** Signs with another secret (a forger's). */
  secret?: string;
  /** No x-signature at all. */
  unsigned?: boolean;
  /** Signs another payment's id than the one the query names (a signature lifted from another notification). */
  signedId?: string;
  /** Tries again, a second apart, a delivery that found no one (status 0) or a failing app (5xx), as Mercado Pago retries. */
  retries?: number;
}

export type PayMethod = "card" | "voucher" | "rejected";

export interface MercadoPagoSink {
  /** The base URL to configure as MERCADOPAGO_API_URL. */
  url: string;
  port: number;
  preference(id: string): SandboxPreference | undefined;
  preferences(): SandboxPreference[];
  payment(id: number | string): SandboxPayment | undefined;
  /**
   * Pays a preference as its checkout page does: by card (approved at once), by a cash voucher (pending until
   * `settle`), or by a card the issuer refuses (rejected). Answers the payment and its `payment.created` notification,
   * posted unless `deliver: false`.
   */
  pay(
    preferenceId: string,
    method: PayMethod,
    options?: { deliver?: boolean; retries?: number },
  ): Promise<{ payment: SandboxPayment; notification: SandboxNotification }>;
  /** A pending payment is paid at the counter (approved), refused or cancelled: its `payment.updated` notification. */
  settle(paymentId: number, status: "approved" | "rejected" | "cancelled", options?: { deliver?: boolean }): Promise<SandboxNotification>;
  /** Posts a notification to the webhook as Mercado Pago would; answers the webhook's HTTP statuses (0: unreachable). */
  deliver(notification: SandboxNotification, options?: MercadoPagoDeliverOptions): Promise<number[]>;
  /** x-signature's value for a payment id and request id. */
  sign(dataId: string, requestId: string, options?: { timestamp?: number; secret?: string }): string;
  /** Every webhook call posted, oldest first. */
  delivered(): { payment: string; action: string; status: number }[];
  close(): Promise<void>;
}

/** Mercado Pago's error answer. */
const mpError = (status: number, error: string, message: string) => JSON.stringify({ message, error, status, cause: [] });

/** An amount as the page shows it (350.5 → 350.50), by text. */
const shown = (amount: number) => {
  const [units, cents = ""] = String(amount).split(".");
  return `${units}.${cents.padEnd(2, "0")}`;
};

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f5f7; color: #111; }
  main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  p.amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1.5rem; }
  button { width: 100%; min-height: 48px; font-size: 1.1rem; border: 0; border-radius: 8px; background: #005fb8; color: #fff; cursor: pointer; }
  button.secondary { background: #e5e7eb; color: #111; margin-top: 0.75rem; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  a { color: #005fb8; display: inline-block; margin-top: 1rem; padding: 0.5rem 0; }
  @media (max-width: 420px) { main { margin: 0; border-radius: 0; min-height: 100vh; box-sizing: border-box; } }`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — payment sandbox</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;

/** The Checkout Pro page: what is paid, a Pay button and a cash voucher (forms: they work without script), a way back. */
function checkoutPage(pref: SandboxPreference, paid: boolean): string {
  const item = pref.items[0]!;
  const amount = `${shown(item.unit_price * item.quantity)} ${item.currency_id}`;
  return page(
    `Pay ${amount}`,
    `<h1>Payment sandbox (Mercado Pago test mode)</h1>
  <p>${escapeHtml(item.title)}</p>
  <p class="amount">${escapeHtml(amount)}</p>
  ${
    paid
      ? `<p role="status">This checkout is already paid.</p>`
      : `<form method="post"><button type="submit" name="method" value="card">Pay</button>
  <button type="submit" class="secondary" name="method" value="voucher">Pay with a cash voucher (settles later)</button></form>
  <a href="${escapeHtml(pref.back_urls.failure ?? "/")}">Cancel and go back</a>`
  }`,
  );
}

/** A cash voucher's page: its number, and the counter's "Paid" (what the agent's till does, for the demo). */
function voucherPage(payment: SandboxPayment): string {
  const amount = `${shown(payment.transaction_amount)} ${payment.currency_id}`;
  const open = payment.status === "pending";
  return page(
    `Voucher ${payment.id}`,
    `<h1>Cash voucher ${payment.id}</h1>
  <p class="amount">${escapeHtml(amount)}</p>
  ${
    open
      ? `<p>Pay it at an agent's counter. Once paid there, the school is told and the receipt appears.</p>
  <form method="post"><button type="submit">Paid at the counter</button></form>`
      : `<p role="status">This voucher is ${escapeHtml(payment.status)}.</p>`
  }`,
  );
}

export async function startMercadoPagoSink(options: MercadoPagoSinkOptions): Promise<MercadoPagoSink> {
  const { webhookUrl, webhookSecret, accessToken, dir } = options;
  const preferences = new Map<string, SandboxPreference>();
  const payments = new Map<number, SandboxPayment>();
  const byIdempotencyKey = new Map<string, string>();
  const posted: { payment: string; action: string; status: number }[] = [];
  const collector = 100_000_000 + randomBytes(3).readUIntBE(0, 3);
  let nextPayment = 1_300_000_000 + randomBytes(3).readUIntBE(0, 3) * 100;
  let nextNotification = 100_000_000_000;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  let base = "";

  const sign = (dataId: string, requestId: string, o: { timestamp?: number; secret?: string } = {}) => {
    const ts = o.timestamp ?? Math.floor(Date.now() / 1000);
    const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
    return `ts=${ts},v1=${createHmac("sha256", o.secret ?? webhookSecret)
      .update(manifest)
      .digest("hex")}`;
  };

  const notification = (payment: SandboxPayment, action: "payment.created" | "payment.updated"): SandboxNotification => ({
    dataId: String(payment.id),
    type: "payment",
    body: {
      action,
      api_version: "v1",
      data: { id: String(payment.id) },
      date_created: new Date().toISOString(),
      id: nextNotification++,
      live_mode: false,
      type: "payment",
      user_id: String(collector),
    },
  });

  async function deliver(n: SandboxNotification, o: MercadoPagoDeliverOptions = {}): Promise<number[]> {
    const statuses: number[] = [];
    if (!webhookUrl) return statuses;
    const url = new URL(webhookUrl);
    url.searchParams.set("data.id", n.dataId);
    url.searchParams.set("type", n.type);
    const body = JSON.stringify(n.body);
    for (let i = 0; i < (o.times ?? 1); i++) {
      // Each delivery is a call of its own: its own request id, so its own signature.
      const requestId = randomUUID();
      const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": requestId, "user-agent": "MercadoPago WebHook v1.0" };
      if (!o.unsigned) headers["x-signature"] = sign(o.signedId ?? n.dataId, requestId, o);
      const status = await postWebhook(url, headers, body, o.retries);
      statuses.push(status);
      const action = String(n.body.action ?? n.type);
      posted.push({ payment: n.dataId, action, status });
      if (dir)
        fs.appendFileSync(path.join(dir, "mercadopago.jsonl"), `${JSON.stringify({ at: new Date().toISOString(), payment: n.dataId, action, status })}\n`);
    }
    return statuses;
  }

  async function pay(preferenceId: string, method: PayMethod, o: { deliver?: boolean; retries?: number } = {}) {
    const pref = preferences.get(preferenceId);
    if (!pref) throw new Error(`no preference ${preferenceId}`);
    const item = pref.items[0]!;
    const card = method !== "voucher";
    const payment: SandboxPayment = {
      id: nextPayment++,
      status: method === "card" ? "approved" : method === "voucher" ? "pending" : "rejected",
      status_detail: method === "card" ? "accredited" : method === "voucher" ? "pending_waiting_payment" : "cc_rejected_insufficient_amount",
      transaction_amount: item.unit_price * item.quantity,
      currency_id: item.currency_id,
      payment_type_id: card ? "credit_card" : "ticket",
      payment_method_id: card ? "visa" : "pagoefectivo_atm",
      external_reference: pref.external_reference,
      metadata: structuredClone(pref.metadata),
      preference_id: pref.id,
      collector_id: collector,
      date_created: new Date().toISOString(),
      date_approved: method === "card" ? new Date().toISOString() : null,
      live_mode: false,
      operation_type: "regular_payment",
    };
    payments.set(payment.id, payment);
    const made = notification(payment, "payment.created");
    if (o.deliver !== false) await deliver(made, { retries: o.retries ?? 0 });
    return { payment: structuredClone(payment), notification: made };
  }

  async function settle(paymentId: number, status: "approved" | "rejected" | "cancelled", o: { deliver?: boolean } = {}) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    payment.status = status;
    payment.status_detail = status === "approved" ? "accredited" : status === "cancelled" ? "expired" : "rejected_by_bank";
    if (status === "approved") payment.date_approved = new Date().toISOString();
    const made = notification(payment, "payment.updated");
    if (o.deliver !== false) await deliver(made);
    return made;
  }

  function createPreference(body: Json, key: string | null): SandboxPreference | string {
    const items = Array.isArray(body.items) ? (body.items as SandboxPreference["items"]) : [];
    const item = items[0];
    if (items.length !== 1 || !item) return "items: one item is expected";
    if (typeof item.unit_price !== "number" || !(item.unit_price > 0)) return "unit_price invalid";
    if (!Number.isInteger(item.quantity) || item.quantity < 1) return "quantity invalid";
    if (typeof item.currency_id !== "string" || !/^[A-Z]{3}$/.test(item.currency_id)) return "currency_id invalid";
    const backs = (body.back_urls ?? {}) as SandboxPreference["back_urls"];
    if (body.auto_return && !backs.success) return "auto_return invalid. back_url.success must be defined";
    const id = `${collector}-${randomUUID()}`;
    const pref: SandboxPreference = {
      id,
      collector_id: collector,
      client_id: String(collector),
      date_created: new Date().toISOString(),
      init_point: `${base}/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `${base}/checkout/v1/redirect?pref_id=${id}`,
      items: items.map((i) => ({ ...i })),
      external_reference: typeof body.external_reference === "string" ? body.external_reference : "",
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      back_urls: backs,
      auto_return: body.auto_return ?? "",
      notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
      expires: body.expires === true,
      expiration_date_to: typeof body.expiration_date_to === "string" ? body.expiration_date_to : null,
      operation_type: "regular_payment",
      idempotency_key: key,
    };
    preferences.set(id, pref);
    return pref;
  }

  /** Where the checkout sends the browser back (back_urls), with what Mercado Pago adds to the query. */
  const backUrl = (pref: SandboxPreference, payment: SandboxPayment) => {
    const target = payment.status === "approved" ? pref.back_urls.success : payment.status === "pending" ? pref.back_urls.pending : pref.back_urls.failure;
    const url = new URL(target ?? pref.back_urls.success ?? base);
    for (const [k, v] of Object.entries({
      collection_id: payment.id,
      collection_status: payment.status,
      payment_id: payment.id,
      status: payment.status,
      external_reference: pref.external_reference,
      payment_type: payment.payment_type_id,
      preference_id: pref.id,
    }))
      url.searchParams.set(k, String(v));
    return url.toString();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const send = (status: number, body: string, type = "application/json") => {
          res.writeHead(status, { "content-type": type, "x-request-id": randomUUID() });
          res.end(body);
        };
        const url = new URL(req.url ?? "/", base);
        const text = Buffer.concat(chunks).toString("utf8");
        const api = url.pathname.startsWith("/v1/") || url.pathname.startsWith("/checkout/preferences");
        if (api) {
          if (req.headers.authorization !== `Bearer ${accessToken}`) return send(401, mpError(401, "unauthorized", "invalid access token"));
          if (req.method === "POST" && /^\/checkout\/preferences\/?$/.test(url.pathname)) {
            const key = typeof req.headers["x-idempotency-key"] === "string" ? req.headers["x-idempotency-key"] : null;
            const again = key ? byIdempotencyKey.get(key) : undefined;
            if (again) return send(201, JSON.stringify(preferences.get(again)));
            let body: Json;
            try {
              body = JSON.parse(text) as Json;
            } catch {
              return send(400, mpError(400, "bad_request", "invalid JSON"));
            }
            const made = createPreference(body, key);
            if (typeof made === "string") return send(400, mpError(400, "invalid_items", made));
            if (key) byIdempotencyKey.set(key, made.id);
            return send(201, JSON.stringify(made));
          }
          const prefMatch = /^\/checkout\/preferences\/([\w-]+)$/.exec(url.pathname);
          if (req.method === "GET" && prefMatch) {
            const pref = preferences.get(prefMatch[1]!);
            return pref ? send(200, JSON.stringify(pref)) : send(404, mpError(404, "not_found", "preference not found"));
          }
          if (req.method === "GET" && url.pathname === "/v1/payments/search") {
            const reference = url.searchParams.get("external_reference");
            const limit = Number(url.searchParams.get("limit") ?? 30);
            const results = [...payments.values()].filter((p) => reference === null || p.external_reference === reference);
            return send(200, JSON.stringify({ paging: { total: results.length, limit, offset: 0 }, results: results.slice(0, limit) }));
          }
          const payMatch = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
          if (req.method === "GET" && payMatch) {
            const payment = payments.get(Number(payMatch[1]));
            return payment ? send(200, JSON.stringify(payment)) : send(404, mpError(404, "not_found", "Payment not found"));
          }
          return send(404, mpError(404, "not_found", `resource not found: ${req.method} ${url.pathname}`));
        }
        const html = (status: number, body: string) => send(status, body, "text/html; charset=utf-8");
        if (url.pathname === "/checkout/v1/redirect") {
          const pref = preferences.get(url.searchParams.get("pref_id") ?? "");
          if (!pref) return html(404, page("Not found", "<p>No such checkout.</p>"));
          const paid = [...payments.values()].some((p) => p.preference_id === pref.id && p.status === "approved");
          if (req.method === "POST" && !paid) {
            const method = new URLSearchParams(text).get("method") === "voucher" ? "voucher" : "card";
            const { payment } = await pay(pref.id, method, { retries: 10 });
            // A voucher's buyer is shown the voucher to take to the counter; a card's goes back to the school.
            res.writeHead(303, { location: method === "voucher" ? `${base}/voucher/${payment.id}` : backUrl(pref, payment) });
            return res.end();
          }
          return html(200, checkoutPage(pref, paid));
        }
        const voucher = /^\/voucher\/(\d+)$/.exec(url.pathname);
        const payment = voucher ? payments.get(Number(voucher[1])) : undefined;
        if (!payment) return html(404, page("Not found", "<p>No such voucher.</p>"));
        if (req.method === "POST" && payment.status === "pending") {
          const made = await settle(payment.id, "approved", { deliver: false });
          await deliver(made, { retries: 10 });
          res.writeHead(303, { location: backUrl(preferences.get(payment.preference_id)!, payment) });
          return res.end();
        }
        return html(200, voucherPage(payment));
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(mpError(500, "internal_error", String(error)));
      });
    });
  });
  const bound = await listenOnLoopback(server, options.port);
  const { port } = bound;
  base = bound.base;

  return {
    url: base,
    port,
    preference: (id) => preferences.get(id),
    preferences: () => [...preferences.values()],
    payment: (id) => payments.get(Number(id)),
    pay,
    settle,
    deliver,
    sign,
    delivered: () => [...posted],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
