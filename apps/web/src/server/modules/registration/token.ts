import { createHash } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { env } from "../../env.ts";

/** How long a verified number may take to fill in its school (minutes). */
export const REGISTRATION_MINUTES = 30;

/**
 * The registration token (002 §4 "phone step, PIN sent, verified"): proof that the person holds `phone`, signed with
 * a key and an audience of its own (derived from the server's secret), so that no sign-in or family link passes for it.
 */
const key = () => createHash("sha256").update(`registration-token\u0000${env().AUTH_SECRET}`).digest();
const AUDIENCE = "pizarra:register";

export async function signRegistration(phone: string): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + REGISTRATION_MINUTES * 60_000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(phone)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key());
  return { token, expiresAt };
}

/** The verified phone (E.164), or "expired", or null for anything else (tampered, of another purpose, malformed). */
export async function verifyRegistration(token: string): Promise<string | "expired" | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], audience: AUDIENCE, requiredClaims: ["exp", "sub"] });
    return typeof payload.sub === "string" && /^\+\d{6,15}$/.test(payload.sub) ? payload.sub : null;
  } catch (error) {
    if (error instanceof errors.JWTExpired) return "expired";
    if (error instanceof errors.JOSEError || error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
}
