import { createHash } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { env } from "../../env.ts";

/**
 * The family's justification link (issue 15): a token signed for this purpose only (its own key, derived from the
 * server's secret, and its own audience, so that neither a sign-in token nor any other link can pass for it), bound to
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

const AUDIENCE = "pizarra:justify";
const key = () => createHash("sha256").update(`justify-link\u0000${env().AUTH_SECRET}`).digest();
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const positive = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;

export async function signJustifyLink(claims: JustifyClaims): Promise<string> {
  return new SignJWT({ tid: claims.tenantId, gid: claims.guardianId, from: claims.from, to: claims.to, ses: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.studentId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${env().JUSTIFY_LINK_DAYS}d`)
    .sign(key());
}

/** The link's claims; "expired" for a genuine link past its time; null for anything else (tampered, foreign, malformed). */
export async function verifyJustifyLink(token: string): Promise<JustifyClaims | "expired" | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], audience: AUDIENCE, requiredClaims: ["exp", "sub"] });
    const claims = {
      tenantId: payload.tid,
      studentId: Number(payload.sub),
      guardianId: payload.gid,
      from: payload.from,
      to: payload.to,
      sessionId: payload.ses ?? null,
    };
    if (!positive(claims.tenantId) || !positive(claims.studentId) || !positive(claims.guardianId)) return null;
    if (typeof claims.from !== "string" || typeof claims.to !== "string" || !DAY_RE.test(claims.from) || !DAY_RE.test(claims.to)) return null;
    if (claims.sessionId !== null && !positive(claims.sessionId)) return null;
    return claims as JustifyClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) return "expired";
    if (error instanceof errors.JOSEError || error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
}
