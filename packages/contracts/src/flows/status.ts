import { NOTIFICATION_STATUS, type TNotificationStatus } from "../notifications/status.ts";

/**
 * 001 §4 "Flow send status": a flow's sending is the notification that sends it, so its status takes that
 * notification's values (draft, ready, sending, sent, cancelled, errors); a flow nothing has sent yet is a draft.
 */
export const FLOW_SEND_STATUS = NOTIFICATION_STATUS;
export type TFlowSendStatus = TNotificationStatus;
/** Every send status, in the order the flows list's filter offers them. */
export const FLOW_SEND_STATUSES: readonly TFlowSendStatus[] = Object.values(FLOW_SEND_STATUS);
