import { z } from "zod";
import { isRecipientTag, PLACEHOLDER_SEPARATOR } from "./message-templates.ts";
import { ZNumberImport } from "../resource/action-bodies.ts";
import { RESOURCES } from "../resource/definitions.ts";
import { recordSchema } from "../resource/schema.ts";

/** 002 §2: template and placeholders, target, when, summary. */
export const WIZARD_STEPS = ["template", "target", "when", "summary"] as const;
export type TWizardStep = (typeof WIZARD_STEPS)[number];

/**
 * Who it is for, as the target step offers it: the guardians, children or teachers of some sections or of some
 * children, chosen guardians, a group, or specific numbers (002 §3 sendTo, filterBy, recipientType).
 */
export const WIZARD_TARGETS = ["sections", "dependants", "principals", "group", "numbers"] as const;
export type TWizardTarget = (typeof WIZARD_TARGETS)[number];

/** 002 §3 "triggerType": now or on a date. */
export const WIZARD_TRIGGERS = ["now", "date"] as const;
export type TWizardTrigger = (typeof WIZARD_TRIGGERS)[number];

/**
 * The wizard's own choices beside the notification's fields. None is stored as it is: the target becomes the
 * recipient fields, specific numbers a group of their own (admUser/importAttach, whose rules they take), the trigger
 * the send date and the tags the placeholders.
 */
export const ZWizardChoices = z.object({
  target: z.enum(["", ...WIZARD_TARGETS]),
  trigger: z.enum(["", ...WIZARD_TRIGGERS]),
  /** The value typed or prefilled for each tag of the chosen template, by tag. */
  tags: z.record(z.string(), z.string()),
  phoneList: ZNumberImport.shape.phoneList.unwrap(),
  /** A CSV of numbers: its name, and its content as importAttach takes it (`data`, base64). */
  numbersFile: z.object({ name: z.string(), data: ZNumberImport.shape.data.unwrap() }).nullable(),
});
export type TWizardChoices = z.infer<typeof ZWizardChoices>;

/**
 * The fields each step shows: a step is checked on its own fields, and a refusal of one (the server's too) opens its
 * step. `channels` stands for the three channel switches together.
 */
export const WIZARD_STEP_FIELDS: Record<TWizardStep, readonly string[]> = {
  template: ["name", "channels", "doWA", "doWATemplate", "tags", "placeholders", "doMail", "doPush", "title", "content", "page", "objectId"],
  target: ["target", "sendTo", "filterBy", "sectionIds", "userIds", "principalUserIds", "recipientType", "groupId", "phoneList", "numbersFile"],
  when: ["trigger", "sendOn", "hasRecurrence", "recurrencePattern", "recurrenceDays", "recurrenceMonths", "recurrenceEndDate", "urgent", "fallbackChannel"],
  summary: [],
};

/** The step that shows a field (the summary for anything no step shows). */
export const wizardStepOf = (field: string): TWizardStep => WIZARD_STEPS.find((step) => WIZARD_STEP_FIELDS[step].includes(field.split(".")[0]!)) ?? "summary";

/** The list each target chooses from. */
const TARGET_LIST = { sections: "sectionIds", dependants: "userIds", principals: "principalUserIds", group: "groupId" } as const;

/** What the target choice writes into the notification's recipient fields. */
export function targetFields(target: TWizardTarget, sendTo: number): Record<string, unknown> {
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
export function targetOf(record: Record<string, unknown>): TWizardTarget {
  if (record.recipientType === 0) return "numbers";
  if (record.recipientType === 1) return "group";
  if (record.filterBy === "dependants" || record.filterBy === "principals") return record.filterBy;
  return "sections";
}

/**
 * The params of a refusal for the error map: `key` is one of the spec's messages (`validation.required`, with the
 * field's label), `wizard` one of the wizard's own (`wizard.selectType`).
 */
const required = { key: "required" } as const;
const own = (wizard: string, values: Record<string, string> = {}) => ({ wizard, values });

const isEmpty = (value: unknown) => value === "" || value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * 002 §5, the checks that tie fields together, as the wizard makes them before the server does: a channel, WhatsApp's
 * template, the title of an e-mail or push, tag values that keep their separator out, a target with its list (or its
 * numbers), and a trigger.
 */
function checkChoices(values: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const refuse = (path: (string | number)[], params: Record<string, unknown>) => ctx.addIssue({ code: "custom", path, input: values, params });
  if (!values.doWA && !values.doMail && !values.doPush) refuse(["channels"], own("selectType"));
  if (values.doWA && isEmpty(values.doWATemplate)) refuse(["doWATemplate"], required);
  if ((values.doMail || values.doPush) && !String(values.title ?? "").trim()) refuse(["title"], required);
  for (const [tag, value] of Object.entries((values.tags ?? {}) as Record<string, string>)) {
    if (!isRecipientTag(tag) && value.includes(PLACEHOLDER_SEPARATOR)) refuse(["tags", tag], own("tagSeparator", { separator: PLACEHOLDER_SEPARATOR }));
  }
  const target = values.target as TWizardTarget | "";
  if (!target) refuse(["target"], own("selectType"));
  else if (target !== "numbers" && isEmpty(values[TARGET_LIST[target]])) refuse([TARGET_LIST[target]], required);
  else if (target === "numbers" && !String(values.phoneList ?? "").trim() && !values.numbersFile && isEmpty(values.groupId)) {
    refuse(["phoneList"], required);
  }
  if (!values.trigger) refuse(["trigger"], own("selectTrigger"));
}

/**
 * The notification wizard's form (002 §2, §4, §5): the create or edit body of admNotification, the very schema the
 * server parses it with, beside the wizard's own choices, with the checks that tie them together. They run whatever
 * else is refused, so that a step shows every refusal of its fields at once.
 */
export function notificationWizardSchema(mode: "create" | "edit") {
  return recordSchema(RESOURCES.admNotification, mode)
    .extend(ZWizardChoices.shape)
    .superRefine((values, ctx) => checkChoices(values, ctx), { when: () => true });
}

/** The create or edit body out of the wizard's checked values: the notification's fields, without the wizard's choices. */
export function wizardBody(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !Object.hasOwn(ZWizardChoices.shape, field)));
}
