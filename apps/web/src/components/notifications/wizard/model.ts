import { RESOURCES, splitPlaceholders, type FieldDef, type TTagContent, type TTemplateMeta, type TWizardChoices, targetOf } from "@pizarra/contracts";
import type { FieldValues } from "react-hook-form";
import { initialValues } from "../../resource/form-values.ts";
import type { Row } from "../../resource/types.ts";

/** The notification the wizard writes: admNotification, its fields and schemas (packages/contracts). */
export const NOTIFICATION = RESOURCES.admNotification;

const byName = new Map(NOTIFICATION.fields.map((f) => [f.name, f]));
export const fieldDef = (name: string): FieldDef => {
  const field = byName.get(name);
  if (!field) throw new Error(`admNotification has no field ${name}`);
  return field;
};

/** A new notification about a record (a flow's send): what it is about, its name, and the flow's own audience. */
export interface About {
  page: string;
  objectId: number;
  name: string;
  recipientType?: number | null;
  groupId?: number | null;
}

const NO_CHOICES: TWizardChoices = { target: "", trigger: "", tags: {}, phoneList: "", numbersFile: null };

/**
 * The wizard's values at an opening: a stored notification's once it is read (sent on a date, to the target it was
 * written for), else a new one's, about a record when it has one. A flow's send is aimed at the flow's group; the
 * target's own fields (recipientType …) are written when its step is left, as when a person picks it.
 */
export function startValues(about?: About, record?: Row | null): FieldValues {
  if (record) return { ...initialValues(NOTIFICATION, record), ...NO_CHOICES, target: targetOf(record), trigger: "date" };
  if (!about) return { ...initialValues(NOTIFICATION, null), ...NO_CHOICES };
  const { recipientType, groupId, ...rest } = about;
  const toGroup = recipientType === 1 && Boolean(groupId);
  return { ...initialValues(NOTIFICATION, null, { ...rest, ...(toGroup ? { groupId } : {}) }), ...NO_CHOICES, target: toGroup ? "group" : "" };
}

const pad = (n: number) => String(n).padStart(2, "0");
/** Spec 000 §9: times are entered and shown at a fixed UTC-5. */
const OFFSET_MS = -5 * 60 * 60 * 1000;

/** A moment as the API writes it: 'YYYY-MM-DD HH:mm' at UTC-5 (send now = the current minute). */
export function apiDateTime(date: Date): string {
  const d = new Date(date.getTime() + OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The template's tags as inputs: tagsContent when the template record could be read, else its tags from getMeta. */
export function tagInputs(template: TTemplateMeta | undefined, content: TTagContent[] | null): TTagContent[] {
  if (content) return content;
  return (template?.tags ?? []).map((tag) => ({ id: tag.id, defValue: "", hidden: tag.recipient, readonly: tag.recipient }));
}

/**
 * Each tag's value as it is shown and sent: what the person typed, else the stored notification's value, else the
 * default from the record it is about (002 §7) as the last read of the template's tags gave them.
 */
export function tagValues(
  tags: readonly TTagContent[],
  read: readonly TTagContent[] | undefined,
  placeholders: string,
  typed: Readonly<Record<string, string>>,
): Record<string, string> {
  const stored = splitPlaceholders(
    (read ?? []).map((tag) => tag.id),
    placeholders,
  );
  const prefilled = Object.fromEntries((read ?? []).map((tag) => [tag.id, stored[tag.id] || tag.defValue]));
  return Object.fromEntries(tags.map((tag) => [tag.id, typed[tag.id] ?? prefilled[tag.id] ?? ""]));
}
