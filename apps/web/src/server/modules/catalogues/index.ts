/** The catalogues domain's one door: what the composition roots and other domains may import from it. */
export { CATALOGUE_ROUTES } from "./routes.ts";
export { CATALOGUE_RESOURCES } from "./resources.ts";
