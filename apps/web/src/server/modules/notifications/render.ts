import {
  fillTemplate as fill,
  type NOTIFICATION_TAGS,
  type RECIPIENT_TAGS,
  splitPlaceholders,
  templateTags as tagsOf,
  whatsappParam,
} from "@pizarra/contracts";
import type { ChannelName, WhatsAppTemplate } from "../../channels/channel.ts";
import { escapeHtml, plainText } from "../../channels/mail.ts";
import type { Locale } from "../../i18n.ts";

type FilledTag = (typeof RECIPIENT_TAGS)[number] | (typeof NOTIFICATION_TAGS)[number];

export interface Recipient {
  id: number;
  name: string;
  last: string | null;
  mail: string | null;
  cel: string | null;
  locale: string | null;
  language: string | null;
  /** A guardian's first child, or the student themself. */
  student: string | null;
  /** A guardian written to as family: that child's id, whose link the ledger checks again when it sends. */
  aboutId?: number | null;
}

export interface Content {
  title: string | null;
  content: string | null;
  body: string | null;
  placeholders: string | null;
  template: { id: string; templateId: string | null; content: string | null } | null;
}

/**
 * The values of a template's tags for one recipient: what the sender typed, else what the recipient brings, and the
 * notification's own title and text (themselves filled for the recipient; the text of an HTML-only one as plain text).
 */
export function tagValues(content: Content, recipient: Recipient, school: string): Record<string, string> {
  const own = {
    name: recipient.name,
    fullName: [recipient.name, recipient.last].filter(Boolean).join(" "),
    student: recipient.student ?? recipient.name,
    school,
  };
  const filled: Record<FilledTag, string> = {
    ...own,
    subject: fill(content.title ?? "", own),
    message: fill(content.content || plainText(content.body ?? ""), own),
  };
  const values: Record<string, string> = { ...filled };
  for (const [tag, typed] of Object.entries(splitPlaceholders(tagsOf(content.template?.content), content.placeholders))) {
    if (typed.trim()) values[tag] = typed.trim();
  }
  return values;
}

export interface Rendered {
  subject: string | null;
  text: string;
  html: string | null;
  template: WhatsAppTemplate | null;
}

/**
 * One recipient's message on one channel: WhatsApp as its approved template with parameters (each folded as Meta takes
 * it, whatsappParam, and the text the family reads made of the same folded values), e-mail and push as text.
 */
export function render(content: Content, channel: ChannelName, recipient: Recipient, school: string, locale: Locale): Rendered {
  const values = tagValues(content, recipient, school);
  if (channel === "whatsapp" && content.template) {
    const params = Object.fromEntries(Object.entries(values).map(([tag, value]) => [tag, whatsappParam(value)]));
    return {
      subject: null,
      text: fill(content.template.content ?? "", params),
      html: null,
      template: {
        name: content.template.templateId || content.template.id,
        language: locale,
        params: tagsOf(content.template.content).map((tag) => params[tag] ?? ""),
      },
    };
  }
  const text = fill(content.content ?? "", values);
  const subject = content.title ? fill(content.title, values) : null;
  if (channel === "push") return { subject, text, html: null, template: null };
  const safe = Object.fromEntries(Object.entries(values).map(([tag, value]) => [tag, escapeHtml(value)]));
  const html = content.body ? fill(content.body, safe) : text ? `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>` : null;
  return {
    subject,
    text: text || plainText(html ?? ""),
    html,
    template: null,
  };
}
