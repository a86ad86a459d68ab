/** The module-admin domain's one door: what the composition roots and other domains may import from it. */
export { MODULE_ROUTES } from "./routes.ts";
