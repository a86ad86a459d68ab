import type { Db } from "@pizarra/db";
import type { Transporter } from "nodemailer";
import { env } from "../env.ts";
import { contentMatches } from "../storage/file-types.ts";
import { isStorageKey, storage } from "../storage/storage.ts";
import type { Channel, MailSender, Outcome } from "./channel.ts";

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

/** MAIL_FROM's display name and address ("Pizarra <no-reply@pizarra.local>", or a bare address). */
function deploymentSender(): { name: string; address: string } {
  const from = env().MAIL_FROM.trim();
  const match = /^"?([^"<]*?)"?\s*<([^>]+)>$/.exec(from);
  return match ? { name: match[1]!.trim(), address: match[2]!.trim() } : { name: "", address: from };
}

/** The logo's bytes when it is a stored PNG or JPEG (an address typed as the logo is no file to embed). */
async function logoOf(key: string | null): Promise<MailSender["logo"]> {
  if (!key || !isStorageKey(key)) return null;
  const content = await storage()
    .get(key)
    .catch(() => null);
  if (!content) return null;
  if (contentMatches("png", content)) return { content, contentType: "image/png" };
  return contentMatches("jpg", content) ? { content, contentType: "image/jpeg" } : null;
}

/**
 * Who a school's mail comes from: its own sender when it set one (Tenant.mailFrom, shown with its mailFromName or
 * else its title), else the deployment's
 * address in the school's name ("Colegio San José via Pizarra"), so that a family sees which school wrote; replies go
 * to the school's support address (its contact address without one), never to the deployment's no-reply box.
 */
export async function mailSenderOf(db: { tenant: Db["tenant"] }, tenantId: number): Promise<MailSender> {
  const school = await db.tenant.findUniqueOrThrow({
    where: { id: tenantId },
    select: { title: true, logo: true, email: true, supportEmail: true, mailFrom: true, mailFromName: true },
  });
  const deployment = deploymentSender();
  const from = school.mailFrom?.trim()
    ? { name: school.mailFromName?.trim() || school.title, address: school.mailFrom.trim() }
    : { name: deployment.name ? `${school.title} via ${deployment.name}` : school.title, address: deployment.address };
  return { from, replyTo: school.supportEmail?.trim() || school.email?.trim() || null, logo: await logoOf(school.logo) };
}

const LOGO_CID = "school-logo@pizarra";
/** Text as HTML that shows it as typed (in an element or an attribute). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML part with the school's logo above it, embedded (a link would break once its signature expires). */
function withLogo(html: string, sender: MailSender): string {
  const alt = escapeHtml(sender.from.name);
  return `<p><img src="cid:${LOGO_CID}" alt="${alt}" height="48" style="height:48px;width:auto"></p>${html}`;
}

/**
 * E-mail over SMTP (nodemailer). The Message-ID is made from the ledger key, so a message sent again after a worker
 * died mid-send carries the same id and mail clients show it once. Every message has a plain-text part (an HTML one
 * beside it when there is one). A message to a person of the school carries their List-Unsubscribe link with the
 * one-click POST (RFC 8058): mail providers show it as an unsubscribe button. It goes from its school's sender
 * (mailSenderOf), replies to the row's own address or else the school's, with the school's logo in the HTML part.
 */
export const mail: Channel = {
  name: "mail",
  configured: () => Boolean(env().SMTP_URL),
  async send(message): Promise<Outcome> {
    const domain = env().MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? "pizarra.local";
    const text = message.text.trim() ? message.text : plainText(message.html ?? "") || (message.subject ?? "");
    const { sender } = message;
    const logo = sender?.logo && message.html ? sender.logo : null;
    try {
      const info = await (await transporter()).sendMail({
        from: sender?.from ?? env().MAIL_FROM,
        to: message.address,
        replyTo: message.replyTo ?? sender?.replyTo ?? undefined,
        subject: message.subject ?? "",
        text,
        html: message.html && logo ? withLogo(message.html, sender!) : (message.html ?? undefined),
        attachments: logo ? [{ filename: `logo.${logo.contentType === "image/png" ? "png" : "jpg"}`, ...logo, cid: LOGO_CID }] : undefined,
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
