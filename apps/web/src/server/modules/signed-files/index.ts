/** The signed-files domain's one door: what the composition roots and other domains may import from it. */
export { SIGNED_FILE_ROUTES } from "./routes.ts";
