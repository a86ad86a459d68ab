import { z } from "zod";

const DEV_SECRET = "pizarra-development-secret-change-me-0000";

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  AUTH_SECRET: z.string().min(32).default(DEV_SECRET),
  /** Token lifetime, in jose's notation: "12h", "30m", "7d". */
  AUTH_TOKEN_TTL: z.string().regex(/^\d+\s*(s|m|h|d)$/).default("12h"),
  /** Consecutive failures before an account or address is slowed down. */
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FREE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** Set when a proxy that sets X-Forwarded-For stands in front of the app (the demo's next start does). */
  TRUST_PROXY: z.enum(["0", "1"]).default("1"),
  /** Where uploaded files are kept by the local-disk storage (the default storage). */
  STORAGE_DIR: z.string().min(1).default(".data/storage"),
  /** How long a signed file link stays valid, in seconds. */
  FILE_URL_TTL: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
  /** Set by tests and the demo when they run the production build locally with the development secret. */
  ALLOW_DEV_SECRET: z.enum(["0", "1"]).default("0"),
});

export type Env = z.infer<typeof ZEnv>;

let cached: Env | undefined;

/** The only reader of process.env in the app; validated once, so a misconfiguration fails at the first request. */
export function env(): Env {
  if (cached) return cached;
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.AUTH_SECRET === DEV_SECRET && parsed.data.ALLOW_DEV_SECRET !== "1") {
    throw new Error("AUTH_SECRET must be set to a private value of 32 characters or more in production.");
  }
  cached = parsed.data;
  return cached;
}
