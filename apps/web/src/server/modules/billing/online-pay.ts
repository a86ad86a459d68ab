import { createHash } from "node:crypto";
import { givenNamesFirstIn, PAYMENT_STATUS, type TRequest2PayAnswer } from "@pizarra/contracts";
import { forTenant, type TenantDb } from "@pizarra/db";
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type PaymentProviderName,
  paymentProvider,
  webhookProvider,
} from "../../channels/payments/index.ts";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, BaseContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { keepCard, payerOf } from "./auto-charge-cards.ts";
import { receiveIntentEvent } from "./auto-charge-webhook.ts";
import { payableBalance, registerProviderPayment } from "./ledger.ts";

/**
 * Paying an order online (001 §7 request2pay; 001 §4 payment status): a hosted checkout of the provider's for what
 * the order still owes, and the provider's signed webhook, the one way such a payment is registered. The browser's
 * return from the checkout registers nothing (a refresh would pay twice); the webhook's body is not believed either:
 * the payment is read back from the provider's API and registered once per provider payment id (ledger.ts).
 */

/**
 * The webhook's events acted on (Stripe's, and Mercado Pago's topic `payment`: a payment made or changed); any other
 * is acknowledged and ignored (a provider resends what it is refused).
 */
const SETTLED = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded", "payment"]);
const FAILED = "checkout.session.async_payment_failed";

/** The school's payment provider, or the clear refusal that online payment is off. */
export function providerOrRefuse(): PaymentProvider {
  const provider = paymentProvider();
  if (!provider) throw new AppError(-409, "billing.online.off", 409);
  return provider;
}

/**
 * GET admOrder/request2pay/{id}: the checkout link of an unpaid order, for what it still owes (openCheckout).
 */
export async function requestToPay(
  ctx: Pick<AuthedContext, "db"> & { user: Pick<AuthedContext["user"], "tenantId">; params: { id: number } },
): Promise<Reply<TRequest2PayAnswer>> {
  return { data: await openCheckout(ctx.db, ctx.user.tenantId, ctx.params.id), msgKey: "billing.online.linkReady" };
}

/**
 * The checkout of what an unpaid order still owes, asked by staff (request2pay) or by a family through the pay link
 * of a message (pay-link.ts). Asked again while the balance is the same, the provider answers the same checkout (its
 * idempotency key names the order and the balance); one that expired, or whose payment failed, gives way to a new one.
 */
export async function openCheckout(db: TenantDb, tenantId: number, orderId: number): Promise<TRequest2PayAnswer> {
  const provider = providerOrRefuse();
  const { order, balance, open, payer } = await db.$transaction(async (tx) => {
    const payable = await payableBalance(tx, orderId);
    return { ...payable, payer: await payerOf(tx, payable.order.studentId, provider.name) };
  });
  if (!open) throw new AppError(-409, "billing.notUnpaid", 409);
  const amount = balance.toFixed(2);
  const base = env().PUBLIC_URL.replace(/\/+$/, "");
  const request = {
    amount,
    currency: order.curr,
    description: order.brief,
    successUrl: `${base}/?checkout=done`,
    cancelUrl: `${base}/?checkout=cancelled`,
    metadata: { tenantId: String(tenantId), orderId: String(order.id), ...(payer ? { guardianId: String(payer.guardianId) } : {}) },
    // The checkout offers the payer guardian to keep the card for the school's automatic charges (001 §7).
    ...(payer ? { saveCard: { customerId: payer.customerId } } : {}),
  };
  // The same order, balance and checkout details: the same key, so the provider answers the checkout it made (a key
  // reused with other details is an error at Stripe, hence the digest of them all).
  const digest = createHash("sha256").update(JSON.stringify(request)).digest("hex").slice(0, 24);
  const key = `pizarra-r2p-${tenantId}-${order.id}-${digest}`;
  let session = await checkout(provider, { ...request, idempotencyKey: key }, order.id);
  if (session.status === "complete") {
    // Paid, or an asynchronous payment being settled, and its webhook not registered yet: a second checkout now could
    // take the money twice. Only one whose payment failed (kept with status -2) gives way to a new one.
    const failed = await db.payment.findFirst({
      where: { provider: provider.name, providerPaymentId: session.id, status: PAYMENT_STATUS.error },
      select: { id: true },
    });
    if (!failed) throw new AppError(-409, "billing.online.settling", 409);
  }
  if (session.status !== "open") session = await checkout(provider, { ...request, idempotencyKey: `${key}-${Date.now()}` }, order.id);
  return { url: session.url, provider: provider.name, amount, curr: order.curr };
}

/** The provider's checkout, or a clear refusal when it does not make one (never a 500). */
async function checkout(provider: PaymentProvider, request: CheckoutRequest, orderId: number): Promise<CheckoutSession> {
  try {
    return await provider.createCheckout(request);
  } catch (error) {
    log().warn({ err: error, orderId, provider: provider.name }, "Online payment: the provider did not create the checkout");
    throw new AppError(-502, "billing.online.providerFailed", 502);
  }
}

/**
 * POST payments/stripe/webhook and payments/mercadopago/webhook (the worker's callback port, provider-routes.ts): the
 * provider's signature (Stripe's over the body exactly as sent, Mercado Pago's over the payment's id and the call's
 * request id), with its timestamp, is checked first; a call without it, with a wrong one or an old one (a replay) is
 * refused and logged and nothing of it is read. A verified event about a checkout has its payment read back from the
 * provider's API, and what the API says is registered: paid, once; a Stripe checkout whose asynchronous method did
 * not settle, once as failed (the checkout is closed by it); anything else (pending, a Mercado Pago payment refused,
 * whose checkout can still be paid) waits for the next event, with nothing stored.
 */
export async function receivePaymentWebhook(ctx: BaseContext & { body: unknown; query: unknown }, name: PaymentProviderName): Promise<Reply<null>> {
  const provider = webhookProvider(name);
  // Without a query schema the wrapper hands over the search parameters as one object of strings.
  const event = provider?.verifyWebhook(ctx.rawBody ?? "", ctx.headers, ctx.query as Record<string, string>) ?? null;
  if (!provider || !event) {
    log().info({ address: ctx.address, provider: name, configured: provider !== null }, "Payment webhook refused: missing, wrong or stale signature");
    throw new AppError(-401, "api.badSignature", 401);
  }
  if (event.intentId) return receiveIntentEvent(ctx, { ...event, intentId: event.intentId });
  if (!event.checkoutId || !(SETTLED.has(event.type) || event.type === FAILED)) return { data: null };
  let state: Awaited<ReturnType<PaymentProvider["readCheckout"]>>;
  try {
    state = await provider.readCheckout(event.checkoutId);
  } catch (error) {
    // Not acknowledged: the provider sends the event again later, when its API may answer.
    log().warn({ err: error, event: event.id, checkout: event.checkoutId }, "Payment webhook: the checkout could not be read back");
    throw new AppError(-503, "billing.online.providerFailed", 503);
  }
  const failed = event.type === FAILED && state.state !== "paid";
  if (state.state !== "paid" && !failed) {
    if (state.state === "failed")
      log().info({ event: event.id, payment: state.paymentId, provider: name }, "Payment webhook: a refused payment, nothing registered");
    return { data: null };
  }
  const school =
    state.tenantId === null || state.orderId === null
      ? null
      : await ctx.system.tenant.findUnique({ where: { id: state.tenantId }, select: { id: true, settings: true } });
  if (!school || state.orderId === null) {
    log().warn({ event: event.id, checkout: state.paymentId, tenantId: state.tenantId }, "Payment webhook: a checkout of no school's order was ignored");
    return { data: null };
  }
  const orderId = state.orderId;
  const db = forTenant(ctx.system, school.id);
  const outcome = await db
    .$transaction((tx) =>
      registerProviderPayment(
        tx,
        orderId,
        {
          provider: provider.name,
          paymentId: state.paymentId,
          outcome: failed ? "failed" : "paid",
          amount: state.amount,
          currency: state.currency,
          type: state.type,
          card: null,
          operation: state.operation,
          note: `${provider.name} ${state.paymentId}`.slice(0, 200),
        },
        givenNamesFirstIn(school.settings),
        ctx.address,
      ),
    )
    .catch((error: unknown) => {
      // Two deliveries of one payment to two processes at once: the order's lock makes the second find the first's
      // row, and the unique (provider, providerPaymentId) holds it should anything else get there first.
      if ((error as { code?: string }).code === "P2002") return "already" as const;
      if (error instanceof AppError && error.status === -404) return "no-order" as const;
      throw error;
    });
  // The card the guardian chose to keep on the checkout's page, once its payment is the school's.
  if ((outcome === "registered" || outcome === "already") && state.savedCard && state.guardianId)
    await keepCard(db, provider.name, state.guardianId, state.savedCard);
  if (outcome !== "registered" && outcome !== "already")
    log().warn({ event: event.id, checkout: state.paymentId, orderId, outcome }, "Payment webhook: a payment the order could not take was kept as an error");
  return { data: null };
}
