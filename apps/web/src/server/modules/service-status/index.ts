/** The service-status domain's one door: what the composition roots and other domains may import from it. */
export { startHeartbeat } from "./heartbeat.ts";
export { SERVICE_STATUS_ROUTES } from "./routes.ts";
