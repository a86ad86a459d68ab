import type { Locale } from "../i18n.ts";

export const CHANNELS = ["whatsapp", "mail", "push"] as const;
export type ChannelName = (typeof CHANNELS)[number];

/** A WhatsApp Cloud API template message: the approved template's name, language and body parameters in order. */
export interface WhatsAppTemplate {
  name: string;
  language: string;
  params: string[];
  /**
   * An authentication template's code: Meta's copy-code button (a "url" button, index 0) carries it as its parameter,
   * beside the body's own.
   */
  copyCode?: string;
}

/** Who a school's e-mail comes from, where replies go, and the logo its HTML part shows (mailSenderOf). */
export interface MailSender {
  from: { name: string; address: string };
  replyTo: string | null;
  logo: { content: Buffer; contentType: string } | null;
}

/** One ledger row as a channel sees it. `key` is the row's idempotency key, handed to providers that take one. */
export interface Outgoing {
  id: number;
  key: string;
  tenantId: number;
  userId: number | null;
  address: string;
  replyTo: string | null;
  locale: Locale;
  subject: string | null;
  text: string;
  html: string | null;
  template: WhatsAppTemplate | null;
  /** E-mail to a person of the school: the URL that stops e-mail to them (List-Unsubscribe, RFC 8058). */
  unsubscribe?: string | null;
  /**
   * WhatsApp: the number it goes from (its phone number id, whatsappNumberOf its school), so that Meta's statuses and
   * the families' replies come back to that school; null: the school has none, and it is not sent.
   */
  from?: string | null;
  /** WhatsApp: the school's country (Tenant.defaultCountry), which a number kept without its country code is read in. */
  country?: string | null;
  /** E-mail: the school's sender, reply address and logo; absent, the deployment's MAIL_FROM alone. */
  sender?: MailSender | null;
}

/**
 * What a provider answered. `permanent` failures (an invalid number, a bounced address, a gone push subscription)
 * are not retried and may fall back to another channel; the others are retried with backoff.
 */
export type Outcome = { ok: true; providerId: string } | { ok: false; permanent: boolean; error: string };

/** One way out of the building (e-mail over SMTP, the WhatsApp Cloud API, Web Push), configured from the environment. */
export interface Channel {
  readonly name: ChannelName;
  /** Whether the environment configures it; an unconfigured channel refuses to be chosen, it never pretends to send. */
  configured(): boolean;
  send(message: Outgoing): Promise<Outcome>;
}
