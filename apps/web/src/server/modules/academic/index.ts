/** The academic domain's one door: what the composition roots and other domains may import from it. */
export { ACADEMIC_ROUTES } from "./routes.ts";
export { ACADEMIC_RESOURCES } from "./resources.ts";
export { staffOwnerRules } from "./subject-rules.ts";
