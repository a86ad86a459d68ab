import { z } from "zod";
import { ZRecordId } from "../validation.ts";

/**
 * Tags of a message template (`{{name}}`) that the sender fills per recipient: the recipient's first name,
 * their full name, the student the message is about (a guardian's child, or the student themself) and the school.
 * Every other tag is filled once, by whoever writes the notification (its `placeholders`).
 */
export const RECIPIENT_TAGS = ["name", "fullName", "student", "school"] as const;

/**
 * Tags filled with the notification's own title and text, so that an approved WhatsApp template carries what the
 * school wrote in the wizard (its `title` and `content`), not only the template's fixed words. Not `title`: that tag is
 * typed, prefilled from the record the notification is about.
 */
export const NOTIFICATION_TAGS = ["subject", "message"] as const;

/** A tag: `{{name}}`, and WhatsApp's own numbered `{{1}}`. */
const TAG_RE = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The tags of a template's text, each once, in the order they first appear (the order of `placeholders`). */
export function templateTags(content: string | null | undefined): string[] {
  return [...new Set([...(content ?? "").matchAll(TAG_RE)].map((m) => m[1]!))];
}

/** A tag filled when the message is sent (for each recipient, or from the notification's title and text), never typed. */
export const isRecipientTag = (tag: string): boolean =>
  (RECIPIENT_TAGS as readonly string[]).includes(tag) || (NOTIFICATION_TAGS as readonly string[]).includes(tag);

/** Meta's limit on a template's body once its parameters are filled in. */
export const WHATSAPP_BODY_MAX = 1024;

/**
 * A value as a WhatsApp template parameter: Meta refuses a parameter with a new line, a tab or more than four spaces in
 * a row, so a text typed in paragraphs is folded onto one line (every run of white space becomes one space) rather than
 * refused: the family reads the same words.
 */
export const whatsappParam = (value: string): string => value.replace(/\s+/g, " ").trim();

/** The character that joins a notification's placeholder values (002 §3: one value per tag, in order). */
export const PLACEHOLDER_SEPARATOR = "|";

/** A notification's `placeholders` from the values of its template's tags (a recipient tag's slot stays empty). */
export function joinPlaceholders(tags: readonly string[], values: Readonly<Record<string, string>>): string {
  return tags.map((tag) => (isRecipientTag(tag) ? "" : (values[tag] ?? "").trim())).join(PLACEHOLDER_SEPARATOR);
}

/** The values of a notification's `placeholders`, by tag (as `joinPlaceholders` wrote them). */
export function splitPlaceholders(tags: readonly string[], placeholders: string | null | undefined): Record<string, string> {
  const values = (placeholders ?? "").split(PLACEHOLDER_SEPARATOR);
  return Object.fromEntries(tags.map((tag, i) => [tag, values[i] ?? ""]));
}

/** A template's text with its tags filled where a value is known; the others stay as `{{tag}}`. */
export function fillTemplate(content: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return content.replace(TAG_RE, (whole, tag: string) => values[tag] || whole);
}

/** The query of GET admLocalization/get/{id}: the record the notification is about, whose values fill the tags. */
export const ZTemplateObjectQuery = z.object({
  objectType: z.string().max(20).optional(),
  objectId: z.preprocess((v) => (v === "" ? undefined : v), ZRecordId.optional()),
});
