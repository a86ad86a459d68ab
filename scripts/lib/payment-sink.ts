import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { escapeHtml, listenOnLoopback, postWebhook } from "./sandbox-web.ts";

/**
 * A loopback sandbox that speaks Stripe's protocol, for `pnpm demo` and tests: the product's own `stripe` client
 * talks to it as to api.stripe.com (STRIPE_API_URL). It answers what Checkout needs (`POST /v1/checkout/sessions`
 * with Stripe's form encoding and Idempotency-Key, `GET /v1/checkout/sessions/{id}`, Stripe's error JSON), serves
 * the hosted checkout page at the session's url (`GET /pay/{id}`, a "Pay" button), and on pay posts the app's
 * webhook signed exactly as Stripe signs it (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, t + "." + body)`).
 * Tests can deliver an event several times, out of order, with a stale timestamp or a wrong secret.
 *
 * Cards on file: a session made with `saved_payment_method_options[payment_method_save]=enabled` shows a box to keep
 * the card; ticked, the card (a PaymentMethod) is attached to the session's customer (`customer`, or a new one with
 * `customer_creation=always`), as Checkout does. Off-session charges (`POST /v1/payment_intents` with `confirm`,
 * `off_session`, Idempotency-Key) succeed and post `payment_intent.succeeded`, except for Stripe's declining test cards
 * (DECLINES: …9995 insufficient funds, …0341 declined), which answer Stripe's 402 card_error and post
 * `payment_intent.payment_failed`. `GET /v1/payment_intents/{id}` reads one back; `POST
 * /v1/payment_methods/{id}/detach` removes a card. The sandbox takes any card at the checkout itself.
 */
export interface PaymentSinkOptions {
  /** 0 takes a free port. */
  port?: number;
  /** The app's webhook (…/api/payments/stripe/webhook); null: no webhook is posted. */
  webhookUrl: string | null;
  /** The webhook's signing secret (whsec_…), STRIPE_WEBHOOK_SECRET of the app. */
  webhookSecret: string;
  /** The key the app must send as `Authorization: Bearer …` (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** Where payments.jsonl (one line per webhook posted) is appended. */
  dir?: string;
  /** Whether an off-session payment's event is posted when it is made (true unless said; tests may deliver by hand). */
  deliverIntents?: boolean;
}

type Json = Record<string, unknown>;

/** A Checkout Session as Stripe's API answers it (the fields the product reads, and a few it does not). */
export interface SandboxSession extends Json {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  url: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
}

/** A PaymentIntent as Stripe's API answers it (`payment_method` expanded when asked). */
export interface SandboxIntent extends Json {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded" | "requires_payment_method";
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
}

/** A card's PaymentMethod (what Stripe keeps of a card: never more than brand, last 4 and expiry leave it). */
export interface SandboxMethod extends Json {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

/** Stripe's test cards that decline a charge (https://docs.stripe.com/testing#declined-payments). */
export const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000341": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
};
export const TEST_CARD = "4242424242424242";

/** A Stripe event as the webhook carries it. */
export interface SandboxEvent extends Json {
  id: string;
  type: string;
  created: number;
  data: { object: SandboxSession | SandboxIntent };
}

export interface DeliverOptions {
  /** How many times the same event goes (Stripe delivers at least once). */
  times?: number;
  /** The signature's timestamp, in seconds (an old one is a replay); now unless said. */
  timestamp?: number;
  /** Signs with another secret (a forger's). */
  secret?: string;
  /** No Stripe-Signature at all. */
  unsigned?: boolean;
  /**
   * Tries again, a second apart, a delivery that found no one (status 0) or a failing app (5xx), as Stripe retries:
   * what the checkout page's button does, so that a worker still starting does not lose the demo's payment.
   */
  retries?: number;
}

export interface PaymentSink {
  /** The base URL to configure as STRIPE_API_URL. */
  url: string;
  port: number;
  session(id: string): SandboxSession | undefined;
  sessions(): SandboxSession[];
  /**
   * Pays a session as the checkout page's button does: by card (paid at once, `checkout.session.completed`), or by an
   * asynchronous method (`completed` unpaid now; `settle` later). Answers the events made; `deliver: false` posts none.
   */
  pay(id: string, options?: PayOptions): Promise<SandboxEvent[]>;
  /** The PaymentIntents made (off-session charges and checkouts' payments), and the events of off-session ones. */
  intents(): SandboxIntent[];
  intentEvents(): SandboxEvent[];
  /** A card kept at a customer, by its PaymentMethod id (undefined once detached). */
  method(id: string): SandboxMethod | undefined;
  /** An asynchronous payment settles or fails: the session is updated and its event made (and posted unless told). */
  settle(id: string, outcome: "succeeded" | "failed", options?: { deliver?: boolean }): Promise<SandboxEvent>;
  /** Posts an event to the webhook as Stripe would; answers the webhook's HTTP statuses (0: unreachable). */
  deliver(event: SandboxEvent, options?: DeliverOptions): Promise<number[]>;
  /** Stripe-Signature's value for a body. */
  sign(body: string, options?: { timestamp?: number; secret?: string }): string;
  /** Every webhook call posted, oldest first. */
  delivered(): { event: string; type: string; status: number }[];
  close(): Promise<void>;
}

/** How the checkout page's button pays: `card` is the number typed (the test card unless said), `save` the box. */
export interface PayOptions {
  async?: boolean;
  deliver?: boolean;
  retries?: number;
  card?: string;
  save?: boolean;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's error answer. */
const stripeError = (type: string, message: string, code?: string) => JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } });

/** Stripe's form encoding (`line_items[0][price_data][currency]=pen`) read into the flat keys it was written with. */
function formOf(text: string): Map<string, string> {
  return new Map(new URLSearchParams(text).entries());
}

/** An amount in minor units as the page shows it (35050 → 350.50), by text. */
const shown = (minor: number) => {
  const digits = String(minor).padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** The hosted checkout page: what is paid, a Pay button (a form: works without script), and a way back. */
function checkoutPage(session: SandboxSession, description: string): string {
  const amount = `${shown(session.amount_total)} ${session.currency.toUpperCase()}`;
  const closed = session.status !== "open";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)} — payment sandbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f5f7; color: #111; }
  main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  p.amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1.5rem; }
  button { width: 100%; min-height: 48px; font-size: 1.1rem; border: 0; border-radius: 8px; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #e5e7eb; color: #111; margin-top: 0.75rem; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  a { color: #1d4ed8; display: inline-block; margin-top: 1rem; padding: 0.5rem 0; }
  @media (max-width: 420px) { main { margin: 0; border-radius: 0; min-height: 100vh; box-sizing: border-box; } }
</style></head>
<body><main>
  <h1>Payment sandbox (Stripe test mode)</h1>
  <p>${escapeHtml(description)}</p>
  <p class="amount">${escapeHtml(amount)}</p>
  ${
    closed
      ? `<p role="status">This checkout is ${session.status === "complete" ? "already paid" : "no longer open"}.</p>`
      : `<form method="post" action="/pay/${session.id}">
  <p><label for="card">Card number</label><br><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD}" style="width:100%;min-height:44px;font-size:1rem;box-sizing:border-box"></p>
  ${
    session.saved_payment_method_options
      ? `<p><input type="checkbox" id="save" name="save" value="yes"> <label for="save">Keep this card for the school's automatic charges of what is due</label></p>`
      : ""
  }
  <button type="submit" name="method" value="card">Pay</button>
  <button type="submit" class="secondary" name="method" value="voucher">Pay with a cash voucher (settles later)</button></form>
  <a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a>`
  }
</main></body></html>`;
}

export async function startPaymentSink(options: PaymentSinkOptions): Promise<PaymentSink> {
  const { webhookUrl, webhookSecret, secretKey, dir } = options;
  const sessions = new Map<string, SandboxSession>();
  const descriptions = new Map<string, string>();
  const byIdempotencyKey = new Map<string, string>();
  const intents = new Map<string, SandboxIntent>();
  const methods = new Map<string, SandboxMethod>();
  /** A card's number by its PaymentMethod, for the declines table (Stripe keeps it; the app never sees it). */
  const numbers = new Map<string, string>();
  const intentByKey = new Map<string, { status: number; body: string }>();
  const intentEvents: SandboxEvent[] = [];
  const posted: { event: string; type: string; status: number }[] = [];
  if (dir) fs.mkdirSync(dir, { recursive: true });
  let base = "";

  const sign = (body: string, o: { timestamp?: number; secret?: string } = {}) => {
    const t = o.timestamp ?? Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac("sha256", o.secret ?? webhookSecret)
      .update(`${t}.${body}`, "utf8")
      .digest("hex")}`;
  };

  const event = (session: SandboxSession | SandboxIntent, type: string): SandboxEvent => ({
    id: newId("evt"),
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(session) },
  });

  async function deliver(ev: SandboxEvent, o: DeliverOptions = {}): Promise<number[]> {
    const statuses: number[] = [];
    if (!webhookUrl) return statuses;
    const body = JSON.stringify(ev);
    for (let i = 0; i < (o.times ?? 1); i++) {
      const headers: Record<string, string> = {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      };
      if (!o.unsigned) headers["stripe-signature"] = sign(body, o);
      const status = await postWebhook(webhookUrl, headers, body, o.retries);
      statuses.push(status);
      posted.push({ event: ev.id, type: ev.type, status });
      if (dir)
        fs.appendFileSync(
          path.join(dir, "payments.jsonl"),
          `${JSON.stringify({ at: new Date().toISOString(), event: ev.id, type: ev.type, session: ev.data.object.id, status })}\n`,
        );
    }
    return statuses;
  }

  /** A card typed at the checkout as Stripe keeps it, attached to a customer when it is to be kept. */
  function cardMethod(number: string, customer: string | null): SandboxMethod {
    const digits = number.replace(/\D/g, "") || TEST_CARD;
    const method: SandboxMethod = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer,
      allow_redisplay: customer ? "always" : "unspecified",
      card: { brand: digits.startsWith("5") ? "mastercard" : "visa", last4: digits.slice(-4), exp_month: 12, exp_year: new Date().getFullYear() + 3 },
    };
    methods.set(method.id, method);
    numbers.set(method.id, digits);
    return method;
  }

  const intentOf = (init: Partial<SandboxIntent> & Pick<SandboxIntent, "amount" | "currency" | "metadata">): SandboxIntent => {
    const intent: SandboxIntent = {
      id: newId("pi"),
      object: "payment_intent",
      amount_received: 0,
      status: "requires_payment_method",
      customer: null,
      payment_method: null,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...init,
    };
    intents.set(intent.id, intent);
    return intent;
  };

  /** An intent as the API answers it: its payment method expanded when the call asked (`expand[]`). */
  const expanded = (intent: SandboxIntent, expand: boolean) =>
    expand && intent.payment_method ? { ...intent, payment_method: methods.get(intent.payment_method) ?? intent.payment_method } : intent;

  async function pay(id: string, o: PayOptions = {}): Promise<SandboxEvent[]> {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    if (session.status !== "open") return [];
    session.status = "complete";
    const keep = Boolean(o.save && session.saved_payment_method_options);
    if (keep && !session.customer) session.customer = newId("cus");
    const method = cardMethod(o.card ?? TEST_CARD, keep ? (session.customer as string) : null);
    const intent = intentOf({
      amount: session.amount_total,
      amount_received: o.async ? 0 : session.amount_total,
      currency: session.currency,
      metadata: session.metadata,
      status: o.async ? "requires_payment_method" : "succeeded",
      customer: (session.customer as string | null) ?? null,
      payment_method: method.id,
      ...(keep ? { setup_future_usage: "off_session" } : {}),
    });
    session.payment_intent = intent.id;
    if (o.async) session.payment_method_types = ["oxxo"];
    else session.payment_status = "paid";
    const made = [event(session, "checkout.session.completed")];
    if (o.deliver !== false) for (const ev of made) await deliver(ev, { retries: o.retries ?? 0 });
    return made;
  }

  async function settle(id: string, outcome: "succeeded" | "failed", o: { deliver?: boolean } = {}): Promise<SandboxEvent> {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    if (outcome === "succeeded") session.payment_status = "paid";
    const intent = typeof session.payment_intent === "string" ? intents.get(session.payment_intent) : undefined;
    if (intent && outcome === "succeeded") Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    const ev = event(session, `checkout.session.async_payment_${outcome}`);
    if (o.deliver !== false) await deliver(ev);
    return ev;
  }

  function createSession(form: Map<string, string>): SandboxSession | string {
    const unit = Number(form.get("line_items[0][price_data][unit_amount]"));
    const quantity = Number(form.get("line_items[0][quantity]") ?? 1);
    const currency = form.get("line_items[0][price_data][currency]");
    const success = form.get("success_url");
    const cancel = form.get("cancel_url");
    if (!Number.isInteger(unit) || unit < 1 || !currency) return "line_items[0][price_data] needs a currency and a positive integer unit_amount";
    if (!success || !cancel) return "success_url and cancel_url are required in payment mode";
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const id = newId("cs");
    const session: SandboxSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      currency,
      status: "open",
      payment_status: "unpaid",
      url: `${base}/pay/${id}`,
      metadata,
      client_reference_id: form.get("client_reference_id") ?? null,
      payment_intent: null,
      payment_method_types: ["card"],
      customer: form.get("customer") ?? null,
      customer_creation: form.get("customer_creation") ?? null,
      saved_payment_method_options: form.get("saved_payment_method_options[payment_method_save]") === "enabled" ? { payment_method_save: "enabled" } : null,
      success_url: success,
      cancel_url: cancel,
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    descriptions.set(id, form.get("line_items[0][price_data][product_data][name]") ?? "");
    return session;
  }

  /**
   * POST /v1/payment_intents, confirmed off-session on a kept card: Stripe's answer for the key is kept and given again
   * (its idempotency); a declining test card answers 402 with the intent, else the intent succeeded.
   */
  function createIntent(form: Map<string, string>, key: string | undefined): { status: number; body: string } {
    const again = key ? intentByKey.get(key) : undefined;
    if (again) return again;
    const amount = Number(form.get("amount"));
    const currency = form.get("currency");
    const customer = form.get("customer") ?? null;
    const methodId = form.get("payment_method") ?? "";
    const method = methods.get(methodId);
    const metadata: Record<string, string> = {};
    for (const [k, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(k);
      if (match) metadata[match[1]!] = value;
    }
    let answer: { status: number; body: string };
    if (!Number.isInteger(amount) || amount < 1 || !currency)
      answer = { status: 400, body: stripeError("invalid_request_error", "amount and currency are required", "parameter_missing") };
    else if (!method || method.customer === null || method.customer !== customer)
      answer = { status: 400, body: stripeError("invalid_request_error", `No such PaymentMethod: '${methodId}'`, "resource_missing") };
    else {
      const decline = DECLINES[numbers.get(method.id) ?? ""];
      const intent = intentOf({ amount, currency, customer, payment_method: method.id, metadata, description: form.get("description") ?? null });
      if (decline) {
        intent.last_payment_error = { type: "card_error", ...decline };
        answer = { status: 402, body: JSON.stringify({ error: { type: "card_error", ...decline, payment_intent: intent } }) };
        intentEvents.push(event(intent, "payment_intent.payment_failed"));
      } else {
        Object.assign(intent, { status: "succeeded", amount_received: amount });
        answer = { status: 200, body: JSON.stringify(intent) };
        intentEvents.push(event(intent, "payment_intent.succeeded"));
      }
      // The event goes after the answer, as Stripe's does: the app's job records the intent first, usually.
      const made = intentEvents.at(-1)!;
      if (options.deliverIntents !== false) setImmediate(() => void deliver(made, { retries: 3 }));
    }
    if (key) intentByKey.set(key, answer);
    return answer;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const send = (status: number, body: string, type = "application/json") => {
          res.writeHead(status, { "content-type": type, "request-id": newId("req") });
          res.end(body);
        };
        const url = new URL(req.url ?? "/", base);
        const text = Buffer.concat(chunks).toString("utf8");
        if (url.pathname.startsWith("/v1/")) {
          if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, stripeError("invalid_request_error", "Invalid API Key provided."));
          if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
            const key = req.headers["idempotency-key"];
            const again = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
            if (again) return send(200, JSON.stringify(sessions.get(again)));
            const made = createSession(formOf(text));
            if (typeof made === "string") return send(400, stripeError("invalid_request_error", made, "parameter_missing"));
            if (typeof key === "string") byIdempotencyKey.set(key, made.id);
            return send(200, JSON.stringify(made));
          }
          if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
            const key = req.headers["idempotency-key"];
            const answer = createIntent(formOf(text), typeof key === "string" ? key : undefined);
            return send(answer.status, answer.body);
          }
          const intentPath = /^\/v1\/payment_intents\/([\w-]+)$/.exec(url.pathname);
          if (req.method === "GET" && intentPath) {
            const intent = intents.get(intentPath[1]!);
            return intent
              ? send(200, JSON.stringify(expanded(intent, url.search.includes("payment_method"))))
              : send(404, stripeError("invalid_request_error", `No such payment_intent: '${intentPath[1]}'`, "resource_missing"));
          }
          const detach = /^\/v1\/payment_methods\/([\w-]+)\/detach$/.exec(url.pathname);
          if (req.method === "POST" && detach) {
            const method = methods.get(detach[1]!);
            if (!method?.customer)
              return send(400, stripeError("invalid_request_error", "The payment method is not attached to a customer.", "payment_method_unexpected_state"));
            method.customer = null;
            return send(200, JSON.stringify(method));
          }
          const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
          if (req.method === "GET" && match) {
            const session = sessions.get(match[1]!);
            const intent = session && typeof session.payment_intent === "string" ? intents.get(session.payment_intent) : undefined;
            // `expand[]=payment_intent.payment_method`: the intent, and its card, in place of their ids.
            const answer = session && intent && url.search.includes("payment_intent") ? { ...session, payment_intent: expanded(intent, true) } : session;
            return answer
              ? send(200, JSON.stringify(answer))
              : send(404, stripeError("invalid_request_error", `No such checkout.session: '${match[1]}'`, "resource_missing"));
          }
          return send(404, stripeError("invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`));
        }
        const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);
        const session = page ? sessions.get(page[1]!) : undefined;
        if (!session) return send(404, "<!doctype html><title>Not found</title><p>No such checkout.</p>", "text/html; charset=utf-8");
        if (req.method === "POST") {
          const fields = new URLSearchParams(text);
          await pay(session.id, {
            async: fields.get("method") === "voucher",
            retries: 10,
            card: fields.get("card") ?? undefined,
            save: fields.get("save") === "yes",
          });
          res.writeHead(303, { location: session.success_url });
          return res.end();
        }
        return send(200, checkoutPage(session, descriptions.get(session.id) ?? ""), "text/html; charset=utf-8");
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(stripeError("api_error", String(error)));
      });
    });
  });
  const bound = await listenOnLoopback(server, options.port);
  const { port } = bound;
  base = bound.base;

  return {
    url: base,
    port,
    session: (id) => sessions.get(id),
    sessions: () => [...sessions.values()],
    pay,
    settle,
    deliver,
    sign,
    delivered: () => [...posted],
    intents: () => [...intents.values()],
    intentEvents: () => [...intentEvents],
    method: (id) => {
      const method = methods.get(id);
      return method?.customer ? method : undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
