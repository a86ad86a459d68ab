import type { CardProvider } from "./cards.ts";
import type { PaymentProvider } from "./provider.ts";
import { stripeCheckout } from "./stripe.ts";

export type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderPaymentState, VerifiedEvent } from "./provider.ts";
export { fromMinorUnits, toMinorUnits } from "./provider.ts";

/** The provider a school's online payments go through, or null when none is set up (the environment's keys). */
export function paymentProvider(): PaymentProvider | null {
  return stripeCheckout();
}

export type { CardProvider, ChargeOutcome, IntentState, OffSessionCharge } from "./cards.ts";
export type { SavedCard } from "./provider.ts";

/** The provider that keeps guardians' cards and charges them off-session, or null when none is set up. */
export function cardProvider(): CardProvider | null {
  return stripeCheckout();
}
