/** The service-status domain's one door: what the composition roots and other domains may import from it. */
export { SERVICE_STATUS_ROUTES } from "./routes.ts";
