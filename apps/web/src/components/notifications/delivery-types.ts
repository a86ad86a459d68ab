/** A ledger row's status, in the order a message moves through them (failed may come from any of them). */
export const MESSAGE_STATUSES = ["queued", "sending", "sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_CHANNELS = ["whatsapp", "mail", "push"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The times a row records, each "YYYY-MM-DD HH:mm" at the school's time. */
export const MESSAGE_TIMES = ["sentAt", "deliveredAt", "readAt", "failedAt"] as const;

/** The time that goes with a status: when the row was sent, delivered, read or failed (none while it waits). */
export const STATUS_TIME: Partial<Record<MessageStatus, (typeof MESSAGE_TIMES)[number]>> = {
  sent: "sentAt",
  delivered: "deliveredAt",
  read: "readAt",
  failed: "failedAt",
};

/** One recipient's message as `admNotification/{id}/messages` lists it. */
export interface DeliveryMessage {
  ID: number;
  userId: number | null;
  /** The recipient's full name, or the address when the school does not know the person. */
  name: string;
  channel: MessageChannel;
  address: string;
  status: MessageStatus;
  /** Why it failed, in the reader's language. */
  error: string | null;
  /** No retry can mend it (an invalid number, a bounced address). */
  permanent: boolean;
  attempts: number;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
  /** The failed message this one replaces on the notification's fallback channel. */
  fallbackOf: number | null;
  /** A reminder of the flow the notification sends, to someone who had not answered it yet. */
  reminder: boolean;
  /** A queued message waiting for its time (the end of the school's quiet hours): when it may go. */
  heldUntil: string | null;
}

export type DeliveryCounts = Record<MessageStatus | "total", number>;

/** The notification's own state; `status` is 002 §3's: 0 draft, 1 ready, 2 sending, 3 sent, 4 paused, 5 errors. */
export interface DeliveryNotification {
  ID: number;
  name: string;
  status: number;
  run: number;
  nextRunAt: string | null;
  /** The people this run reaches; `total` and the other counters are their messages. */
  recipients: number;
  total: number;
  sent: number;
  read: number;
  failed: number;
  /** What the server allows now (it decides, and refuses the rest with its reason). */
  canPause: boolean;
  canResume: boolean;
}

/** The answer of `GET admNotification/{id}/messages`: a page of recipients, counters over all of them, the notification. */
export interface DeliveryAnswer {
  Results: DeliveryMessage[];
  RowCount: number;
  PageCount: number;
  counts: DeliveryCounts;
  notification: DeliveryNotification;
}

/** Chip colours of the app's grid (design tokens, text mixed towards the ink so that it reads on its tint). */
export const TONES = {
  muted: "bg-muted text-muted-foreground",
  warning: "bg-warning/20 text-warning-foreground",
  info: "bg-info/15 text-[color-mix(in_oklab,var(--color-info)_65%,var(--color-foreground))]",
  primary: "bg-primary/15 text-[color-mix(in_oklab,var(--color-primary)_65%,var(--color-foreground))]",
  success: "bg-success/15 text-[color-mix(in_oklab,var(--color-success)_65%,var(--color-foreground))]",
  danger: "bg-destructive/15 text-[color-mix(in_oklab,var(--color-destructive)_65%,var(--color-foreground))]",
} as const;

/** Each status's chip and the fill of its bar in the chart. */
export const STATUS_LOOK: Record<MessageStatus, { tone: keyof typeof TONES; fill: string }> = {
  queued: { tone: "muted", fill: "var(--color-muted-foreground)" },
  sending: { tone: "warning", fill: "var(--color-warning)" },
  sent: { tone: "info", fill: "var(--color-info)" },
  delivered: { tone: "primary", fill: "var(--color-primary)" },
  read: { tone: "success", fill: "var(--color-success)" },
  failed: { tone: "danger", fill: "var(--color-destructive)" },
};

/** The notification's status chip, as the list's column colours it. */
export const NOTIFICATION_TONE: Record<number, keyof typeof TONES> = { 0: "muted", 1: "info", 2: "warning", 3: "success", 4: "muted", 5: "danger" };
