/** The flows domain's one door: what the composition roots and other domains may import from it. */
export { FLOWS_ROUTES } from "./routes.ts";
export { FLOWS_RESOURCES } from "./resources.ts";
