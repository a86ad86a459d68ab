import { createHash } from "node:crypto";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { env } from "../env.ts";

/**
 * The links messages carry to families, who have no account (justify an absence, stop e-mail): each a token signed
 * for its purpose only (its own key, derived from the server's secret, and its own audience, so that neither a sign-in
 * token nor a link of another purpose can pass for it), bound to one school and one person or student, and expiring.
 */
export interface FamilyLinkClaims {
  tenantId: number;
  /** The student or person the link is about. */
  subject: number;
  /** What else the purpose binds (kept short: the token travels in the link). */
  more: Record<string, unknown>;
}

const keyOf = (purpose: string) => createHash("sha256").update(`${purpose}-link\u0000${env().AUTH_SECRET}`).digest();
const audienceOf = (purpose: string) => `pizarra:${purpose}`;
const positive = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;

export async function signFamilyLink(purpose: string, claims: FamilyLinkClaims, days: number): Promise<string> {
  return new SignJWT({ ...claims.more, tid: claims.tenantId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.subject))
    .setAudience(audienceOf(purpose))
    .setIssuedAt()
    .setExpirationTime(`${days}d`)
    .sign(keyOf(purpose));
}

/**
 * A link's claims when it is genuine and of this purpose; "expired" for a genuine one past its time; null for anything
 * else (tampered, of another purpose, malformed).
 */
export async function verifyFamilyLink(purpose: string, token: string): Promise<(FamilyLinkClaims & { more: JWTPayload }) | "expired" | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(purpose), { algorithms: ["HS256"], audience: audienceOf(purpose), requiredClaims: ["exp", "sub"] });
    const { tid, sub, ...more } = payload;
    const subject = Number(sub);
    if (!positive(tid) || !positive(subject) || String(subject) !== sub) return null;
    return { tenantId: tid, subject, more };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return "expired";
    if (error instanceof errors.JOSEError || error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
}
