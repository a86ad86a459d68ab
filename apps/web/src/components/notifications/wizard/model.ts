import { RESOURCES, type FieldDef, type TTagContent, type TTemplateMeta } from "@pizarra/contracts";

/** The notification the wizard writes: admNotification, its fields and schemas (packages/contracts). */
export const NOTIFICATION = RESOURCES.admNotification;

/** 002 §2: template and placeholders, target, when, summary. */
export const STEPS = ["template", "target", "when", "summary"] as const;
export type Step = (typeof STEPS)[number];

/**
 * Who it is for, as the target step offers it: the guardians, children or teachers of some sections or of some
 * children, chosen guardians, a group, or specific numbers (002 §3 sendTo, filterBy, recipientType).
 */
export const TARGETS = ["sections", "dependants", "principals", "group", "numbers"] as const;
export type Target = (typeof TARGETS)[number];

/** 002 §3 "triggerType": now or on a date. */
export type Trigger = "now" | "date";

/** The fields each step shows, so that the server's refusal of one opens its step. */
export const STEP_FIELDS: Record<Step, readonly string[]> = {
  template: ["name", "doWA", "doWATemplate", "placeholders", "doMail", "doPush", "title", "content", "page", "objectId"],
  target: ["sendTo", "filterBy", "sectionIds", "userIds", "principalUserIds", "recipientType", "groupId", "phoneList", "data", "groupName"],
  when: ["sendOn", "hasRecurrence", "recurrencePattern", "recurrenceDays", "recurrenceMonths", "recurrenceEndDate", "urgent", "fallbackChannel"],
  summary: [],
};

/** The step that shows a field (the summary for anything no step shows). */
export const stepOf = (field: string): Step => STEPS.find((step) => STEP_FIELDS[step].includes(field)) ?? "summary";

const byName = new Map(NOTIFICATION.fields.map((f) => [f.name, f]));
export const fieldDef = (name: string): FieldDef => {
  const field = byName.get(name);
  if (!field) throw new Error(`admNotification has no field ${name}`);
  return field;
};

/** What the target choice writes into the notification's recipient fields. */
export function targetFields(target: Target, sendTo: number): Record<string, unknown> {
  switch (target) {
    case "sections":
      return { sendTo, filterBy: "sections", recipientType: null, userIds: [], principalUserIds: [] };
    case "dependants":
      return { sendTo, filterBy: "dependants", recipientType: null, sectionIds: [], principalUserIds: [] };
    case "principals":
      return { sendTo: 0, filterBy: "principals", recipientType: null, sectionIds: [], userIds: [] };
    case "group":
      return { filterBy: null, recipientType: 1, sectionIds: [], userIds: [], principalUserIds: [] };
    case "numbers":
      return { filterBy: null, recipientType: 0, sectionIds: [], userIds: [], principalUserIds: [] };
  }
}

/** The target a stored notification was written for. */
export function targetOf(record: Record<string, unknown>): Target {
  if (record.recipientType === 0) return "numbers";
  if (record.recipientType === 1) return "group";
  if (record.filterBy === "dependants" || record.filterBy === "principals") return record.filterBy;
  return "sections";
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
