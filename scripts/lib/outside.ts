// The outside world of the demo on this machine: an SMTP catcher, a WhatsApp Cloud API stand-in and a payment sandbox
// speaking Stripe's protocol (Mercado Pago's when PAYMENT_PROVIDER=mercadopago) on loopback, and the worker that sends through them. `pnpm demo` starts them beside the web app so that a notification really
// leaves: mail lands under .data/mail as .eml files, WhatsApp messages in .data/whatsapp/whatsapp.jsonl, and the
// stand-in calls the app's signed webhook back with delivered and read.
import { type ChildProcess, spawn } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { ROOT } from "./database.ts";
import { type MailSink, startMailSink } from "./mail-sink.ts";
import { type MercadoPagoSink, startMercadoPagoSink } from "./mercadopago-sink.ts";
import { type PaymentSink, startPaymentSink } from "./payment-sink.ts";
import { BASE_ENV } from "./run.ts";
import { type ParentContact, startWhatsAppSink, type WhatsAppSink } from "./whatsapp-sink.ts";

const SECRETS_FILE = path.join(ROOT, ".data/outside-secrets.json");
/** The number the app sends from, and the one a family writes to unless it names another. */
const DEMO_PHONE_NUMBER_ID = "demo-number";

interface Secrets {
  appSecret: string;
  token: string;
  verifyToken: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** The payment sandbox's secret key and webhook signing secret (Stripe's sk_test_… and whsec_…). */
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** Mercado Pago's sandbox: its access token and its webhooks' secret signature. */
  mercadoPagoAccessToken: string;
  mercadoPagoWebhookSecret: string;
}

/** The demo's WhatsApp app secret and token and its VAPID key pair: made once, kept with its data (as the auth secret is). */
function demoSecrets(): Secrets {
  const stripe = () => ({ stripeSecretKey: `sk_test_${randomBytes(24).toString("hex")}`, stripeWebhookSecret: `whsec_${randomBytes(24).toString("hex")}` });
  const mercadoPago = () => ({
    mercadoPagoAccessToken: `TEST-${randomBytes(24).toString("hex")}`,
    mercadoPagoWebhookSecret: randomBytes(24).toString("hex"),
  });
  if (fs.existsSync(SECRETS_FILE)) {
    const kept = JSON.parse(fs.readFileSync(SECRETS_FILE, "utf8")) as Secrets;
    if (kept.stripeSecretKey && kept.mercadoPagoAccessToken) return kept;
    // Kept by a demo from before a payment sandbox: its other secrets stay, the missing sandbox's are added.
    const grown = { ...(kept.stripeSecretKey ? {} : stripe()), ...(kept.mercadoPagoAccessToken ? {} : mercadoPago()), ...kept };
    fs.writeFileSync(SECRETS_FILE, JSON.stringify(grown), { mode: 0o600 });
    return grown;
  }
  // A VAPID key pair is a P-256 key: the public key uncompressed, both base64url (what web-push generateVAPIDKeys makes).
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const secrets: Secrets = {
    appSecret: randomBytes(24).toString("hex"),
    token: randomBytes(24).toString("hex"),
    verifyToken: randomBytes(12).toString("hex"),
    vapidPublicKey: ecdh.getPublicKey().toString("base64url"),
    vapidPrivateKey: ecdh.getPrivateKey().toString("base64url"),
    ...stripe(),
    ...mercadoPago(),
  };
  fs.mkdirSync(path.dirname(SECRETS_FILE), { recursive: true });
  fs.writeFileSync(SECRETS_FILE, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export interface Outside {
  /** The variables the web app and the worker need to reach them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A port free now, for a server that starts a moment later (the worker's callback port). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * What is sent lands under `dir` (mail/*.eml, whatsapp/whatsapp.jsonl) when given. The demo keeps it under .data on
 * fixed ports (PIZARRA_SMTP_PORT, PIZARRA_WHATSAPP_PORT, PIZARRA_PAYMENTS_PORT, PIZARRA_CALLBACK_PORT); the tests keep
 * it with their reports, the bench nowhere, both on free ports. The stand-ins call Meta's and Stripe's webhooks back on
 * the worker's callback port (WORKER_CALLBACK_PORT, in the variables handed to the worker), their one way in, as
 * docker-compose.yml's proxy routes them.
 */
export async function startOutside(
  webPort: number,
  { dir, fixedPorts = false, contacts }: { dir?: string; fixedPorts?: boolean; contacts?: () => Promise<ParentContact[]> } = {},
): Promise<Outside & { mail: MailSink; whatsapp: WhatsAppSink; payments: PaymentSink; mercadoPago: MercadoPagoSink | null }> {
  const secrets = demoSecrets();
  const callbackPort = fixedPorts ? Number(process.env.PIZARRA_CALLBACK_PORT ?? 3902) : await freePort();
  const mail = await startMailSink({
    port: fixedPorts ? Number(process.env.PIZARRA_SMTP_PORT ?? 2525) : 0,
    ...(dir ? { dir: path.join(dir, "mail") } : {}),
  });
  const whatsapp = await startWhatsAppSink({
    port: fixedPorts ? Number(process.env.PIZARRA_WHATSAPP_PORT ?? 3901) : 0,
    webhookUrl: `http://127.0.0.1:${callbackPort}/api/whatsapp/webhook`,
    appSecret: secrets.appSecret,
    phoneNumberId: DEMO_PHONE_NUMBER_ID,
    ...(contacts ? { contacts } : {}),
    ...(dir ? { dir: path.join(dir, "whatsapp") } : {}),
  });
  const payments = await startPaymentSink({
    port: fixedPorts ? Number(process.env.PIZARRA_PAYMENTS_PORT ?? 3903) : 0,
    webhookUrl: `http://127.0.0.1:${callbackPort}/api/payments/stripe/webhook`,
    webhookSecret: secrets.stripeWebhookSecret,
    secretKey: secrets.stripeSecretKey,
    ...(dir ? { dir: path.join(dir, "payments") } : {}),
  });
  // Mercado Pago's sandbox only when the environment chooses it: the demo keeps Stripe's otherwise.
  const mercadoPago =
    process.env.PAYMENT_PROVIDER === "mercadopago"
      ? await startMercadoPagoSink({
          port: fixedPorts ? Number(process.env.PIZARRA_MERCADOPAGO_PORT ?? 3904) : 0,
          webhookUrl: `http://127.0.0.1:${callbackPort}/api/payments/mercadopago/webhook`,
          webhookSecret: secrets.mercadoPagoWebhookSecret,
          accessToken: secrets.mercadoPagoAccessToken,
          ...(dir ? { dir: path.join(dir, "payments") } : {}),
        })
      : null;
  return {
    mail,
    whatsapp,
    payments,
    mercadoPago,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${webPort}`,
      SMTP_URL: mail.url,
      WHATSAPP_API_URL: whatsapp.url,
      WHATSAPP_TOKEN: secrets.token,
      WHATSAPP_PHONE_NUMBER_ID: DEMO_PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: secrets.appSecret,
      WHATSAPP_VERIFY_TOKEN: secrets.verifyToken,
      WORKER_CALLBACK_PORT: String(callbackPort),
      VAPID_PUBLIC_KEY: secrets.vapidPublicKey,
      VAPID_PRIVATE_KEY: secrets.vapidPrivateKey,
      STRIPE_API_URL: payments.url,
      STRIPE_SECRET_KEY: secrets.stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret,
      ...(mercadoPago
        ? {
            PAYMENT_PROVIDER: "mercadopago",
            MERCADOPAGO_API_URL: mercadoPago.url,
            MERCADOPAGO_ACCESS_TOKEN: secrets.mercadoPagoAccessToken,
            MERCADOPAGO_WEBHOOK_SECRET: secrets.mercadoPagoWebhookSecret,
          }
        : {}),
    },
    close: async () => {
      await Promise.all([mail.close(), whatsapp.close(), payments.close(), mercadoPago?.close()]);
    },
  };
}

/**
 * The worker process (apps/web/src/server/worker.ts), on the given environment: one node process with tsx's loader
 * (not the tsx command, which runs the worker in a child), so that its pid is the worker's own. Detached, in a session
 * of its own, so that it can yield the processor to the web app for real (server/processor.ts); the callers stop it.
 */
export function startWorker(env: Record<string, string>): ChildProcess {
  // Node 24's V8 grows the young generation further than Node 20's did: the worker's peak memory during a send rose by
  // a third with no gain that matters. The semi-space of Node 20 keeps it where it was (docker-compose.yml: the same).
  const worker = spawn(process.execPath, ["--max-semi-space-size=16", "--import", "tsx", "apps/web/src/server/worker.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
    // Its warnings and errors show, whatever the process that starts it logs (a Vitest run logs nothing of its own).
    env: { ...process.env, ...BASE_ENV, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
  });
  // A caller that ends on an error does not leave the worker behind, polling a database that is gone.
  process.once("exit", () => worker.kill("SIGKILL"));
  return worker;
}
