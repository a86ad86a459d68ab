import type { Transporter } from "nodemailer";
import { env } from "../env.ts";
import type { Channel, Outcome } from "./channel.ts";

let transport: Promise<Transporter> | undefined;

/**
 * Pooled unless the URL says otherwise (`?pool=false`): a send of thousands reuses a few SMTP connections. nodemailer
 * is loaded by the first send, not by every process that only enqueues.
 */
function transporter(): Promise<Transporter> {
  return (transport ??= import("nodemailer").then(({ default: nodemailer }) => {
    const url = new URL(env().SMTP_URL!);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    return nodemailer.createTransport(url.toString());
  }));
}

/**
 * SMTP replies that no retry can mend: mailbox unknown or refused, bad address syntax (RFC 5321 5xx), or an envelope
 * nodemailer itself refuses (no reply at all). A 4xx (a busy or greylisting server) is worth trying again.
 */
const isPermanent = (error: { responseCode?: number; code?: string }) =>
  error.responseCode !== undefined ? error.responseCode >= 500 && error.responseCode < 600 : error.code === "EENVELOPE";

/**
 * E-mail over SMTP (nodemailer). The Message-ID is made from the ledger key, so a message sent again after a worker
 * died mid-send carries the same id and mail clients show it once.
 */
export const mail: Channel = {
  name: "mail",
  configured: () => Boolean(env().SMTP_URL),
  async send(message): Promise<Outcome> {
    const domain = env().MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? "pizarra.local";
    try {
      const info = await (await transporter()).sendMail({
        from: env().MAIL_FROM,
        to: message.address,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject ?? "",
        text: message.text,
        html: message.html ?? undefined,
        messageId: `<${message.key.replace(/[^\w.-]/g, ".")}@${domain}>`,
        headers: { "Content-Language": message.locale },
      });
      return { ok: true, providerId: info.messageId };
    } catch (error) {
      const e = error as { responseCode?: number; code?: string; message: string };
      return { ok: false, permanent: isPermanent(e), error: e.message.slice(0, 500) };
    }
  },
};
