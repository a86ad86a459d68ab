import { z } from "zod";
import { ZPage } from "../envelope.ts";
import { ZRecordId } from "../validation.ts";

/** A ledger row's status, in the order a message moves through them (failed may come from any of them). */
export const MESSAGE_STATUSES = ["queued", "sending", "sent", "delivered", "read", "failed"] as const;
export type TMessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The channels a message goes out on (the ledger's Message.channel). */
export const MESSAGE_CHANNELS = ["whatsapp", "mail", "push"] as const;
export type TMessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The path of a notification's delivery calls: admNotification/{id}/messages, retry, pause, resume and schedule/{id}. */
export const ZNotificationParams = z.object({ id: ZRecordId });
export type TNotificationParams = z.infer<typeof ZNotificationParams>;

/** The query of GET admNotification/{id}/messages: the ledger's filters (each "" for all of them) and its page. */
export const ZDeliveryMessagesQuery = z.object({
  status: z.enum(MESSAGE_STATUSES).or(z.literal("")).optional(),
  channel: z.enum(MESSAGE_CHANNELS).or(z.literal("")).optional(),
  filter: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  PageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type TDeliveryMessagesQuery = z.infer<typeof ZDeliveryMessagesQuery>;

/** A time of the ledger as the dialog shows it, "YYYY-MM-DD HH:mm" at the school's time (none: not yet). */
const ZShownTime = z.string().nullable();

/** One recipient's message as `admNotification/{id}/messages` lists it. */
export const ZDeliveryMessage = z.object({
  ID: z.number().int(),
  userId: z.number().int().nullable(),
  /** The recipient's full name, or the address when the school does not know the person. */
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  address: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  /** No retry can mend it (an invalid number, a bounced address). */
  permanent: z.boolean(),
  attempts: z.number().int(),
  sentAt: ZShownTime,
  deliveredAt: ZShownTime,
  readAt: ZShownTime,
  failedAt: ZShownTime,
  /** The failed message this one replaces on the notification's fallback channel. */
  fallbackOf: z.number().int().nullable(),
  /** A reminder of the flow the notification sends, to someone who had not answered it yet. */
  reminder: z.boolean(),
  /** A queued message waiting for its time (the end of the school's quiet hours): when it may go. */
  heldUntil: ZShownTime,
});
export type TDeliveryMessage = z.output<typeof ZDeliveryMessage>;

const ZCount = z.number().int();
/** The run's messages by status, and all of them. */
export const ZDeliveryCounts = z.object({
  queued: ZCount,
  sending: ZCount,
  sent: ZCount,
  delivered: ZCount,
  read: ZCount,
  failed: ZCount,
  total: ZCount,
});
export type TDeliveryCounts = z.output<typeof ZDeliveryCounts>;

/** The notification's own state; `status` is NOTIFICATION_STATUS's. */
export const ZDeliveryNotification = z.object({
  ID: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  run: z.number().int(),
  nextRunAt: ZShownTime,
  /** The people this run reaches; `total` and the other counters are their messages. */
  recipients: ZCount,
  total: ZCount,
  sent: ZCount,
  read: ZCount,
  failed: ZCount,
  /** What the server allows now (it decides, and refuses the rest with its reason). */
  canPause: z.boolean(),
  canResume: z.boolean(),
});
export type TDeliveryNotification = z.output<typeof ZDeliveryNotification>;

/** GET admNotification/{id}/messages: a page of recipients, counters over all of them, the notification. */
export const ZDeliveryAnswer = ZPage(ZDeliveryMessage).extend({ counts: ZDeliveryCounts, notification: ZDeliveryNotification });
export type TDeliveryAnswer = z.output<typeof ZDeliveryAnswer>;

/** POST admNotification/{id}/retry: how many failed messages go out again. */
export const ZDeliveryRetryAnswer = z.object({ count: ZCount });
export type TDeliveryRetryAnswer = z.output<typeof ZDeliveryRetryAnswer>;

/** POST admNotification/{id}/pause and resume: the notification's status now. */
export const ZDeliveryStatusAnswer = z.object({ status: z.number().int() });
export type TDeliveryStatusAnswer = z.output<typeof ZDeliveryStatusAnswer>;
