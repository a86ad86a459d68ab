// "Write as a parent": the WhatsApp stand-in's page (GET /parent) where a person plays a family: picks or types a
// number, a profile name and a message or an image, and sends it to the school's number; the sink posts it to the
// app's webhook as Meta would. Below, that number's chat: what the family sent and what the school sent to it (the
// sink's own records), read again every few seconds. A developer's stand-in, not the product: plain HTML, a script
// file of its own (no inline script), English and Spanish by a switch.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import type { ParentContact, ParentMessage, SentByParent, SunkMessage } from "./whatsapp-sink.ts";

/** WhatsApp's own limit on an image. */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A JSON body with an image in base64 (a third larger), and its few fields. */
const BODY_MAX_BYTES = IMAGE_MAX_BYTES * 1.4 + 16_384;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

const TEXTS = {
  en: {
    title: "Write as a parent",
    intro: "Send the school's WhatsApp number a message as a family would; the assistant or the staff answer below.",
    number: "Family's number",
    numberHelp: "Pick one of the demo's guardians or type a number in international form (+51…).",
    pick: "Demo guardians",
    typed: "Or type a number",
    school: "School number",
    name: "WhatsApp profile name",
    message: "Message",
    image: "Image (optional)",
    send: "Send",
    chat: "Chat with the school",
    empty: "No messages with this number yet.",
    parent: "Family",
    school_: "School",
    sent: "Sent",
    failed: "The webhook did not take it (status {status}).",
    refused: "Could not send: {reason}",
    other: "Español",
    template: "Template",
  },
  es: {
    title: "Escribir como apoderado",
    intro: "Envía un mensaje al WhatsApp del colegio como lo haría una familia; abajo responde el asistente o el personal.",
    number: "Número de la familia",
    numberHelp: "Elige uno de los apoderados de la demo o escribe un número en formato internacional (+51…).",
    pick: "Apoderados de la demo",
    typed: "O escribe un número",
    school: "Número del colegio",
    name: "Nombre del perfil de WhatsApp",
    message: "Mensaje",
    image: "Imagen (opcional)",
    send: "Enviar",
    chat: "Chat con el colegio",
    empty: "Aún no hay mensajes con este número.",
    parent: "Familia",
    school_: "Colegio",
    sent: "Enviado",
    failed: "El webhook no lo aceptó (estado {status}).",
    refused: "No se pudo enviar: {reason}",
    other: "English",
    template: "Plantilla",
  },
} as const;
type Lang = keyof typeof TEXTS;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(lang: Lang, contacts: ParentContact[], defaultNumber: string): string {
  const t = TEXTS[lang];
  const e = (key: keyof typeof t) => escapeHtml(t[key]);
  const schools = new Map<string, string>([[defaultNumber, defaultNumber]]);
  for (const c of contacts) schools.set(c.phoneNumberId, `${c.school} (${c.phoneNumberId})`);
  const options = contacts
    .map(
      (c) =>
        `<option value="${escapeHtml(c.number)}" data-name="${escapeHtml(c.name)}" data-school="${escapeHtml(c.phoneNumberId)}">${escapeHtml(`${c.name} · ${c.number} · ${c.school}`)}</option>`,
    )
    .join("");
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e("title")} · WhatsApp stand-in</title>
<link rel="stylesheet" href="/parent/style.css">
<script src="/parent/app.js" defer></script>
</head>
<body data-texts="${escapeHtml(JSON.stringify(t))}">
<main>
<header><h1>${e("title")}</h1><a href="/parent?lang=${lang === "es" ? "en" : "es"}" lang="${lang === "es" ? "en" : "es"}">${e("other")}</a></header>
<p>${e("intro")}</p>
<form id="send" novalidate>
  ${contacts.length ? `<label for="pick">${e("pick")}</label><select id="pick"><option value=""></option>${options}</select>` : ""}
  <label for="from">${contacts.length ? e("typed") : e("number")}</label>
  <input id="from" name="from" type="tel" inputmode="tel" autocomplete="off" required aria-describedby="from-help" placeholder="+51987000000">
  <p id="from-help" class="help">${e("numberHelp")}</p>
  <label for="to">${e("school")}</label>
  <select id="to" name="phoneNumberId">${[...schools].map(([id, label]) => `<option value="${escapeHtml(id)}">${escapeHtml(label)}</option>`).join("")}</select>
  <label for="name">${e("name")}</label>
  <input id="name" name="name" autocomplete="off">
  <label for="text">${e("message")}</label>
  <textarea id="text" name="text" rows="3"></textarea>
  <label for="image">${e("image")}</label>
  <input id="image" name="image" type="file" accept="${IMAGE_TYPES.join(",")}">
  <button type="submit">${e("send")}</button>
  <p id="result" role="status" aria-live="polite"></p>
</form>
<section aria-labelledby="chat-title">
  <h2 id="chat-title">${e("chat")}</h2>
  <ol id="chat" aria-live="polite"><li class="empty">${e("empty")}</li></ol>
</section>
</main>
</body>
</html>`;
}

const STYLE = `:root{color-scheme:light dark;font-family:system-ui,sans-serif;--line:#8884;--me:#d9fdd3;--them:#f0f0f0;--ink:#111;--bg:#fff}
@media (prefers-color-scheme:dark){:root{--me:#005c4b;--them:#202c33;--ink:#e9edef;--bg:#111b21}}
body{margin:0;color:var(--ink);background:var(--bg)}main{max-width:40rem;margin:0 auto;padding:1rem}
header{display:flex;justify-content:space-between;align-items:baseline;gap:1rem}h1{font-size:1.4rem}
form{display:grid;gap:.35rem}label{font-weight:600;margin-top:.4rem}.help{margin:0;font-size:.85rem;opacity:.8}
input,select,textarea,button{font:inherit;padding:.5rem;border:1px solid var(--line);border-radius:.4rem;background:transparent;color:inherit}
button{margin-top:.6rem;background:#075e54;color:#fff;border:0;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #34b7f1}
#chat{list-style:none;padding:0;display:grid;gap:.5rem}#chat li{padding:.5rem .7rem;border-radius:.6rem;max-width:85%;white-space:pre-wrap;overflow-wrap:anywhere}
#chat .parent{background:var(--me);justify-self:end}#chat .school{background:var(--them);justify-self:start}#chat .empty{opacity:.7}
#chat small{display:block;opacity:.75;font-size:.75rem}a{color:inherit}`;

/** The page's script: fills the number from the list, sends, and reads the chat again every 3 s. */
const SCRIPT = fs.readFileSync(path.join(import.meta.dirname, "parent-page.client.js"), "utf8");

interface Deps {
  send(message: ParentMessage): Promise<{ id: string; status: number }>;
  sent(): SentByParent[];
  taken(): SunkMessage[];
  contacts?: () => Promise<ParentContact[]>;
  defaultNumber: string;
}

/** One chat line: what a family sent or what the school sent to that number, oldest first. */
export interface ChatLine {
  from: "parent" | "school";
  text: string;
  at: string;
  image: boolean;
}

const digits = (number: string) => number.replace(/\D/g, "");

/** The chat of one number: the family's messages and the school's, by time. */
export function chatOf(number: string, sent: SentByParent[], taken: SunkMessage[]): ChatLine[] {
  const wa = digits(number);
  const lines: ChatLine[] = [
    ...sent.filter((m) => digits(m.from) === wa).map((m) => ({ from: "parent" as const, text: m.text ?? "", at: m.at, image: m.mediaId !== null })),
    ...taken
      .filter((m) => digits(m.to) === wa)
      .map((m) => ({
        from: "school" as const,
        text: m.text ?? `[${m.template?.name ?? "template"}] ${(m.template?.params ?? []).join(" · ")}`,
        at: m.at,
        image: false,
      })),
  ];
  return lines.sort((a, b) => a.at.localeCompare(b.at));
}

function readLimited(req: http.IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** What is wrong with a POST /parent/send body, or the message it asks for. */
export function parentMessageOf(body: unknown): ParentMessage | string {
  if (typeof body !== "object" || body === null) return "the body must be a JSON object";
  const b = body as Record<string, unknown>;
  if (typeof b.from !== "string" || !/^\+?\d{8,15}$/.test(b.from.replace(/[\s-]/g, ""))) return "from must be a phone number in international digits";
  const text = typeof b.text === "string" && b.text.trim() ? b.text : undefined;
  let image: ParentMessage["image"];
  if (b.image !== undefined && b.image !== null) {
    const i = b.image as Record<string, unknown>;
    if (typeof i.base64 !== "string" || typeof i.mimeType !== "string" || !IMAGE_TYPES.includes(i.mimeType))
      return `image must be { base64, mimeType } of ${IMAGE_TYPES.join(", ")}`;
    const bytes = Buffer.from(i.base64, "base64");
    if (!bytes.length || bytes.length > IMAGE_MAX_BYTES) return "image must hold 1 byte to 5 MB";
    image = { bytes, mimeType: i.mimeType };
  }
  if (!text && !image) return "a text or an image is required";
  return {
    from: b.from.replace(/[\s-]/g, ""),
    ...(typeof b.name === "string" && b.name.trim() ? { name: b.name.trim() } : {}),
    ...(text ? { text } : {}),
    ...(image ? { image } : {}),
    ...(typeof b.phoneNumberId === "string" && b.phoneNumberId ? { phoneNumberId: b.phoneNumberId } : {}),
  };
}

/** Serves /parent (the page, its script and style), /parent/chat?number= and POST /parent/send. */
export function parentPageHandler(deps: Deps) {
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  return async (req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://sink");
    if (req.method === "GET" && pathname === "/parent") {
      const lang: Lang =
        url.searchParams.get("lang") === "en"
          ? "en"
          : url.searchParams.get("lang") === "es"
            ? "es"
            : /^en/i.test(req.headers["accept-language"] ?? "")
              ? "en"
              : "es";
      const contacts = deps.contacts ? await deps.contacts().catch(() => []) : [];
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'self'; img-src 'self' data:",
        "cache-control": "no-store",
      });
      res.end(page(lang, contacts, deps.defaultNumber));
    } else if (req.method === "GET" && pathname === "/parent/app.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
      res.end(SCRIPT);
    } else if (req.method === "GET" && pathname === "/parent/style.css") {
      res.writeHead(200, { "content-type": "text/css; charset=utf-8" });
      res.end(STYLE);
    } else if (req.method === "GET" && pathname === "/parent/chat") {
      json(res, 200, { lines: chatOf(url.searchParams.get("number") ?? "", deps.sent(), deps.taken()) });
    } else if (req.method === "POST" && pathname === "/parent/send") {
      const raw = await readLimited(req, BODY_MAX_BYTES);
      if (raw === null) return json(res, 413, { error: "the body is too large" });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 400, { error: "the body is not JSON" });
      }
      const message = parentMessageOf(body);
      if (typeof message === "string") return json(res, 400, { error: message });
      json(res, 200, await deps.send(message));
    } else {
      json(res, 404, { error: "no such page" });
    }
  };
}
