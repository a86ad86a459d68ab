/**
 * A payment provider's hosted checkout (request2pay, 001 §7): a page of the provider's where a guardian pays an
 * order, its signed webhook, and the payment read back from its API. The payment is registered only from the webhook,
 * after reading it back (billing/online-pay.ts): neither the browser's return nor the webhook's own body is believed.
 */
export interface CheckoutRequest {
  /** What to pay, decimal text to the cent ("350.50"): converted by text, never through a float. */
  amount: string;
  /** ISO currency code (PEN, USD). */
  currency: string;
  /** What the guardian sees on the provider's page. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** Whose payment it is: read back from the provider's API when its webhook comes (the guardian: whose card it keeps). */
  metadata: { tenantId: string; orderId: string; guardianId?: string };
  /**
   * Offer to keep the card for the school's automatic charges (the guardian chooses on the provider's page): at the
   * guardian's customer when the provider already has one, else at a new one.
   */
  saveCard?: { customerId: string | null };
  /** The same key answers the same checkout (the provider's idempotency): a link asked twice is one checkout. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
  /** open: can be paid; complete: paid or being settled (an asynchronous method); expired: can no longer be paid. */
  status: "open" | "complete" | "expired";
}

/** A checkout's payment as the provider's API says it is now. */
export interface ProviderPaymentState {
  /** The provider's id of the payment (one checkout, one payment). */
  paymentId: string;
  /**
   * paid: settled; pending: an asynchronous method not settled yet; failed: it will not be paid (refused, cancelled);
   * open/expired: nothing paid.
   */
  state: "paid" | "pending" | "failed" | "open" | "expired";
  amount: string;
  currency: string;
  tenantId: number | null;
  orderId: number | null;
  /** 001 §9 payment type of the method used. */
  type: number;
  /** The provider's own reference of the money's movement (its payment intent), kept as the operation number. */
  operation: string | null;
  /** The card the guardian chose to keep on the checkout's page (saveCard), and whose it is; absent otherwise. */
  savedCard?: SavedCard | null;
  guardianId?: number | null;
}

/** A card kept at the provider: its references and what identifies it to a person (never its number). */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A webhook call whose signature the provider's rules accept: its event's type and the checkout it is about. */
export interface VerifiedEvent {
  id: string;
  type: string;
  checkoutId: string | null;
  /** The payment (intent) an event is about, when it is about one rather than a checkout (automatic charges). */
  intentId?: string | null;
}

export interface PaymentProvider {
  /** The provider's name, kept on the payments it registers. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * The event of a webhook call when its signature (and timestamp) is valid; null otherwise. The query is the call's
   * search parameters, for a provider that signs one of them (Mercado Pago's `data.id`).
   */
  verifyWebhook(rawBody: string, headers: Headers, query?: Readonly<Record<string, unknown>>): VerifiedEvent | null;
  readCheckout(checkoutId: string): Promise<ProviderPaymentState>;
}

/** Decimal text to the cent → minor units as text ("350.50" → "35050"), by text: never through a float. */
export function toMinorUnits(amount: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount to the cent: ${amount}`);
  return Number.parseInt(`${match[1]}${match[2]}`, 10);
}

/** Minor units → decimal text to the cent (35050 → "350.50"), by text. */
export function fromMinorUnits(minor: number): string {
  const digits = String(Math.trunc(Math.abs(minor))).padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
