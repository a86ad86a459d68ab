import { fillTemplate as fill, type RECIPIENT_TAGS, splitPlaceholders, templateTags as tagsOf } from "@pizarra/contracts";
import type { ChannelName, WhatsAppTemplate } from "../../channels/channel.ts";
import { plainText } from "../../channels/mail.ts";
import type { Locale } from "../../i18n.ts";

type RecipientTag = (typeof RECIPIENT_TAGS)[number];

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
}

export interface Content {
  title: string | null;
  content: string | null;
  body: string | null;
  placeholders: string | null;
  template: { id: string; templateId: string | null; content: string | null } | null;
}

/** The values of a template's tags for one recipient: what the sender typed, else what the recipient brings. */
export function tagValues(content: Content, recipient: Recipient, school: string): Record<string, string> {
  const own: Record<RecipientTag, string> = {
    name: recipient.name,
    fullName: [recipient.name, recipient.last].filter(Boolean).join(" "),
    student: recipient.student ?? recipient.name,
    school,
  };
  const values: Record<string, string> = { ...own };
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One recipient's message on one channel: WhatsApp as its approved template with parameters, e-mail and push as text. */
export function render(content: Content, channel: ChannelName, recipient: Recipient, school: string, locale: Locale): Rendered {
  const values = tagValues(content, recipient, school);
  if (channel === "whatsapp" && content.template) {
    const tags = tagsOf(content.template.content);
    return {
      subject: null,
      text: fill(content.template.content ?? "", values),
      html: null,
      template: { name: content.template.templateId || content.template.id, language: locale, params: tags.map((tag) => values[tag] ?? "") },
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
