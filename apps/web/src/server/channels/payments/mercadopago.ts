import { PAYMENT_TYPE } from "@pizarra/contracts";
import { InvalidWebhookSignatureError, MercadoPagoConfig, Payment, Preference, WebhookSignatureValidator } from "mercadopago";
import { AppConfig } from "mercadopago/dist/utils/config/index.js";
import { env } from "../../env.ts";
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderPaymentState, VerifiedEvent } from "./provider.ts";

/** The tolerance of a webhook's `ts`, in seconds (Stripe's, for one rule across providers): older is a replay, refused. */
export const MERCADOPAGO_TOLERANCE_SECONDS = 300;

/** How long a checkout (a preference) can be paid: then request2pay makes a new one, as Stripe's sessions expire. */
const CHECKOUT_HOURS = 24;

/** The webhook's notifications acted on (`type`): a payment made or changed; merchant orders and the rest are not. */
const PAYMENT_TOPIC = "payment";

/** Mercado Pago's payment statuses: approved is paid; these are an asynchronous method (a voucher, a transfer) not settled yet. */
const PENDING = new Set(["pending", "in_process", "authorized", "in_mediation"]);

/** 001 §9 payment type of Mercado Pago's `payment_type_id`: a card, a cash voucher, else a bank transfer. */
const TYPE_OF_METHOD: Record<string, number> = {
  credit_card: PAYMENT_TYPE.card,
  debit_card: PAYMENT_TYPE.card,
  prepaid_card: PAYMENT_TYPE.card,
  ticket: PAYMENT_TYPE.cashDeposit,
  atm: PAYMENT_TYPE.cashDeposit,
};

/** Whose order a checkout pays, as external_reference carries it ("{tenantId}-{orderId}"): read back, never from the webhook. */
const REFERENCE = /^(\d{1,9})-(\d{1,9})$/;

/**
 * Mercado Pago's amounts are JSON numbers (350.5). One to the cent is written as decimal text by its shortest form
 * (what JSON wrote), never by arithmetic; anything finer than a cent is not an amount this product asked for.
 */
function amountText(value: number | undefined): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value ?? ""));
  if (!match) throw new Error(`Mercado Pago answered an amount that is not to the cent: ${value}`);
  return `${match[1]}.${(match[2] ?? "").padEnd(2, "0")}`;
}

/**
 * Mercado Pago Checkout Pro through the official `mercadopago` library, at MERCADOPAGO_API_URL (Mercado Pago's, or a
 * sandbox speaking its protocol).
 *
 * Two habits of the library shape this class. Its base URL is a static constant (AppConfig.BASE_URL) read on every
 * call and it offers no option or fetch of one's own, so the configured URL is set there, once per process (the one
 * Mercado Pago API a process talks to). And each call merges its requestOptions into the config it was given, for
 * good: an idempotency key passed once would stay on a shared config and answer the next order's checkout with this
 * one's, so every call gets a config of its own.
 */
export class MercadoPagoCheckout implements PaymentProvider {
  readonly name = "mercadopago";

  constructor(
    private readonly accessToken: string,
    private readonly webhookSecret: string,
    apiUrl: string,
    private readonly notificationUrl: string,
  ) {
    Object.defineProperty(AppConfig, "BASE_URL", { value: apiUrl.replace(/\/+$/, ""), writable: true, configurable: true });
  }

  /** One retry of a call that failed on the way (the idempotency key is kept): no more, staff are waiting. */
  private config(idempotencyKey?: string): MercadoPagoConfig {
    return new MercadoPagoConfig({
      accessToken: this.accessToken,
      options: { timeout: 20_000, maxRetries: 1, initialDelay: 200, ...(idempotencyKey ? { idempotencyKey } : {}) },
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const { tenantId, orderId } = request.metadata;
    const reference = `${tenantId}-${orderId}`;
    const expires = new Date(Date.now() + CHECKOUT_HOURS * 3600_000);
    const preference = await new Preference(this.config(request.idempotencyKey)).create({
      body: {
        items: [
          {
            id: orderId,
            title: request.description,
            quantity: 1,
            currency_id: request.currency.toUpperCase(),
            // A JSON number on Mercado Pago's wire: the decimal text to the cent read as the number JSON writes back
            // as the same digits; no arithmetic is done on it.
            unit_price: Number(request.amount),
          },
        ],
        external_reference: reference,
        metadata: { tenant_id: tenantId, order_id: orderId },
        back_urls: { success: request.successUrl, pending: request.successUrl, failure: request.cancelUrl },
        auto_return: "approved",
        notification_url: this.notificationUrl,
        expires: true,
        expiration_date_to: expires.toISOString(),
      },
    });
    if (!preference.id || !preference.init_point) throw new Error("Mercado Pago answered a preference without an id or init_point");
    const expiry = preference.expiration_date_to ? Date.parse(preference.expiration_date_to) : Number.NaN;
    if (Number.isFinite(expiry) && expiry <= Date.now()) return { id: preference.id, url: preference.init_point, status: "expired" };
    // A preference can be paid again after a payment: one of this order's still settling (a cash voucher not paid at
    // the counter yet) makes it "complete", so that request2pay offers no second way to pay the same balance.
    const payments = await new Payment(this.config()).search({ options: { external_reference: reference, limit: 50 } });
    const settling = (payments.results ?? []).some((p) => PENDING.has(p.status ?? ""));
    return { id: preference.id, url: preference.init_point, status: settling ? "complete" : "open" };
  }

  /**
   * Mercado Pago signs the notified payment's id (the `data.id` of the webhook's query), the call's x-request-id and
   * the signature's `ts`, not the body: the library's validator checks it against the secret, with the tolerance, and
   * only that id is read back. The body is read for its topic alone.
   */
  verifyWebhook(rawBody: string, headers: Headers, query: Readonly<Record<string, unknown>> = {}): VerifiedEvent | null {
    const raw = query["data.id"];
    const dataId = typeof raw === "string" && /^[\w-]{1,64}$/.test(raw) ? raw : null;
    if (!dataId) return null;
    try {
      WebhookSignatureValidator.validate({
        xSignature: headers.get("x-signature"),
        xRequestId: headers.get("x-request-id"),
        // Mercado Pago's rule: an alphanumeric id is signed in lower case.
        dataId: dataId.toLowerCase(),
        secret: this.webhookSecret,
        toleranceSeconds: MERCADOPAGO_TOLERANCE_SECONDS,
      });
    } catch (error) {
      if (error instanceof InvalidWebhookSignatureError) return null;
      throw error;
    }
    const type = typeof query.type === "string" ? query.type : topicOf(rawBody);
    return { id: headers.get("x-request-id") ?? dataId, type, checkoutId: type === PAYMENT_TOPIC ? dataId : null };
  }

  async readCheckout(paymentId: string): Promise<ProviderPaymentState> {
    const payment = await new Payment(this.config()).get({ id: paymentId });
    const status = payment.status ?? "";
    const reference = REFERENCE.exec(payment.external_reference ?? "");
    return {
      paymentId: String(payment.id ?? paymentId),
      state: status === "approved" ? "paid" : PENDING.has(status) ? "pending" : "failed",
      amount: amountText(payment.transaction_amount),
      currency: (payment.currency_id ?? "").toUpperCase(),
      tenantId: reference ? Number(reference[1]) : null,
      orderId: reference ? Number(reference[2]) : null,
      type: TYPE_OF_METHOD[payment.payment_type_id ?? ""] ?? PAYMENT_TYPE.transfer,
      operation: String(payment.id ?? paymentId),
    };
  }
}

/** The notification's topic from its body ({"type":"payment","action":"payment.updated",…}), or "" when it has none. */
function topicOf(rawBody: string): string {
  try {
    const body = JSON.parse(rawBody) as { type?: unknown };
    return typeof body?.type === "string" ? body.type : "";
  } catch {
    return "";
  }
}

let cached: { key: string; provider: MercadoPagoCheckout } | null = null;

/** Mercado Pago Checkout Pro when both its access token and its webhooks' secret signature are set, else none. */
export function mercadoPagoCheckout(): MercadoPagoCheckout | null {
  const { MERCADOPAGO_ACCESS_TOKEN: token, MERCADOPAGO_WEBHOOK_SECRET: secret, MERCADOPAGO_API_URL: url, PUBLIC_URL } = env();
  if (!token || !secret) return null;
  // Mercado Pago posts here as well as to the URL of "Your integrations"; source_news=webhooks asks for the signed
  // webhooks only, not the older unsigned IPN calls.
  const notify = `${PUBLIC_URL.replace(/\/+$/, "")}/api/payments/mercadopago/webhook?source_news=webhooks`;
  const id = `${token}\n${secret}\n${url}\n${notify}`;
  if (cached?.key !== id) cached = { key: id, provider: new MercadoPagoCheckout(token, secret, url, notify) };
  return cached.provider;
}
