/** The bell's sample notifications (spec 000 §2.2: menu notifications are off), by message key. */
export const NOTIFICATION_SAMPLES = ["n1", "n2", "n3"] as const;
