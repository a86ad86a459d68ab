/** The whatsapp domain's one door: what the composition roots and other domains may import from it. */
export { WHATSAPP_ROUTES } from "./routes.ts";
export { WHATSAPP_JOBS } from "./jobs.ts";
