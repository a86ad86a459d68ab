/**
 * 002 §3 and §4, "Notification": a notification's status, as the server writes it and the lists and the wizard read
 * it. `cancelled` is what the list's filter calls "paused".
 */
export const NOTIFICATION_STATUS = { draft: 0, ready: 1, sending: 2, sent: 3, cancelled: 4, errors: 5 } as const;
export type TNotificationStatus = (typeof NOTIFICATION_STATUS)[keyof typeof NOTIFICATION_STATUS];

const { ready, sending, sent, errors } = NOTIFICATION_STATUS;
/** The statuses whose runs go out: confirmed (ready), and after a first run sending, sent or sent with errors. */
export const RUNNING_NOTIFICATION_STATUSES: readonly TNotificationStatus[] = [ready, sending, sent, errors];
