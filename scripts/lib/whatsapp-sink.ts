import { createHash, createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parentPageHandler } from "./parent-page.ts";

/**
 * A loopback stand-in for Meta's WhatsApp Cloud API, for `pnpm demo` and tests: it takes `POST /{version}/{phone
 * number id}/messages` as Meta does (Bearer token, the same body, the same answers and error JSON), keeps what it
 * got, and calls the app's webhook back, signed with the app secret like Meta (X-Hub-Signature-256 over the raw
 * JSON), with the message's "sent", "delivered" and "read" statuses, to the number it was sent from (metadata's
 * phone_number_id), as Meta does: the app reads them in that number's school.
 *
 * It also plays the families: `send` (and the page `GET /parent`, parent-page.ts, with its JSON twin `POST
 * /parent/send`) posts a family's text or image to the webhook as Meta's `messages` notification, and serves an image's
 * bytes through the Cloud API's media endpoints (`GET /{media-id}` → its URL, `GET` that URL → the bytes, both with the
 * bearer token), as the app fetches a family's media.
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
  /** The school number a family writes to when none is named (WHATSAPP_PHONE_NUMBER_ID of the app). */
  phoneNumberId?: string;
  /** The numbers the parent page offers (the demo's guardians), read when the page asks. */
  contacts?: () => Promise<ParentContact[]>;
}

/** A family's number the parent page offers, and the school number it writes to. */
export interface ParentContact {
  number: string;
  name: string;
  school: string;
  phoneNumberId: string;
}

/** A family's message as a person (the parent page) or a test writes it. */
export interface ParentMessage {
  /** The family's number, in E.164 or international digits. */
  from: string;
  /** The WhatsApp profile name. */
  name?: string;
  text?: string;
  /** An image, kept by the sink under a new media id; `text` is its caption. */
  image?: { bytes: Buffer; mimeType: string };
  /** The school's number (Meta's phone_number_id); the sink's default when absent. */
  phoneNumberId?: string;
}

/** What a family sent through the sink, kept for the parent page's chat. */
export interface SentByParent {
  id: string;
  from: string;
  name: string | null;
  phoneNumberId: string;
  text: string | null;
  mediaId: string | null;
  at: string;
  /** The webhook's HTTP status (0: unreachable). */
  status: number;
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
  /** Sends the app a family's message (text or image) as Meta would; answers its wamid and the webhook's status. */
  send(message: ParentMessage): Promise<{ id: string; status: number }>;
  /** What families sent through the sink, oldest first. */
  sent(): SentByParent[];
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

interface Media {
  id: string;
  mimeType: string;
  bytes: Buffer;
  /** Hex SHA-256 of the bytes, as the notification and the media endpoint give it. */
  sha256: string;
}

/** A message id as Meta makes them. */
export const newWamid = () => `wamid.${randomBytes(24).toString("base64url")}`;

/**
 * Meta's `messages` notification for the school number `phoneNumberId`, as the raw JSON posted and its
 * X-Hub-Signature-256 (HMAC-SHA256 of those bytes with the app secret).
 */
export function signedNotification(appSecret: string, phoneNumberId: string, value: Json): { raw: string; signature: string } {
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
  return { raw, signature: `sha256=${createHmac("sha256", appSecret).update(raw, "utf8").digest("hex")}` };
}

/** The value of a family's message: its contact (profile name, wa_id) and the message, a text or a kept image. */
export function familyMessage(message: {
  from: string;
  name?: string | undefined;
  text?: string | undefined;
  id: string;
  image?: { id: string; mimeType: string; sha256: string } | null;
}): Json {
  const waId = message.from.replace(/^\+/, "");
  const body = message.image
    ? {
        type: "image",
        image: { id: message.image.id, mime_type: message.image.mimeType, sha256: message.image.sha256, ...(message.text ? { caption: message.text } : {}) },
      }
    : { type: "text", text: { body: message.text ?? "" } };
  return {
    contacts: [{ profile: { name: message.name ?? waId }, wa_id: waId }],
    messages: [{ from: waId, id: message.id, timestamp: String(Math.floor(Date.now() / 1000)), ...body }],
  };
}

function readJsonLines<T>(file: string): T[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

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
  const parentJournal = dir ? path.join(dir, "parents.jsonl") : null;
  const mediaDir = dir ? path.join(dir, "media") : null;
  if (mediaDir) fs.mkdirSync(mediaDir, { recursive: true });
  const fromParents: SentByParent[] = parentJournal && fs.existsSync(parentJournal) ? readJsonLines<SentByParent>(parentJournal) : [];
  const media = new Map<string, Media>();
  const defaultNumber = options.phoneNumberId ?? "demo-number";
  // Across a restart (the demo) only the journal remains: a message taken before it is still taken once.
  if (journal && fs.existsSync(journal)) {
    for (const kept of readJsonLines<SunkMessage>(journal)) {
      taken.push(kept);
      if (kept.key) byKey.set(kept.key, kept);
    }
  }

  /** An image a family sent: in memory, and under dir/media when the sink has a dir (the demo's survive a restart). */
  function keepMedia(bytes: Buffer, mimeType: string): Media {
    const id = String(BigInt(`0x${randomBytes(7).toString("hex")}`));
    const kept: Media = { id, mimeType, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
    media.set(id, kept);
    if (mediaDir) {
      fs.writeFileSync(path.join(mediaDir, id), bytes);
      fs.writeFileSync(path.join(mediaDir, `${id}.json`), JSON.stringify({ mimeType }));
    }
    return kept;
  }
  function mediaOf(id: string): Media | null {
    const held = media.get(id);
    if (held || !mediaDir || !/^\d+$/.test(id) || !fs.existsSync(path.join(mediaDir, `${id}.json`))) return held ?? null;
    const bytes = fs.readFileSync(path.join(mediaDir, id));
    const { mimeType } = JSON.parse(fs.readFileSync(path.join(mediaDir, `${id}.json`), "utf8")) as { mimeType: string };
    return { id, mimeType, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
  }

  /** A family's message, posted as Meta's `messages` notification: contacts (profile, wa_id) and the message. */
  async function send(message: ParentMessage): Promise<{ id: string; status: number }> {
    const waId = message.from.replace(/^\+/, "");
    const id = newWamid();
    const phoneNumberId = message.phoneNumberId ?? defaultNumber;
    const image = message.image ? keepMedia(message.image.bytes, message.image.mimeType) : null;
    const status = await notify(phoneNumberId, familyMessage({ ...message, id, image }));
    const kept: SentByParent = {
      id,
      from: `+${waId}`,
      name: message.name ?? null,
      phoneNumberId,
      text: message.text ?? null,
      mediaId: image?.id ?? null,
      at: new Date().toISOString(),
      status,
    };
    fromParents.push(kept);
    if (parentJournal) fs.appendFileSync(parentJournal, `${JSON.stringify(kept)}\n`);
    return { id, status };
  }

  /** Posts a notification to the app exactly as Meta does: the signature covers the bytes sent. */
  async function notify(phoneNumberId: string, value: Json, quiet = false): Promise<number> {
    if (!webhookUrl) return 0;
    const { raw, signature } = signedNotification(appSecret, phoneNumberId, value);
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

  /** Meta's media endpoints: `GET /{version}/{media-id}` (its URL) and `GET /media/{media-id}` (its bytes). */
  function answerMedia(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean {
    const meta = /^\/(?:v\d+(?:\.\d+)?\/)?(\d+)\/?$/.exec(pathname);
    const bytes = /^\/media\/(\d+)$/.exec(pathname);
    if (req.method !== "GET" || (!meta && !bytes)) return false;
    const reply = (status: number, body: Json) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
      reply(401, cloudError(190, "Invalid OAuth access token"));
      return true;
    }
    const kept = mediaOf((meta ?? bytes)![1]!);
    if (!kept) {
      reply(404, cloudError(100, "Unsupported get request", "no such media"));
      return true;
    }
    if (meta) {
      const { port } = server.address() as AddressInfo;
      reply(200, {
        messaging_product: "whatsapp",
        url: `http://127.0.0.1:${port}/media/${kept.id}`,
        mime_type: kept.mimeType,
        sha256: kept.sha256,
        file_size: kept.bytes.length,
        id: kept.id,
      });
    } else {
      res.writeHead(200, { "content-type": kept.mimeType, "content-length": kept.bytes.length });
      res.end(kept.bytes);
    }
    return true;
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

  const parentPage = parentPageHandler({ send, sent: () => fromParents, taken: () => taken, contacts: options.contacts, defaultNumber });
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://sink");
    if (answerMedia(req, res, pathname)) return;
    if (pathname === "/parent" || pathname.startsWith("/parent/")) {
      parentPage(req, res, pathname).catch((error: Error) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(error.message);
      });
      return;
    }
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
    receive: (from, text, phoneNumberId) => send({ from, name: from, text, phoneNumberId }),
    send,
    sent: () => [...fromParents],
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
