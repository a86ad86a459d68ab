import type { TMessageStatus } from "@pizarra/contracts";

/** The times a row records, each "YYYY-MM-DD HH:mm" at the school's time. */
export const MESSAGE_TIMES = ["sentAt", "deliveredAt", "readAt", "failedAt"] as const;

/** The time that goes with a status: when the row was sent, delivered, read or failed (none while it waits). */
export const STATUS_TIME: Partial<Record<TMessageStatus, (typeof MESSAGE_TIMES)[number]>> = {
  sent: "sentAt",
  delivered: "deliveredAt",
  read: "readAt",
  failed: "failedAt",
};

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
export const STATUS_LOOK: Record<TMessageStatus, { tone: keyof typeof TONES; fill: string }> = {
  queued: { tone: "muted", fill: "var(--color-muted-foreground)" },
  sending: { tone: "warning", fill: "var(--color-warning)" },
  sent: { tone: "info", fill: "var(--color-info)" },
  delivered: { tone: "primary", fill: "var(--color-primary)" },
  read: { tone: "success", fill: "var(--color-success)" },
  failed: { tone: "danger", fill: "var(--color-destructive)" },
};

/** The notification's status chip, as the list's column colours it. */
export const NOTIFICATION_TONE: Record<number, keyof typeof TONES> = { 0: "muted", 1: "info", 2: "warning", 3: "success", 4: "muted", 5: "danger" };
