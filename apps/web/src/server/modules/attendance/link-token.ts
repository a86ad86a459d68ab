import { signFamilyLink, verifyFamilyLink } from "../../delivery/family-link.ts";
import { env } from "../../env.ts";

/**
 * The family's justification link (an absence alert's): a family link (delivery/family-link.ts) of its own purpose, bound to
 * one school, one student, the days of the absence and the guardian it was sent to, and expiring.
 */
export interface JustifyClaims {
  tenantId: number;
  studentId: number;
  guardianId: number;
  /** 'YYYY-MM-DD': the days it may justify. */
  from: string;
  to: string;
  /** The register of the alert, for "about" and for an hours justification. */
  sessionId: number | null;
}

const PURPOSE = "justify";
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const positive = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;

export async function signJustifyLink(claims: JustifyClaims): Promise<string> {
  const more = { gid: claims.guardianId, from: claims.from, to: claims.to, ses: claims.sessionId };
  return signFamilyLink(PURPOSE, { tenantId: claims.tenantId, subject: claims.studentId, more }, env().JUSTIFY_LINK_DAYS);
}

/** The family's page for these claims, as an alert and the school's assistant send it. */
export const justifyUrl = async (claims: JustifyClaims): Promise<string> => `${env().PUBLIC_URL.replace(/\/+$/, "")}/justify/${await signJustifyLink(claims)}`;

/** The link's claims; "expired" for a genuine link past its time; null for anything else (tampered, foreign, malformed). */
export async function verifyJustifyLink(token: string): Promise<JustifyClaims | "expired" | null> {
  const link = await verifyFamilyLink(PURPOSE, token);
  if (link === null || link === "expired") return link;
  const { gid, from, to, ses } = link.more;
  const claims = { tenantId: link.tenantId, studentId: link.subject, guardianId: gid, from, to, sessionId: ses ?? null };
  if (!positive(claims.guardianId)) return null;
  if (typeof claims.from !== "string" || typeof claims.to !== "string" || !DAY_RE.test(claims.from) || !DAY_RE.test(claims.to)) return null;
  if (claims.sessionId !== null && !positive(claims.sessionId)) return null;
  return claims as JustifyClaims;
}
