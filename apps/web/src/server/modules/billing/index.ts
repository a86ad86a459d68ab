/** The billing domain's one door: what the composition roots and other domains may import from it. */
export { BILLING_RESOURCES } from "./resources.ts";
export { BILLING_ROUTES } from "./routes.ts";
export { BULK_GRID_ROUTES } from "./bulk-grid-routes.ts";
export { RECEIPT_ROUTES } from "./receipt-routes.ts";
export { ONLINE_PAY_ROUTES, PAYMENT_WEBHOOK_ROUTES } from "./online-routes.ts";
export { STATEMENT_ROUTES } from "./statement-routes.ts";
export { REMINDER_ROUTES } from "./reminders-routes.ts";
export { BILLING_REMINDER_JOBS } from "./reminders-jobs.ts";
export { AUTO_CHARGE_ROUTES } from "./auto-charge-routes.ts";
export { AUTO_CHARGE_JOBS } from "./auto-charge-job.ts";
