import { z } from "zod";

/**
 * The push services of the browsers people use (Chrome, Edge, Firefox, Safari and their kin). The server POSTs to a
 * subscription's endpoint, so an endpoint anywhere else would let any signed-in user aim the worker at an address of
 * their choosing (an internal service, another site).
 */
const PUSH_SERVICES = /(^|\.)(fcm\.googleapis\.com|android\.googleapis\.com|push\.services\.mozilla\.com|notify\.windows\.com|push\.apple\.com)$/;
/**
 * An endpoint as the push services mint it: https, a plain host name (ASCII letters, digits and hyphens in dotted
 * labels, no trailing dot), no credentials, the standard port 443, a printable path. A URL parser mends much else
 * (percent-encoded or full-width letters in the host, backslashes, missing slashes, tabs, `user@`, an empty port), and
 * the address it mends is not the text the whitelist read nor, in another parser, the host the worker would reach.
 */
const PLAIN_ENDPOINT = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:443)?\/[!-[\]-~]*$/i;

/** Base64url text, its padding tolerated. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * The bytes of base64url text (of BASE64URL), read as a decoder that ignores what does not make a whole byte: padding,
 * and a last character that carries fewer than eight bits. Without Node's Buffer: the browser shares these schemas.
 */
function base64urlBytes(text: string): Uint8Array {
  const base64 = text.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/");
  const whole = base64.length % 4 === 1 ? base64.slice(0, -1) : base64;
  return Uint8Array.from(atob(whole.padEnd(Math.ceil(whole.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
}

/** A key as PushSubscription.toJSON() gives it: base64url of `bytes` bytes (padding tolerated, not kept). */
const base64url = (max: number, valid: (bytes: Uint8Array) => boolean) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(BASE64URL)
    // Text of other characters is refused by the pattern already (its message comes first), and has no bytes to read.
    .refine((text) => BASE64URL.test(text) && valid(base64urlBytes(text)))
    .transform((text) => text.replace(/=+$/, ""));

/** The body of push/subscribe: a browser's PushSubscription as JSON (expirationTime and the like are ignored). */
export const ZPushSubscribe = z.object({
  // Checked as sent: z.url would trim it and drop tabs before any later check saw it.
  endpoint: z
    .string()
    .max(1000)
    .regex(PLAIN_ENDPOINT)
    .pipe(z.url({ protocol: /^https$/, hostname: PUSH_SERVICES })),
  keys: z.object({
    // An uncompressed P-256 point (RFC 8291 §3.1) and a 16-byte authentication secret.
    p256dh: base64url(100, (bytes) => bytes.length === 65 && bytes[0] === 0x04),
    auth: base64url(32, (bytes) => bytes.length === 16),
  }),
});
export type TPushSubscribe = z.infer<typeof ZPushSubscribe>;

/** The body of push/status and push/unsubscribe: this browser's subscription, by its endpoint. */
export const ZPushEndpoint = z.object({ endpoint: z.string().trim().min(1).max(1000) });
export type TPushEndpoint = z.infer<typeof ZPushEndpoint>;

/** GET push/key: the server's VAPID public key, which the browser subscribes with. */
export const ZPushKeyAnswer = z.object({ publicKey: z.string() });
export type TPushKeyAnswer = z.output<typeof ZPushKeyAnswer>;

/** POST push/subscribe, push/status and push/unsubscribe: whether this browser receives the caller's notifications here. */
export const ZPushStateAnswer = z.object({ on: z.boolean() });
export type TPushStateAnswer = z.output<typeof ZPushStateAnswer>;
