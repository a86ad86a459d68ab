import type { DeclaredJob } from "./delivery/queue.ts";
import { ATTENDANCE_JOBS } from "./modules/attendance/index.ts";
import { AUTO_CHARGE_JOBS, BILLING_REMINDER_JOBS } from "./modules/billing/index.ts";
import { CONVERSATION_JOBS } from "./modules/conversations/index.ts";
import { NOTIFICATIONS_JOBS } from "./modules/notifications/index.ts";
import { SESSION_JOBS } from "./modules/session/index.ts";
import { WHATSAPP_JOBS } from "./modules/whatsapp/index.ts";

/** Composition root of the queue: every job the worker runs, as each domain exports it from its door, `modules/<domain>/index.ts`. */
export const JOBS: DeclaredJob[] = [
  ...NOTIFICATIONS_JOBS,
  ...ATTENDANCE_JOBS,
  ...WHATSAPP_JOBS,
  ...SESSION_JOBS,
  ...CONVERSATION_JOBS,
  ...BILLING_REMINDER_JOBS,
  ...AUTO_CHARGE_JOBS,
];
