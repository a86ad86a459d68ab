/** The geography domain's one door: what the composition roots and other domains may import from it. */
export { GEOGRAPHY_ROUTES } from "./routes.ts";
