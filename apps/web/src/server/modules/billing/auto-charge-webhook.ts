import { AUTO_CHARGE_STATUS, givenNamesFirstIn, PAYMENT_TYPE } from "@pizarra/contracts";
import { forTenant } from "@pizarra/db";
import { cardProvider, type IntentState, type VerifiedEvent } from "../../channels/payments/index.ts";
import { AppError } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { registerProviderPayment } from "./ledger.ts";

/**
 * The provider's webhook about an automatic charge's payment (001 §7 automaticCharge; its signature was checked by
 * online-pay.ts): the payment is read back from the provider's API and registered like any online payment, once per
 * provider payment id however often the event comes (ledger.ts), with the attempt told the outcome in the same
 * transaction. A payment of the provider's that no attempt made (a checkout's own) is not this file's: ignored.
 */
const SUCCEEDED = "payment_intent.succeeded";
const FAILED = "payment_intent.payment_failed";

export async function receiveIntentEvent(ctx: BaseContext, event: VerifiedEvent & { intentId: string }): Promise<Reply<null>> {
  const provider = cardProvider();
  if (!provider || (event.type !== SUCCEEDED && event.type !== FAILED)) return { data: null };
  let state: IntentState;
  try {
    state = await provider.readIntent(event.intentId);
  } catch (error) {
    log().warn({ err: error, event: event.id, intent: event.intentId }, "Payment webhook: the payment could not be read back");
    throw new AppError(-503, "billing.online.providerFailed", 503);
  }
  const { tenantId, orderId, attemptId } = state;
  if (tenantId === null || orderId === null || attemptId === null) return { data: null };
  const school = await ctx.system.tenant.findUnique({ where: { id: tenantId }, select: { id: true, settings: true } });
  if (!school) return { data: null };
  const db = forTenant(ctx.system, school.id);
  const attempt = { id: attemptId, orderId };
  if (state.state === "failed") {
    await db.autoChargeAttempt.updateMany({
      where: { ...attempt, status: { in: [AUTO_CHARGE_STATUS.queued, AUTO_CHARGE_STATUS.charged] } },
      data: {
        status: AUTO_CHARGE_STATUS.declined,
        providerIntent: state.intentId,
        reason: state.reason?.slice(0, 100) ?? "declined",
        message: state.message?.slice(0, 300) ?? null,
      },
    });
    return { data: null };
  }
  if (state.state !== "paid") return { data: null };
  await db
    .$transaction(async (tx) => {
      const outcome = await registerProviderPayment(
        tx,
        orderId,
        {
          provider: provider.name,
          paymentId: state.intentId,
          outcome: "paid",
          amount: state.amount,
          currency: state.currency,
          type: PAYMENT_TYPE.cardSubscription,
          card: state.last4,
          operation: state.intentId,
          note: `${provider.name} ${state.intentId}`.slice(0, 200),
        },
        givenNamesFirstIn(school.settings),
        ctx.address,
      );
      const paid = outcome === "registered" || outcome === "already";
      await tx.autoChargeAttempt.updateMany({
        where: { ...attempt, status: { not: AUTO_CHARGE_STATUS.succeeded } },
        data: paid
          ? { status: AUTO_CHARGE_STATUS.succeeded, providerIntent: state.intentId, reason: null, message: null }
          : { status: AUTO_CHARGE_STATUS.failed, providerIntent: state.intentId, reason: "refused" },
      });
    })
    .catch((error: unknown) => {
      // Two deliveries at once in two processes: the order's lock makes the second find the first's payment, and the
      // unique (provider, providerPaymentId) holds should anything else get there first.
      if ((error as { code?: string }).code === "P2002") return;
      // An order no longer there is nothing a retry of the provider's could mend: acknowledged, and logged.
      if (error instanceof AppError && error.status === -404) {
        log().warn({ event: event.id, intent: state.intentId, orderId }, "Payment webhook: an automatic charge of no order was ignored");
        return;
      }
      throw error;
    });
  return { data: null };
}
