/** The support domain's one door: what the composition roots and other domains may import from it. */
export { SUPPORT_ROUTES } from "./routes.ts";
