import { env } from "../env.ts";
import { signFamilyLink, verifyFamilyLink } from "./family-link.ts";

/**
 * The link of an e-mail's List-Unsubscribe (RFC 8058): a family link of its own purpose, bound to one school, one
 * person and the channel it stops. It works for as long as a mail is read and answered after it came: weeks, and
 * longer than the 30 days the rules on commercial mail ask of an unsubscribe.
 */
const PURPOSE = "unsubscribe";
const CHANNEL = "mail";
const LINK_DAYS = 60;

/** The path under /api that takes the link: the route's, and the header's. */
export const UNSUBSCRIBE_PATH = "unsubscribe";

export interface UnsubscribeClaims {
  tenantId: number;
  userId: number;
  channel: typeof CHANNEL;
}

/** The URL a person's e-mail carries to stop e-mail from their school. */
export async function unsubscribeUrl(tenantId: number, userId: number): Promise<string> {
  const token = await signFamilyLink(PURPOSE, { tenantId, subject: userId, more: { ch: CHANNEL } }, LINK_DAYS);
  return `${env().PUBLIC_URL.replace(/\/+$/, "")}/api/${UNSUBSCRIBE_PATH}/${token}`;
}

/** The link's claims; "expired" for a genuine link past its time; null for anything else. */
export async function verifyUnsubscribe(token: string): Promise<UnsubscribeClaims | "expired" | null> {
  const link = await verifyFamilyLink(PURPOSE, token);
  if (link === null || link === "expired") return link;
  return link.more.ch === CHANNEL ? { tenantId: link.tenantId, userId: link.subject, channel: CHANNEL } : null;
}
