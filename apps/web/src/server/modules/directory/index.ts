/** The directory domain's one door: what the composition roots and other domains may import from it. */
export { DIRECTORY_ROUTES } from "./routes.ts";
export { DIRECTORY_RESOURCES } from "./resources.ts";
