import type { Transporter } from "nodemailer";
import { env } from "../env.ts";
import type { Channel, Outcome } from "./channel.ts";

let transport: Promise<Transporter> | undefined;

/**
 * Pooled unless the URL says otherwise (`?pool=false`): a send of thousands reuses a few SMTP connections. Signed with
 * DKIM when the environment gives its domain, selector and key (all three, env.ts): receivers then know the mail is
 * the school's, and RFC 8058 offers the one-click unsubscribe only on mail whose signature covers its headers
 * (nodemailer signs List-Unsubscribe and List-Unsubscribe-Post by default). nodemailer is loaded by the first send,
 * not by every process that only enqueues.
 */
function transporter(): Promise<Transporter> {
  return (transport ??= import("nodemailer").then(({ default: nodemailer }) => {
    const { SMTP_URL, DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = env();
    const url = new URL(SMTP_URL!);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    const dkim =
      DKIM_DOMAIN && DKIM_SELECTOR && DKIM_PRIVATE_KEY ? { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey: DKIM_PRIVATE_KEY } : undefined;
    return nodemailer.createTransport({ url: url.toString(), dkim });
  }));
}

/**
 * SMTP replies that no retry can mend: mailbox unknown or refused, bad address syntax (RFC 5321 5xx), or an envelope
 * nodemailer itself refuses (no reply at all). A 4xx (a busy or greylisting server) is worth trying again.
 */
const isPermanent = (error: { responseCode?: number; code?: string }) =>
  error.responseCode !== undefined ? error.responseCode >= 500 && error.responseCode < 600 : error.code === "EENVELOPE";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const BLOCK = "p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote";
const decode = (entity: string, name: string) => {
  if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
  const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
};

/** The words of an HTML message, a line a block, for the plain-text part read by clients without HTML and by filters. */
export function plainText(html: string): string {
  return html
    .replace(new RegExp(`<\\/?(${BLOCK})\\b[^>]*>`, "gi"), "\n")
    .replace(/<\/?t[dh]\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, decode)
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * E-mail over SMTP (nodemailer). The Message-ID is made from the ledger key, so a message sent again after a worker
 * died mid-send carries the same id and mail clients show it once. Every message has a plain-text part (an HTML one
 * beside it when there is one). A message to a person of the school carries their List-Unsubscribe link with the
 * one-click POST (RFC 8058): mail providers show it as an unsubscribe button.
 */
export const mail: Channel = {
  name: "mail",
  configured: () => Boolean(env().SMTP_URL),
  async send(message): Promise<Outcome> {
    const domain = env().MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? "pizarra.local";
    const text = message.text.trim() ? message.text : plainText(message.html ?? "") || (message.subject ?? "");
    try {
      const info = await (await transporter()).sendMail({
        from: env().MAIL_FROM,
        to: message.address,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject ?? "",
        text,
        html: message.html ?? undefined,
        messageId: `<${message.key.replace(/[^\w.-]/g, ".")}@${domain}>`,
        headers: {
          "Content-Language": message.locale,
          ...(message.unsubscribe ? { "List-Unsubscribe": `<${message.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
        },
      });
      return { ok: true, providerId: info.messageId };
    } catch (error) {
      const e = error as { responseCode?: number; code?: string; message: string };
      return { ok: false, permanent: isPermanent(e), error: e.message.slice(0, 500) };
    }
  },
};
