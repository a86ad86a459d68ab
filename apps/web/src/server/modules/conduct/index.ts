/** The conduct domain's one door: what the composition roots and other domains may import from it. */
export { CONDUCT_ROUTES } from "./routes.ts";
export { CONDUCT_RESOURCES } from "./resources.ts";
