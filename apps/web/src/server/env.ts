import { createPrivateKey, randomBytes } from "node:crypto";
import { z } from "zod";
import { LOG_LEVELS } from "./log.mjs";
import { parseTrustedProxies } from "./net/client-address.ts";

/**
 * Token secrets that anyone can read in this repository or its history: a product signing with one of them would
 * accept tokens minted by anyone, so no environment ever starts with one.
 */
const PUBLISHED_SECRETS = new Set(["pizarra-development-secret-change-me-0000", "change-me-to-a-long-random-string-of-32-chars-or-more"]);

/** An unset or empty variable is absent. */
const optionalText = z
  .string()
  .optional()
  .transform((text) => text || undefined);

/** A TCP port, or absent when unset or empty. */
const optionalPort = optionalText.pipe(z.coerce.number<string>().int().min(1).max(65_535).optional());

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The least severe lines written (JSON, one a line, on standard output): info writes a line a request; silent none. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  /**
   * Prometheus metrics (GET /metrics) on a port of their own, apart from the app's, for the scraper only: the web app's
   * on METRICS_PORT, the worker's on WORKER_METRICS_PORT. Unset: no metrics are served.
   */
  METRICS_PORT: optionalPort,
  WORKER_METRICS_PORT: optionalPort,
  /** The address the metrics ports listen on: loopback unless the scraper runs elsewhere (0.0.0.0 in a container). */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z.string().min(1),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Unset or empty: production refuses to start; development and tests get a random secret per process. */
  AUTH_SECRET: z
    .string()
    .optional()
    .transform((text) => text || undefined)
    .pipe(z.string().min(32).optional()),
  /** Token lifetime, in jose's notation: "12h", "30m", "7d". */
  AUTH_TOKEN_TTL: z
    .string()
    .regex(/^\d+\s*(s|m|h|d)$/)
    .default("12h"),
  /** Absolute age of a session (from the password being typed), in the same notation; renewal is refused past it. */
  AUTH_SESSION_MAX_AGE: z
    .string()
    .regex(/^\d+\s*(s|m|h|d)$/)
    .default("7d")
    .transform((text) => Number.parseInt(text, 10) * { s: 1, m: 60, h: 3600, d: 86_400 }[text.trim().slice(-1) as "s" | "m" | "h" | "d"]),
  /** Consecutive failures before an account or address is slowed down. */
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FREE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /**
   * Comma-separated addresses and CIDR ranges of the proxies in front of the app, whose X-Forwarded-For hops are
   * believed (net/client-address.ts). Empty: no forwarded header is believed, the TCP peer is the caller.
   */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((list, ctx) => {
      try {
        return parseTrustedProxies(list);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Where uploaded files are kept: `local` (STORAGE_DIR, one machine) or `s3` (a bucket every app instance shares). */
  STORAGE_DRIVER: z.enum(["local", "s3"], { error: 'STORAGE_DRIVER must be "local" or "s3"' }).default("local"),
  /** Where uploaded files are kept by the local-disk storage (the default storage). */
  STORAGE_DIR: z.string().min(1).default(".data/storage"),
  /** The S3-compatible store: unset endpoint is AWS S3 itself; MinIO and most others need path-style addressing. */
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s) URL such as http://minio:9000" }).optional()),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: optionalText,
  /** Both or neither: unset, the SDK's own chain is used (an instance role, AWS_PROFILE, the AWS_* variables). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText
    .pipe(z.enum(["true", "false"], { error: 'S3_FORCE_PATH_STYLE must be "true" or "false"' }).optional())
    .transform((flag) => flag === "true"),
  /** How long a signed file link stays valid, in seconds. */
  FILE_URL_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** The address families' links point at (justify an absence, unsubscribe): this server as the outside world reaches it. */
  PUBLIC_URL: z.url().default("http://127.0.0.1:3000"),
  /** E-mail: an SMTP URL (smtp://user:pass@host:587, smtps://… for implicit TLS). Unset: e-mail is not offered. */
  SMTP_URL: optionalText.pipe(z.url().optional()),
  /** The From of every e-mail ("Colegio <no-reply@school.example>"). */
  MAIL_FROM: z.string().default("Pizarra <no-reply@pizarra.local>"),
  /**
   * DKIM: the signing domain, the selector whose DNS TXT record (<selector>._domainkey.<domain>) holds the public key,
   * and the RSA private key (PEM; `\n` for its line breaks where the environment takes one line). All three or none.
   */
  DKIM_DOMAIN: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "DKIM_DOMAIN must be a domain name such as school.example")
      .optional(),
  ),
  DKIM_SELECTOR: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i, "DKIM_SELECTOR must be a DNS label such as pizarra2026")
      .optional(),
  ),
  DKIM_PRIVATE_KEY: optionalText.transform((pem) => pem?.replaceAll("\\n", "\n")),
  /** WhatsApp Cloud API: base URL (Meta's, or a sink speaking the same protocol), token and sending number's id. */
  WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  /** The app secret that signs webhook calls (X-Hub-Signature-256) and the token of the webhook's verify challenge. */
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  /**
   * The approved WhatsApp *authentication* template (copy-code button) sign-in and registration PINs go in, in es and
   * en (002 §4): its name; the language is the person's.
   */
  WHATSAPP_PIN_TEMPLATE: z.string().trim().min(1).default("pizarra_pin"),
  /**
   * An OpenAI-compatible chat-completions API (OpenAI's https://api.openai.com/v1, a local server, or a stand-in
   * speaking the same protocol): base URL, key and model. AI help is offered only when the base URL and the model are
   * set; the key may be empty for a server that needs none.
   */
  AI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "AI_BASE_URL must be an http(s) URL such as https://api.openai.com/v1" }).optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  /** How long one call to the model may take, in milliseconds, before the caller hands over. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  /**
   * Online payments through Stripe Checkout (request2pay, 001 §7): the API's base URL (Stripe's, or a sandbox speaking
   * the same protocol), the secret key, and the webhook's signing secret (whsec_…, Stripe-Signature). Online payments
   * are offered only when both the key and the signing secret are set.
   */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: "STRIPE_API_URL must be an http(s) URL such as https://api.stripe.com" })
    .default("https://api.stripe.com"),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /**
   * Which provider a school's online payments go through (issue §5's two: Stripe Checkout, Mercado Pago Checkout Pro).
   * Each is on only with its own keys; the webhook of a provider whose keys are set is answered whichever is chosen, so
   * that what was paid through one before a switch (a cash voucher settling days later) is still registered.
   */
  PAYMENT_PROVIDER: z.enum(["stripe", "mercadopago"], { error: "PAYMENT_PROVIDER must be stripe or mercadopago" }).default("stripe"),
  /**
   * Mercado Pago Checkout Pro: the API's base URL (Mercado Pago's, or a sandbox speaking the same protocol), the access
   * token (APP_USR-… or TEST-…), and the webhooks' secret signature (x-signature, from "Your integrations").
   */
  MERCADOPAGO_API_URL: z
    .url({ protocol: /^https?$/, error: "MERCADOPAGO_API_URL must be an http(s) URL such as https://api.mercadopago.com" })
    .default("https://api.mercadopago.com"),
  MERCADOPAGO_ACCESS_TOKEN: optionalText,
  MERCADOPAGO_WEBHOOK_SECRET: optionalText,
  /** How long an attendance alert's justification link works, in days. */
  JUSTIFY_LINK_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** Web Push (VAPID): the key pair (web-push generate-vapid-keys) and a contact (mailto: or https:). */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: z.string().default("mailto:admin@pizarra.local"),
  /**
   * Messages a worker takes from the queue at once and sends side by side (each waits on its provider). The queue is
   * polled at most every half second, so this also bounds a worker's rate: 100 → up to 200 messages a second.
   */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(100),
  /** How long a worker holds a message it is sending; past it (the worker died mid-send) another worker takes it again. */
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** How long a send that failed for now (a mail server's "try later", a provider's overload) waits before its first retry. */
  WORKER_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * The pace of a worker's sends on each channel, per second: Meta's default throughput for a WhatsApp number is 80
   * messages a second, and a steady pace leaves the database and processor to the staff using the app while a
   * notification goes out.
   */
  WORKER_SENDS_PER_SECOND: z.coerce.number().min(1).max(1000).default(80),
  /**
   * The port on which the worker answers the providers' callbacks (Meta's webhook, GET and POST /api/whatsapp/webhook),
   * their one way in, so that they take nothing of the web app's thread: point the provider, or the reverse proxy's
   * rule for that path, at it. Unset, this worker answers none (the web app never does).
   */
  WORKER_CALLBACK_PORT: optionalPort,
  /** The address the worker's callback port listens on: 0.0.0.0 in a container behind the reverse proxy. */
  WORKER_CALLBACK_HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * How often a worker records that it is alive (a row of WorkerHeartbeat). GET ready answers 503 when no worker has
   * for four of these: a worker that stopped taking jobs leaves every message unsent.
   */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
});

/** nodemailer signs with RSA only, and sends a mail unsigned when the key does not sign: refused at boot instead. */
function isRsaKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "rsa";
  } catch {
    return false;
  }
}

/** Settings that only work together: refused at boot, naming the variable to set. */
const ZCheckedEnv = ZEnv.superRefine((vars, ctx) => {
  if (vars.STORAGE_DRIVER === "s3" && !vars.S3_BUCKET) {
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "STORAGE_DRIVER=s3 needs the bucket's name in S3_BUCKET" });
  }
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither" });
  }
  const dkim = [vars.DKIM_DOMAIN, vars.DKIM_SELECTOR, vars.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    ctx.addIssue({ code: "custom", path: ["DKIM_PRIVATE_KEY"], message: "set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together, or none" });
  } else if (vars.DKIM_PRIVATE_KEY && !isRsaKey(vars.DKIM_PRIVATE_KEY)) {
    ctx.addIssue({ code: "custom", path: ["DKIM_PRIVATE_KEY"], message: "DKIM_PRIVATE_KEY must be an RSA private key in PEM (-----BEGIN PRIVATE KEY-----)" });
  }
});

export type Env = Omit<z.infer<typeof ZEnv>, "AUTH_SECRET"> & { AUTH_SECRET: string };

let cached: Env | undefined;

/**
 * The only reader of process.env in the app; validated once. instrumentation.ts calls it at boot, so a production
 * server with a bad configuration exits before it answers anything.
 */
export function env(): Env {
  if (cached) return cached;
  const parsed = ZCheckedEnv.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const { AUTH_SECRET: secret, ...rest } = parsed.data;
  if (secret && PUBLISHED_SECRETS.has(secret)) {
    throw new Error("AUTH_SECRET is a value published in the Pizarra repository; set a private one (openssl rand -hex 48).");
  }
  if (!secret && rest.NODE_ENV === "production") {
    throw new Error("AUTH_SECRET must be set to a private value of 32 characters or more in production.");
  }
  cached = { ...rest, AUTH_SECRET: secret ?? randomSecret() };
  return cached;
}

/** Without a configured secret, development and tests sign with one that dies with the process: none is shared. */
function randomSecret(): string {
  return randomBytes(48).toString("hex");
}
