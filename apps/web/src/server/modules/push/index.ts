/** The push domain's one door: what the composition roots and other domains may import from it. */
export { PUSH_ROUTES } from "./routes.ts";
