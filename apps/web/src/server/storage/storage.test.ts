import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { env } from "../env.ts";
import { fileUrl, verifyFileUrl } from "./storage.ts";

const KEY = "t1/admStaff/7/face-0123456789abcdef.png";

/** A link as the app signs it, with any expiry: what someone holding an old or leaked signature could present. */
function signedFor(expires: number): { exp: number; sig: string } {
  const sig = createHmac("sha256", env().AUTH_SECRET).update(`${KEY}\n${expires}`).digest("base64url");
  return { exp: expires, sig };
}

const parts = (url: string) => {
  const query = new URL(url, "http://x").searchParams;
  return { exp: Number(query.get("exp")), sig: query.get("sig")! };
};

describe("verifyFileUrl", () => {
  it("accepts the link fileUrl just made, and no other key or signature", () => {
    const { exp, sig } = parts(fileUrl(KEY)!);
    expect(verifyFileUrl(KEY, exp, sig)).toBe(true);
    expect(verifyFileUrl("t1/admStaff/8/face-0123456789abcdef.png", exp, sig)).toBe(false);
    expect(verifyFileUrl(KEY, exp, sig.slice(1))).toBe(false);
  });

  it("refuses an expired link", () => {
    const { exp, sig } = signedFor(Math.floor(Date.now() / 1000) - 1);
    expect(verifyFileUrl(KEY, exp, sig)).toBe(false);
  });

  it("refuses a link whose expiry lies further ahead than FILE_URL_TTL, past a minute of clock skew", () => {
    const now = Math.floor(Date.now() / 1000);
    const ttl = env().FILE_URL_TTL;
    const years = signedFor(now + 10 * 365 * 86_400);
    expect(verifyFileUrl(KEY, years.exp, years.sig)).toBe(false);
    const justPast = signedFor(now + ttl + 120);
    expect(verifyFileUrl(KEY, justPast.exp, justPast.sig)).toBe(false);
    const skewed = signedFor(now + ttl + 30);
    expect(verifyFileUrl(KEY, skewed.exp, skewed.sig)).toBe(true);
  });
});
