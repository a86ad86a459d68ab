import type { ChannelName, WhatsAppTemplate } from "../../channels/channel.ts";
import type { Locale } from "../../i18n.ts";

/** Template tags filled for each recipient (002 §2: the hidden, read-only ones of tagsContent); the others by the sender. */
export const RECIPIENT_TAGS = ["name", "fullName", "student", "school"] as const;
export type RecipientTag = (typeof RECIPIENT_TAGS)[number];

/** The `{{tag}}`s of a template, each once, in order of appearance. */
export function tagsOf(content: string | null | undefined): string[] {
  return [...new Set([...(content ?? "").matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((m) => m[1]!))];
}

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, tag: string) => values[tag] ?? whole);
}

export interface Recipient {
  id: number;
  name: string;
  last: string | null;
  mail: string | null;
  cel: string | null;
  locale: string | null;
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
  const given = (content.placeholders ?? "").split("|");
  const values: Record<string, string> = { ...own };
  tagsOf(content.template?.content).forEach((tag, i) => {
    const typed = given[i]?.trim();
    if (typed) values[tag] = typed;
  });
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
    text:
      text ||
      (html ?? "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    html,
    template: null,
  };
}
