import { INVITE_LINK_DAYS } from "@pizarra/contracts";
import { createHash, timingSafeEqual } from "node:crypto";
import { signFamilyLink, verifyFamilyLink } from "../../delivery/family-link.ts";

/**
 * An invitation's link: signed for this purpose alone (its own key and audience, delivery/family-link.ts), bound to one
 * school and one account, expiring, and single use: it carries a fingerprint of the account's password hash as it was
 * when the link was made, so that setting the password (a new hash) ends it, and so does any other change of password.
 */
export interface InviteClaims {
  tenantId: number;
  accountId: number;
  fingerprint: string;
}

const PURPOSE = "invite";

/** A short digest of a stored password hash: the link is bound to it without carrying it. */
export const fingerprintOf = (passwordHash: string) => createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);

/** Whether the account's hash is still the one the link was made for (compared in constant time). */
export function fingerprintMatches(claims: InviteClaims, passwordHash: string): boolean {
  const a = Buffer.from(claims.fingerprint);
  const b = Buffer.from(fingerprintOf(passwordHash));
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signInviteLink(tenantId: number, accountId: number, passwordHash: string): Promise<string> {
  return signFamilyLink(PURPOSE, { tenantId, subject: accountId, more: { fp: fingerprintOf(passwordHash) } }, INVITE_LINK_DAYS);
}

/** The link's claims; "expired" for a genuine link past its time; null for anything else (tampered, foreign, malformed). */
export async function verifyInviteLink(token: string): Promise<InviteClaims | "expired" | null> {
  const link = await verifyFamilyLink(PURPOSE, token);
  if (link === null || link === "expired") return link;
  const { fp } = link.more;
  if (typeof fp !== "string" || fp.length === 0) return null;
  return { tenantId: link.tenantId, accountId: link.subject, fingerprint: fp };
}
