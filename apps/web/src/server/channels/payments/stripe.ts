import { PAYMENT_TYPE } from "@pizarra/contracts";
import Stripe from "stripe";
import { env } from "../../env.ts";
import type { CardProvider, ChargeOutcome, IntentState, OffSessionCharge } from "./cards.ts";
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderPaymentState, SavedCard, VerifiedEvent } from "./provider.ts";
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
export class StripeCheckout implements PaymentProvider, CardProvider {
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
        // The guardian's consent: Checkout shows a box to keep the card, and attaches it to the customer when ticked.
        ...(request.saveCard
          ? {
              ...(request.saveCard.customerId ? { customer: request.saveCard.customerId } : { customer_creation: "always" as const }),
              saved_payment_method_options: { payment_method_save: "enabled" as const },
            }
          : {}),
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
      return {
        id: event.id,
        type: event.type,
        checkoutId: object.object === "checkout.session" ? (object.id ?? null) : null,
        intentId: object.object === "payment_intent" ? (object.id ?? null) : null,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
      throw error;
    }
  }

  async readCheckout(checkoutId: string): Promise<ProviderPaymentState> {
    const session = await this.client.checkout.sessions.retrieve(checkoutId, { expand: ["payment_intent.payment_method"] });
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
      savedCard: state === "paid" ? savedCardOf(session.payment_intent) : null,
      guardianId: intOf(session.metadata?.guardianId),
    };
  }

  async chargeOffSession(charge: OffSessionCharge): Promise<ChargeOutcome> {
    try {
      const intent = await this.client.paymentIntents.create(
        {
          amount: toMinorUnits(charge.amount),
          currency: charge.currency.toLowerCase(),
          customer: charge.card.customerId,
          payment_method: charge.card.paymentMethodId,
          off_session: true,
          confirm: true,
          description: charge.description,
          metadata: charge.metadata,
        },
        { idempotencyKey: charge.idempotencyKey },
      );
      if (intent.status === "succeeded" || intent.status === "processing") return { state: "sent", intentId: intent.id };
      // requires_action (the bank wants the guardian present) and the like: not charged, and said so.
      return { state: "declined", intentId: intent.id, reason: intent.status, message: intent.last_payment_error?.message ?? intent.status };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return {
          state: "declined",
          intentId: error.payment_intent?.id ?? null,
          reason: error.decline_code ?? error.code ?? "card_declined",
          message: providerMessage(error),
        };
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        return { state: "failed", intentId: null, reason: error.code ?? "invalid_request", message: providerMessage(error) };
      throw error;
    }
  }

  async readIntent(intentId: string): Promise<IntentState> {
    const intent = await this.client.paymentIntents.retrieve(intentId, { expand: ["payment_method"] });
    const method = typeof intent.payment_method === "object" ? intent.payment_method : null;
    const failed = intent.status === "canceled" || (intent.status === "requires_payment_method" && intent.last_payment_error !== null);
    return {
      intentId: intent.id,
      state: intent.status === "succeeded" ? "paid" : failed ? "failed" : "pending",
      amount: fromMinorUnits(intent.amount_received || intent.amount),
      currency: intent.currency.toUpperCase(),
      tenantId: intOf(intent.metadata.tenantId),
      orderId: intOf(intent.metadata.orderId),
      attemptId: intOf(intent.metadata.attemptId),
      last4: method?.card?.last4 ?? null,
      reason: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
      message: intent.last_payment_error?.message ?? null,
    };
  }

  async removeCard(paymentMethodId: string): Promise<void> {
    await this.client.paymentMethods.detach(paymentMethodId);
  }
}

/** Stripe's own words for a refusal, as its API sent them (the library prefixes its request id to `message`). */
const providerMessage = (error: InstanceType<typeof Stripe.errors.StripeError>) => (error.raw as { message?: string } | undefined)?.message ?? error.message;

/** The card a checkout's payment kept at its customer (the guardian ticked the box), read from the expanded intent. */
function savedCardOf(intent: string | Stripe.PaymentIntent | null): SavedCard | null {
  if (!intent || typeof intent === "string" || typeof intent.payment_method !== "object" || !intent.payment_method) return null;
  const method = intent.payment_method;
  const customerId = idOf(method.customer);
  if (!customerId || !method.card) return null;
  return {
    customerId,
    paymentMethodId: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
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
