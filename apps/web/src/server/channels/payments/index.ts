import type { CardProvider } from "./cards.ts";
import { env } from "../../env.ts";
import { mercadoPagoCheckout } from "./mercadopago.ts";
import type { PaymentProvider } from "./provider.ts";
import { stripeCheckout } from "./stripe.ts";

export type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderPaymentState, VerifiedEvent } from "./provider.ts";
export { fromMinorUnits, toMinorUnits } from "./provider.ts";

/** Each provider by the name its webhook's path and its payments carry, or null when its keys are not set. */
const PROVIDERS = { stripe: stripeCheckout, mercadopago: mercadoPagoCheckout } as const;
export type PaymentProviderName = keyof typeof PROVIDERS;

/** The provider a school's online payments go through (PAYMENT_PROVIDER), or null when its keys are not set. */
export function paymentProvider(): PaymentProvider | null {
  return PROVIDERS[env().PAYMENT_PROVIDER]();
}

/**
 * The provider a webhook's path names, when its keys are set, whichever one new checkouts go through: a payment made
 * through the other before a switch (a cash voucher paid days later) is still registered.
 */
export function webhookProvider(name: PaymentProviderName): PaymentProvider | null {
  return PROVIDERS[name]();
}

export type { CardProvider, ChargeOutcome, IntentState, OffSessionCharge } from "./cards.ts";
export type { SavedCard } from "./provider.ts";

/** The provider that keeps guardians' cards and charges them off-session, or null when none is set up. */
export function cardProvider(): CardProvider | null {
  return stripeCheckout();
}
