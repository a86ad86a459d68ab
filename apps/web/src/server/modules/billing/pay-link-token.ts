import { signFamilyLink, verifyFamilyLink } from "../../delivery/family-link.ts";
import { env } from "../../env.ts";

/**
 * The pay link a family's message carries: a family link (delivery/family-link.ts) of its own purpose, bound to one
 * school and one order, and expiring. It names no amount: opened, it makes the checkout of what the order owes then
 * (online-pay.ts openCheckout), so a link read days later neither charges a stale amount nor lands on an expired
 * checkout, and one of an order paid meanwhile says so.
 */
const PURPOSE = "pay";
/** Long enough for the last reminder a school may set (REMINDER_LIMITS.maxAfter) to be opened a few days after. */
const LINK_DAYS = 100;

/** The path under /api that takes the link. */
export const PAY_LINK_PATH = "pay";

export interface PayLinkClaims {
  tenantId: number;
  orderId: number;
}

export async function payUrl(tenantId: number, orderId: number): Promise<string> {
  const token = await signFamilyLink(PURPOSE, { tenantId, subject: orderId, more: {} }, LINK_DAYS);
  return `${env().PUBLIC_URL.replace(/\/+$/, "")}/api/${PAY_LINK_PATH}/${token}`;
}

/** The link's claims; "expired" for a genuine link past its time; null for anything else (tampered, foreign, malformed). */
export async function verifyPayLink(token: string): Promise<PayLinkClaims | "expired" | null> {
  const link = await verifyFamilyLink(PURPOSE, token);
  if (link === null || link === "expired") return link;
  return { tenantId: link.tenantId, orderId: link.subject };
}
