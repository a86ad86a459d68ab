import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

const PUBLISHED = ["pizarra-development-secret-change-me-0000", "change-me-to-a-long-random-string-of-32-chars-or-more"];

async function freshEnv(vars: Record<string, string | undefined>) {
  vi.stubEnv("DATABASE_URL", "postgresql://x@127.0.0.1/x");
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import("./env.ts")).env;
}

describe("env", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("refuses to run in production without a token secret", async () => {
    for (const missing of [undefined, ""]) {
      const env = await freshEnv({ NODE_ENV: "production", AUTH_SECRET: missing });
      expect(() => env()).toThrow(/AUTH_SECRET must be set/);
    }
  });

  it("refuses every secret published in the repository, in production and everywhere else", async () => {
    for (const NODE_ENV of ["production", "development", "test"]) {
      for (const secret of PUBLISHED) {
        const env = await freshEnv({ NODE_ENV, AUTH_SECRET: secret });
        expect(() => env()).toThrow(/AUTH_SECRET is a value published in the Pizarra repository/);
      }
    }
  });

  it("has no switch that lets production use a published secret", async () => {
    const env = await freshEnv({ NODE_ENV: "production", AUTH_SECRET: PUBLISHED[0], ALLOW_DEV_SECRET: "1" });
    expect(() => env()).toThrow(/published/);
  });

  it("uses a private secret in production, and a random one per process in development and tests", async () => {
    const secret = "a".repeat(16) + "b".repeat(16);
    expect((await freshEnv({ NODE_ENV: "production", AUTH_SECRET: secret }))().AUTH_SECRET).toBe(secret);
    const first = (await freshEnv({ NODE_ENV: "test", AUTH_SECRET: undefined }))().AUTH_SECRET;
    const second = (await freshEnv({ NODE_ENV: "development", AUTH_SECRET: "" }))().AUTH_SECRET;
    expect(first).toMatch(/^[0-9a-f]{96}$/);
    expect(second).toMatch(/^[0-9a-f]{96}$/);
    expect(second).not.toBe(first);
    expect(PUBLISHED).not.toContain(first);
  });

  it("refuses a short secret and a malformed token lifetime", async () => {
    const env = await freshEnv({ AUTH_SECRET: "short", AUTH_TOKEN_TTL: "forever" });
    expect(() => env()).toThrow(/AUTH_SECRET.*AUTH_TOKEN_TTL|AUTH_TOKEN_TTL.*AUTH_SECRET/);
  });

  it("reads the worker's callback port as absent when unset or empty, and refuses one that is no port", async () => {
    for (const unset of [undefined, ""]) expect((await freshEnv({ WORKER_CALLBACK_PORT: unset }))().WORKER_CALLBACK_PORT).toBeUndefined();
    expect((await freshEnv({ WORKER_CALLBACK_PORT: "3002" }))()).toMatchObject({ WORKER_CALLBACK_PORT: 3002, WORKER_CALLBACK_HOST: "127.0.0.1" });
    for (const bad of ["0", "70000", "web"]) expect(await freshEnv({ WORKER_CALLBACK_PORT: bad })).toThrow(/WORKER_CALLBACK_PORT/);
  });

  it("reads TRUSTED_PROXIES as addresses and ranges, trusts none by default, and refuses anything else", async () => {
    expect((await freshEnv({ TRUSTED_PROXIES: undefined }))().TRUSTED_PROXIES).toEqual([]);
    expect((await freshEnv({ TRUSTED_PROXIES: "10.0.0.0/8, ::1" }))().TRUSTED_PROXIES).toHaveLength(2);
    const bad = await freshEnv({ TRUSTED_PROXIES: "10.0.0.0/8,proxy.internal" });
    expect(() => bad()).toThrow(/TRUSTED_PROXIES: not an address or CIDR range: proxy.internal/);
  });

  it("signs mail with DKIM when its domain, selector and RSA key are all given, and refuses a part of them or another key", async () => {
    const pem = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const dkim = { DKIM_DOMAIN: "colegio.test", DKIM_SELECTOR: "pizarra2026", DKIM_PRIVATE_KEY: pem };
    const unsigned = (await freshEnv({}))();
    expect([unsigned.DKIM_DOMAIN, unsigned.DKIM_SELECTOR, unsigned.DKIM_PRIVATE_KEY]).toEqual([undefined, undefined, undefined]);
    expect((await freshEnv(dkim))()).toMatchObject(dkim);
    // One line in the environment, its breaks written \n.
    expect((await freshEnv({ ...dkim, DKIM_PRIVATE_KEY: pem.replaceAll("\n", "\\n") }))().DKIM_PRIVATE_KEY).toBe(pem);
    for (const missing of ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"]) {
      expect(await freshEnv({ ...dkim, [missing]: "" })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together/);
    }
    const ed25519 = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    for (const key of [
      "not a key",
      ed25519,
      generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString(),
    ]) {
      expect(await freshEnv({ ...dkim, DKIM_PRIVATE_KEY: key })).toThrow(/DKIM_PRIVATE_KEY must be an RSA private key/);
    }
    expect(await freshEnv({ ...dkim, DKIM_DOMAIN: "not a domain" })).toThrow(/DKIM_DOMAIN must be a domain name/);
    expect(await freshEnv({ ...dkim, DKIM_SELECTOR: "a b" })).toThrow(/DKIM_SELECTOR must be a DNS label/);
  });
});
