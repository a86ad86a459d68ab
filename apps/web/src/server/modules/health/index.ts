/** The health domain's one door: what the composition roots and other domains may import from it. */
export { HEALTH_RESOURCES } from "./resources.ts";
