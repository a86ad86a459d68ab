import { afterEach, describe, expect, it, vi } from "vitest";

describe("env", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("refuses to run in production with the development token secret", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgresql://x@127.0.0.1/x");
    vi.stubEnv("AUTH_SECRET", "");
    vi.stubEnv("ALLOW_DEV_SECRET", "0");
    delete process.env.AUTH_SECRET;
    const { env } = await import("./env.ts");
    expect(() => env()).toThrow(/AUTH_SECRET must be set/);
  });

  it("refuses a short secret and a malformed token lifetime", async () => {
    vi.stubEnv("DATABASE_URL", "postgresql://x@127.0.0.1/x");
    vi.stubEnv("AUTH_SECRET", "short");
    vi.stubEnv("AUTH_TOKEN_TTL", "forever");
    const { env } = await import("./env.ts");
    expect(() => env()).toThrow(/AUTH_SECRET.*AUTH_TOKEN_TTL|AUTH_TOKEN_TTL.*AUTH_SECRET/);
  });
});
