import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * A loopback stand-in for Meta's WhatsApp Cloud API, for `pnpm demo` and tests: it takes `POST /{version}/{phone
 * number id}/messages` as Meta does (Bearer token, the same body, the same answers and error JSON), keeps what it
 * got, and calls the app's webhook back, signed with the app secret like Meta (X-Hub-Signature-256 over the raw
 * JSON), with the message's "sent", "delivered" and "read" statuses, to the number it was sent from (metadata's
 * phone_number_id), as Meta does: the app reads them in that number's school.
 */
export interface WhatsAppSinkOptions {
  /** 0 takes a free port. */
  port: number;
  /** The app's webhook (…/api/whatsapp/webhook); null: no callbacks. */
  webhookUrl: string | null;
  appSecret: string;
  /** Where whatsapp.jsonl (one line per message taken) is appended. */
  dir?: string;
  /**
   * When the "sent", "delivered" and "read" callbacks go, in milliseconds after the answer; "sent" waits a little, as
   * Meta's does, so that the sender has written the message's id before its first status arrives.
   */
  delays?: { sent: number; delivered: number; read: number };
}

/** One message as the sink took it. */
export interface SunkMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  type: "template" | "text";
  template: { name: string; language: string; params: string[] } | null;
  text: string | null;
  key: string | null;
  at: string;
  body: Record<string, unknown>;
}

export interface WhatsAppSink {
  /** The base URL to configure as WHATSAPP_API_URL (with a version, as Meta's). */
  url: string;
  port: number;
  messages(): SunkMessage[];
  /**
   * Sends the app a family's message, as Meta would (signed): `from` in international digits, to the school's number
   * `phoneNumberId` (Meta's metadata.phone_number_id: the app reads the message in the school whose number it is).
   */
  receive(from: string, text: string, phoneNumberId: string): Promise<{ id: string; status: number }>;
  /** Makes every send to `to` fail: with Meta's error JSON for that HTTP status and code, or by hanging up. */
  script(to: string, failure: ScriptedFailure | "hang-up"): void;
  close(): Promise<void>;
}

export interface ScriptedFailure {
  status: number;
  code: number;
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Meta's error answer: `{ error: { message, type, code, error_data, fbtrace_id } }`. */
function cloudError(code: number, message: string, details = message): Json {
  return {
    error: {
      message: `(#${code}) ${message}`,
      type: "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details },
      fbtrace_id: randomBytes(8).toString("hex"),
    },
  };
}

/** What is wrong with a message body, as Meta would refuse it (code 100, invalid parameter), or null. */
function shapeProblem(body: Json): string | null {
  if (body.messaging_product !== "whatsapp") return "messaging_product must be whatsapp";
  if (typeof body.to !== "string") return "to is required";
  if (body.type === "text") {
    return isObject(body.text) && typeof body.text.body === "string" && body.text.body.length > 0 ? null : "text.body is required";
  }
  if (body.type !== "template") return `unsupported type ${String(body.type)}`;
  const t = body.template;
  if (!isObject(t) || typeof t.name !== "string" || !t.name) return "template.name is required";
  if (!isObject(t.language) || typeof t.language.code !== "string") return "template.language.code is required";
  const components = t.components ?? [];
  if (!Array.isArray(components)) return "template.components must be an array";
  for (const c of components) {
    if (!isObject(c) || typeof c.type !== "string" || !Array.isArray(c.parameters ?? [])) return "template.components is not valid";
    for (const p of (c.parameters ?? []) as unknown[]) {
      if (!isObject(p) || p.type !== "text" || typeof p.text !== "string") return "template parameters must be of type text";
      // Meta's own rule for a text parameter: one line, no tab, at most four spaces in a row, not empty.
      if (/[\n\r\t]| {5}/.test(p.text)) return "Param text cannot have new-line/tab characters or more than 4 consecutive spaces";
      if (!p.text.trim()) return "Param text cannot be empty";
    }
  }
  return null;
}

const paramsOf = (template: Json): string[] =>
  ((template.components ?? []) as Json[]).filter((c) => c.type === "body").flatMap((c) => (c.parameters as Json[]).map((p) => p.text as string));

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startWhatsAppSink(options: WhatsAppSinkOptions): Promise<WhatsAppSink> {
  const { webhookUrl, appSecret, dir } = options;
  const delays = options.delays ?? { sent: 100, delivered: 300, read: 1500 };
  const scripted = new Map<string, ScriptedFailure | "hang-up">();
  const taken: SunkMessage[] = [];
  const byKey = new Map<string, SunkMessage>();
  const timers = new Set<NodeJS.Timeout>();
  const journal = dir ? path.join(dir, "whatsapp.jsonl") : null;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // Across a restart (the demo) only the journal remains: a message taken before it is still taken once.
  if (journal && fs.existsSync(journal)) {
    for (const line of fs.readFileSync(journal, "utf8").split("\n").filter(Boolean)) {
      const kept = JSON.parse(line) as SunkMessage;
      taken.push(kept);
      if (kept.key) byKey.set(kept.key, kept);
    }
  }

  /** Posts a notification to the app exactly as Meta does: the signature covers the bytes sent. */
  async function notify(phoneNumberId: string, value: Json, quiet = false): Promise<number> {
    if (!webhookUrl) return 0;
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "sink-waba",
          changes: [
            {
              field: "messages",
              value: { messaging_product: "whatsapp", metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId }, ...value },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", appSecret).update(raw, "utf8").digest("hex")}`;
    try {
      const res = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: raw });
      await res.arrayBuffer();
      if (!res.ok && !quiet) console.warn(`WhatsApp sink: the webhook answered ${res.status}`);
      return res.status;
    } catch (error) {
      // The app may be restarting (demo) or gone (a test that ended): Meta would retry later; the sink just says so.
      if (!quiet) console.warn(`WhatsApp sink: the webhook is unreachable: ${(error as Error).message}`);
      return 0;
    }
  }

  function statusLater(message: SunkMessage, status: "sent" | "delivered" | "read", delay: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const timestamp = String(Math.floor(Date.now() / 1000));
      void deliver(message.phoneNumberId, {
        statuses: [
          { id: message.id, status, timestamp, recipient_id: message.to.replace(/^\+/, ""), ...(message.key ? { biz_opaque_callback_data: message.key } : {}) },
        ],
      });
    }, delay);
    timers.add(timer);
  }

  /** As Meta does, a callback the app did not take (no answer, or not 2xx) is posted again later: 1 s, 2 s, 4 s … 5 times. */
  async function deliver(phoneNumberId: string, value: Json, attempt = 0): Promise<void> {
    const status = await notify(phoneNumberId, value, attempt < 5);
    if ((status >= 200 && status < 300) || attempt >= 5 || !webhookUrl) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void deliver(phoneNumberId, value, attempt + 1);
      },
      1000 * 2 ** attempt,
    );
    timers.add(timer);
  }

  /** Meta's answer to a call, or null when the connection was dropped on purpose. */
  async function answer(req: http.IncomingMessage): Promise<{ status: number; body: Json } | null> {
    const route = /^\/(?:v\d+(?:\.\d+)?\/)?([^/]+)\/messages\/?$/.exec(new URL(req.url ?? "/", "http://sink").pathname);
    if (req.method !== "POST" || !route) return { status: 404, body: cloudError(100, "Unsupported request", `no such call: ${req.method} ${req.url}`) };
    if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) return { status: 401, body: cloudError(190, "Invalid OAuth access token") };
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return { status: 400, body: cloudError(100, "Invalid parameter", "the body is not JSON") };
    }
    if (!isObject(body)) return { status: 400, body: cloudError(100, "Invalid parameter", "the body is not an object") };
    const problem = shapeProblem(body);
    if (problem) return { status: 400, body: cloudError(100, "Invalid parameter", problem) };
    // Meta takes the number in E.164 ("+51987000001") or as its bare international digits, and answers its wa_id.
    const to = body.to as string;
    const waId = to.replace(/^\+/, "");
    const failure = scripted.get(to);
    if (failure === "hang-up") {
      req.socket.destroy();
      return null;
    }
    if (failure) return { status: failure.status, body: cloudError(failure.code, failure.message) };
    if (!/^\+?\d{8,}$/.test(to))
      return { status: 400, body: cloudError(131009, "Parameter value is not valid", `"${to}" is not a phone number in international digits`) };
    if (waId.startsWith("000")) return { status: 400, body: cloudError(131026, "Message undeliverable", "the number is not on WhatsApp") };
    const key = typeof body.biz_opaque_callback_data === "string" ? body.biz_opaque_callback_data : null;
    // The same ledger row sent again (a retried job whose answer was lost) is kept once and keeps its id.
    const again = key ? byKey.get(key) : undefined;
    if (again) return { status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: waId }], messages: [{ id: again.id }] } };
    const template = body.type === "template" ? (body.template as Json) : null;
    const message: SunkMessage = {
      id: `wamid.${randomBytes(24).toString("base64url")}`,
      phoneNumberId: decodeURIComponent(route[1]!),
      to,
      type: body.type as "template" | "text",
      template: template ? { name: template.name as string, language: (template.language as Json).code as string, params: paramsOf(template) } : null,
      text: body.type === "text" ? ((body.text as Json).body as string) : null,
      key,
      at: new Date().toISOString(),
      body,
    };
    taken.push(message);
    if (key) byKey.set(key, message);
    if (journal) fs.appendFileSync(journal, `${JSON.stringify(message)}\n`);
    statusLater(message, "sent", delays.sent);
    statusLater(message, "delivered", delays.delivered);
    statusLater(message, "read", delays.read);
    return { status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: waId }], messages: [{ id: message.id }] } };
  }

  const server = http.createServer((req, res) => {
    answer(req)
      .catch((error: Error) => ({ status: 500, body: cloudError(131000, "Something went wrong", error.message) }))
      .then((reply) => {
        if (!reply) return;
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.body));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    port,
    messages: () => [...taken],
    async receive(from, text, phoneNumberId) {
      const id = `wamid.${randomBytes(24).toString("base64url")}`;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const status = await notify(phoneNumberId, {
        contacts: [{ profile: { name: from }, wa_id: from }],
        messages: [{ from, id, timestamp, type: "text", text: { body: text } }],
      });
      return { id, status };
    },
    script(to, failure) {
      scripted.set(to, failure);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
