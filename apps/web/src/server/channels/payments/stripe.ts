import { PAYMENT_TYPE } from "@pizarra/contracts";
import Stripe from "stripe";
import { env } from "../../env.ts";
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderPaymentState, VerifiedEvent } from "./provider.ts";
import { fromMinorUnits, toMinorUnits } from "./provider.ts";

/** Stripe's own tolerance of a webhook's timestamp, in seconds: an older signed call is a replay and is refused. */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** 001 §9 payment type of a Stripe payment method: a card, a cash voucher, else a bank transfer. */
const TYPE_OF_METHOD: Record<string, number> = {
  card: PAYMENT_TYPE.card,
  oxxo: PAYMENT_TYPE.cashDeposit,
  boleto: PAYMENT_TYPE.cashDeposit,
  konbini: PAYMENT_TYPE.cashDeposit,
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const intOf = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);

/** Stripe Checkout through the official library, at STRIPE_API_URL (Stripe's, or a sandbox speaking its protocol). */
export class StripeCheckout implements PaymentProvider {
  readonly name = "stripe";
  private readonly client: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    apiUrl: string,
  ) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    this.client = new Stripe(secretKey, {
      host: url.hostname,
      port: url.port || (protocol === "http" ? 80 : 443),
      protocol,
      // One retry of a call that failed on the way (the library keeps the idempotency key): no more, staff are waiting.
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.client.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: toMinorUnits(request.amount),
              product_data: { name: request.description },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: `${request.metadata.tenantId}-${request.metadata.orderId}`,
        metadata: request.metadata,
        payment_intent_data: { metadata: request.metadata },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error("Stripe answered a checkout session without a url");
    // A status this library's Stripe may add later counts as closed: a new checkout rather than one that cannot be paid.
    const status = session.status === "open" ? "open" : session.status === "complete" ? "complete" : "expired";
    return { id: session.id, url: session.url, status };
  }

  verifyWebhook(rawBody: string, headers: Headers): VerifiedEvent | null {
    const header = headers.get("stripe-signature");
    if (!header) return null;
    try {
      const event = this.client.webhooks.constructEvent(rawBody, header, this.webhookSecret, STRIPE_TOLERANCE_SECONDS);
      const object = event.data.object as { object?: string; id?: string };
      return { id: event.id, type: event.type, checkoutId: object.object === "checkout.session" ? (object.id ?? null) : null };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
      throw error;
    }
  }

  async readCheckout(checkoutId: string): Promise<ProviderPaymentState> {
    const session = await this.client.checkout.sessions.retrieve(checkoutId);
    const state = session.payment_status === "paid" ? "paid" : session.status === "complete" ? "pending" : session.status === "expired" ? "expired" : "open";
    const method = session.payment_method_types?.[0] ?? "card";
    return {
      paymentId: session.id,
      state,
      amount: fromMinorUnits(session.amount_total ?? 0),
      currency: (session.currency ?? "").toUpperCase(),
      tenantId: intOf(session.metadata?.tenantId),
      orderId: intOf(session.metadata?.orderId),
      type: TYPE_OF_METHOD[method] ?? PAYMENT_TYPE.transfer,
      operation: idOf(session.payment_intent),
    };
  }
}

let cached: { key: string; provider: StripeCheckout } | null = null;

/**
 * The school's online payments provider: Stripe when both its secret key and its webhook's signing secret are set,
 * else none (online payment is off, and request2pay says so).
 */
export function stripeCheckout(): StripeCheckout | null {
  const { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: url } = env();
  if (!key || !secret) return null;
  const id = `${key}\n${secret}\n${url}`;
  if (cached?.key !== id) cached = { key: id, provider: new StripeCheckout(key, secret, url) };
  return cached.provider;
}
