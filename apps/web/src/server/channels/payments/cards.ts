import type { SavedCard } from "./provider.ts";

/**
 * Charging a card kept on file without the guardian present (001 §7 automaticCharge): an off-session payment at the
 * provider, its outcome, the payment read back when the provider's webhook says it succeeded, and the card's removal.
 */
export interface OffSessionCharge {
  card: Pick<SavedCard, "customerId" | "paymentMethodId">;
  /** Decimal text to the cent ("350.50"). */
  amount: string;
  currency: string;
  description: string;
  /** Whose payment it is, read back when the webhook comes; `attemptId` marks it as an automatic charge. */
  metadata: { tenantId: string; orderId: string; attemptId: string };
  /** The same key answers the same payment: a job run twice charges once. */
  idempotencyKey: string;
}

/** What the provider answered: paid (or being processed: the webhook says), or refused with its reason. */
export type ChargeOutcome = { state: "sent"; intentId: string } | { state: "declined" | "failed"; intentId: string | null; reason: string; message: string };

/** An off-session payment as the provider's API says it is now. */
export interface IntentState {
  intentId: string;
  state: "paid" | "failed" | "pending";
  amount: string;
  currency: string;
  tenantId: number | null;
  orderId: number | null;
  attemptId: number | null;
  last4: string | null;
  reason: string | null;
  message: string | null;
}

export interface CardProvider {
  readonly name: string;
  chargeOffSession(charge: OffSessionCharge): Promise<ChargeOutcome>;
  readIntent(intentId: string): Promise<IntentState>;
  /** Detaches the card at the provider: it can no longer be charged. */
  removeCard(paymentMethodId: string): Promise<void>;
}
