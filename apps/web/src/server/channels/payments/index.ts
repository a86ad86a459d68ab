import type { PaymentProvider } from "./provider.ts";
import { stripeCheckout } from "./stripe.ts";

export type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderPaymentState, VerifiedEvent } from "./provider.ts";
export { fromMinorUnits, toMinorUnits } from "./provider.ts";

/** The provider a school's online payments go through, or null when none is set up (the environment's keys). */
export function paymentProvider(): PaymentProvider | null {
  return stripeCheckout();
}
