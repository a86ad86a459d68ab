/** The communities domain's one door: what the composition roots and other domains may import from it. */
export { COMMUNITY_RESOURCES } from "./resources.ts";
