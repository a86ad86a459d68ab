import { AUTO_CHARGE_STATUS } from "@pizarra/contracts";
import { type Db, forTenant, type TenantDb } from "@pizarra/db";
import { z } from "zod";
import { type CardProvider, cardProvider } from "../../channels/payments/index.ts";
import { type DeclaredJob, declareJob, jobKind, ZJobId } from "../../delivery/queue.ts";
import { log } from "../../log.ts";
import { payableBalance } from "./ledger.ts";

/**
 * The worker's side of the automatic charge (001 §7 automaticCharge): each queued attempt of a run becomes one
 * off-session payment at the provider, whose idempotency key is the (school, order, date): a job run again, or a
 * retry after the provider answered but before the attempt was written, gets the provider's first answer, never a
 * second charge. The payment is registered by the provider's webhook (auto-charge-webhook.ts); here only the attempt
 * learns that it was sent, or why it was not.
 */

/** Attempts charged by one job: small enough that a retry repeats little, large enough that a school's run is few jobs. */
export const AUTO_CHARGE_JOB_SIZE = 25;

export const AUTO_CHARGE_JOB = jobKind(
  "billing-auto-charge",
  z.object({ tenantId: ZJobId, runId: ZJobId, ids: z.array(ZJobId).min(1).max(AUTO_CHARGE_JOB_SIZE) }),
);

/** The key the provider knows one order's charge of one date by. */
export const chargeKey = (tenantId: number, orderId: number, date: Date) => `pizarra-ac-${tenantId}-${orderId}-${date.toISOString().slice(0, 10)}`;

const skip = (db: TenantDb, id: number, reason: string) =>
  db.autoChargeAttempt.updateMany({ where: { id, status: AUTO_CHARGE_STATUS.queued }, data: { status: AUTO_CHARGE_STATUS.skipped, reason } });

/** Charges one queued attempt; false when the provider could not be reached (the job tries again later). */
async function chargeAttempt(db: TenantDb, tenantId: number, provider: CardProvider, id: number): Promise<boolean> {
  const attempt = await db.autoChargeAttempt.findFirst({ where: { id, status: AUTO_CHARGE_STATUS.queued } });
  if (!attempt) return true;
  const { order, balance, open } = await db.$transaction((tx) => payableBalance(tx, attempt.orderId));
  // Paid at the desk or voided since the confirm, or paid in part (the amount the key was made for no longer owed):
  // nothing is charged. The card may also have been removed, or replaced by another the guardian did not give for it.
  if (!open) return skip(db, id, "paid").then(() => true);
  if (!balance.equals(attempt.amount)) return skip(db, id, "balance_changed").then(() => true);
  const card = attempt.cardId ? await db.cardOnFile.findFirst({ where: { id: attempt.cardId }, select: { customerId: true, paymentMethodId: true } }) : null;
  if (!card) return skip(db, id, "card_removed").then(() => true);
  let outcome: Awaited<ReturnType<CardProvider["chargeOffSession"]>>;
  try {
    outcome = await provider.chargeOffSession({
      card,
      amount: attempt.amount.toFixed(2),
      currency: attempt.curr,
      description: order.brief,
      metadata: { tenantId: String(tenantId), orderId: String(attempt.orderId), attemptId: String(attempt.id) },
      idempotencyKey: chargeKey(tenantId, attempt.orderId, attempt.date),
    });
  } catch (error) {
    log().warn({ err: error, attempt: id }, "Automatic charge: the provider could not be reached; the job tries again");
    return false;
  }
  // Only a queued attempt moves: the webhook may already have told it succeeded or declined.
  await db.autoChargeAttempt.updateMany({
    where: { id, status: AUTO_CHARGE_STATUS.queued },
    data:
      outcome.state === "sent"
        ? { status: AUTO_CHARGE_STATUS.charged, providerIntent: outcome.intentId }
        : {
            status: outcome.state === "declined" ? AUTO_CHARGE_STATUS.declined : AUTO_CHARGE_STATUS.failed,
            providerIntent: outcome.intentId,
            reason: outcome.reason.slice(0, 100),
            message: outcome.message.slice(0, 300),
          },
  });
  return true;
}

/** Runs one job's attempts one after another (a provider's rate limits are per account, not per order). */
export async function runAutoCharge(system: Db, data: z.output<typeof AUTO_CHARGE_JOB.payload>): Promise<boolean> {
  const provider = cardProvider();
  if (!provider) {
    log().warn({ runId: data.runId }, "Automatic charge: no payment provider is set up; the job tries again");
    return false;
  }
  const db = forTenant(system, data.tenantId);
  let reached = true;
  for (const id of data.ids) reached = (await chargeAttempt(db, data.tenantId, provider, id)) && reached;
  return reached;
}

export const AUTO_CHARGE_JOBS: DeclaredJob[] = [
  declareJob({
    job: AUTO_CHARGE_JOB,
    policy: () => ({ retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 900, batchSize: 2, pollingIntervalSeconds: 2 }),
    run: async (system, jobs, retry) => {
      for (const job of jobs) if (!(await runAutoCharge(system, job.data))) retry([job.id]);
    },
  }),
];
