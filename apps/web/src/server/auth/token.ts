import { errors, jwtVerify, SignJWT } from "jose";
import { env } from "../env.ts";

export interface TokenClaims {
  userId: number;
  tenantId: number;
  accountId: number;
  /** The sign-in this token belongs to (a Session row): renewals and school switches keep it. */
  sessionId: string;
}

let imported: { secret: string; key: Promise<CryptoKey> } | undefined;
/** AUTH_SECRET's HMAC key, imported once: given the raw secret, jose imports it anew on every signature and check. */
function key(): Promise<CryptoKey> {
  const secret = env().AUTH_SECRET;
  if (imported?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    imported = { secret, key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
  }
  return imported.key;
}
const positive = (n: number) => Number.isInteger(n) && n > 0;
const SESSION_ID_RE = /^[A-Za-z0-9_-]{22,64}$/;

export async function issueToken(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
  const token = await new SignJWT({ tid: claims.tenantId, acc: claims.accountId, sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(env().AUTH_TOKEN_TTL)
    .sign(await key());
  const { exp } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number };
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Null for a missing, malformed, forged or expired token, or one without an expiry: the caller answers 401 in every such case. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ["HS256"], requiredClaims: ["exp", "iat", "sub"] });
    const claims: TokenClaims = { userId: Number(payload.sub), tenantId: Number(payload.tid), accountId: Number(payload.acc), sessionId: String(payload.sid) };
    if (![claims.userId, claims.tenantId, claims.accountId].every(positive) || !SESSION_ID_RE.test(claims.sessionId)) return null;
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
}

export function bearer(headers: Headers): string | null {
  const header = headers.get("authorization") ?? headers.get("token");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : header.includes(" ") ? null : header.trim();
}
