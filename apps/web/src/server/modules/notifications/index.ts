/** The notifications domain's one door: what the composition roots and other domains may import from it. */
export { notificationRoutes } from "./routes.ts";
export { NOTIFICATIONS_RESOURCES } from "./resources.ts";
export { NOTIFICATIONS_JOBS } from "./jobs.ts";
