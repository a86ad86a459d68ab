import { z } from "zod";
import { MESSAGE_CHANNELS } from "./delivery.ts";

/** The query of POST admNotification/schedule/{id}: confirm=true schedules it, anything else is the dry run. */
export const ZScheduleQuery = z.object({ confirm: z.enum(["true", "false"]).optional() });
export type TScheduleQuery = z.infer<typeof ZScheduleQuery>;

/** One channel's message in the dry run: WhatsApp's filled template, an e-mail's sender, subject and text, a push's title and text. */
export const ZChannelPreview = z.object({
  recipient: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  subject: z.string().nullable(),
  text: z.string(),
  /** An e-mail's sender, "Name <address>", and where replies go. */
  from: z.string().optional(),
  replyTo: z.string().nullable().optional(),
});
export type TChannelPreview = z.output<typeof ZChannelPreview>;

/** Someone the notification cannot reach on a channel, and why, in the reader's language. */
export const ZScheduleProblem = z.object({
  userId: z.number().int().nullable(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  reason: z.string(),
});
export type TScheduleProblem = z.output<typeof ZScheduleProblem>;

/**
 * What admNotification/schedule/{id} answers (002 §4), and a notification's save with the start-sending switch or as
 * its trial: what the delivery core adds when it knows it.
 */
export const ZScheduleAnswer = z.object({
  /** Null for a trial of a notification not saved yet (none was kept). */
  ID: z.number().int().nullable(),
  status: z.number().int(),
  /** The people it reaches. */
  total: z.number().int(),
  /** The messages it sends them: one person reached by e-mail and WhatsApp gets two. */
  messages: z.number().int().optional(),
  /** "YYYY-MM-DD HH:mm" at the school's time. */
  sendOn: z.string(),
  /** Recipients reached on each channel (a channel reaching none is left out). */
  byChannel: z.object({ whatsapp: z.number().int().optional(), mail: z.number().int().optional(), push: z.number().int().optional() }).optional(),
  problems: z.array(ZScheduleProblem).optional(),
  /** The first recipient's message on each channel, as it reaches them (an e-mail with who it is from and replies go to). */
  previews: z.array(ZChannelPreview).optional(),
});
export type TScheduleAnswer = z.output<typeof ZScheduleAnswer>;
