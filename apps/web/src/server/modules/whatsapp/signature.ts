import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** Meta's signature of a webhook call: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the app secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * Whether `header` (X-Hub-Signature-256) signs `body` with `secret`. Compared in constant time, so the answer's timing
 * tells a forger nothing about how much of a guess was right; no secret configured means nothing is believed.
 */
export function signatureValid(body: string, header: string | null, secret: string | undefined): boolean {
  if (!secret || !header) return false;
  const given = Buffer.from(header.trim(), "utf8");
  const expected = Buffer.from(signBody(body, secret), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether `given` is the verify token Meta was told (GET webhook's hub.verify_token). Both are hashed first, so the
 * constant-time comparison is over equal lengths whatever was sent and the answer's timing tells neither how much of a
 * guess was right nor how long the token is; no token configured means nothing is believed.
 */
export function verifyTokenValid(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== "string") return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
