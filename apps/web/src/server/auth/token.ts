import { errors, jwtVerify, SignJWT } from "jose";
import { env } from "../env.ts";

export interface TokenClaims {
  userId: number;
  tenantId: number;
  accountId: number;
}

const key = () => new TextEncoder().encode(env().AUTH_SECRET);

export async function issueToken(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
  const token = await new SignJWT({ tid: claims.tenantId, acc: claims.accountId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(env().AUTH_TOKEN_TTL)
    .sign(key());
  const { exp } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number };
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Null for a missing, malformed, forged or expired token: the caller answers 401 in every such case. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    const tenantId = Number(payload.tid);
    const accountId = Number(payload.acc);
    if (![userId, tenantId, accountId].every((n) => Number.isInteger(n) && n > 0)) return null;
    return { userId, tenantId, accountId };
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
