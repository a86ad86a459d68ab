import { z } from "zod";

/**
 * The first hour of a new school (000 §2.1, 002 §2 home): what its administrator's checklist on home ticks, in the
 * order it shows them, by part.
 */
export const CHECKLIST_STEPS = {
  year: ["period", "grades", "sections"],
  people: ["students", "families", "staffInvited"],
  channels: ["mail", "whatsapp"],
  brand: ["logo"],
} as const;
export type TChecklistPart = keyof typeof CHECKLIST_STEPS;
export type TChecklistStepId = (typeof CHECKLIST_STEPS)[TChecklistPart][number];
export const CHECKLIST_STEP_IDS = Object.values(CHECKLIST_STEPS).flat() as TChecklistStepId[];

/** The channels a test message goes through (POST company/testMessage). */
export const TEST_CHANNELS = ["mail", "whatsapp"] as const;
export type TTestChannel = (typeof TEST_CHANNELS)[number];

/** A ledger row's status (queued, sending, sent, delivered, read, failed), as the checklist shows a test message. */
export const DELIVERY_STATES = ["queued", "sending", "sent", "delivered", "read", "failed"] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

const ZTestMessage = z.object({
  status: z.enum(DELIVERY_STATES),
  /** The provider's refusal, when it failed. */
  error: z.string().nullable(),
  /** Where it went: the administrator's address or number. */
  address: z.string(),
  at: z.string(),
});

const ZChannelState = z.object({
  /** The channel is configured on this server and, for WhatsApp, the school has a number. */
  ready: z.boolean(),
  /** Mail: who the school's mail comes from ("Name <address>"); WhatsApp: the school's number id. */
  sender: z.string().nullable(),
  /** Mail: the sender is the deployment's address in the school's name (no Tenant.mailFrom of its own). */
  viaDeployment: z.boolean(),
  /** Where a test goes: the administrator's e-mail or mobile; null when they have none. */
  to: z.string().nullable(),
  /** The last test message sent to this administrator, from the ledger. */
  test: ZTestMessage.nullable(),
});

/** GET company/checklist: each step's state and count, how many are done, and the channels' senders and tests. */
export const ZCompanyChecklistAnswer = z.object({
  steps: z.array(z.object({ id: z.enum(CHECKLIST_STEP_IDS as [TChecklistStepId, ...TChecklistStepId[]]), done: z.boolean(), count: z.number() })),
  done: z.number(),
  total: z.number(),
  /** The administrator hid it (stored per school in Tenant.settings.firstHourDismissed). */
  dismissed: z.boolean(),
  channels: z.object({ mail: ZChannelState, whatsapp: ZChannelState }),
});
export type TCompanyChecklistAnswer = z.output<typeof ZCompanyChecklistAnswer>;

/** POST company/checklist: hide the checklist, or show it again. */
export const ZCompanyChecklistSave = z.object({ dismissed: z.boolean() });
export type TCompanyChecklistSave = z.output<typeof ZCompanyChecklistSave>;

/** POST company/testMessage: a test message to the administrator through the delivery pipeline. */
export const ZTestMessageSend = z.object({ channel: z.enum(TEST_CHANNELS) });
export type TTestMessageSend = z.output<typeof ZTestMessageSend>;
export const ZTestMessageAnswer = z.object({ ID: z.number() });
