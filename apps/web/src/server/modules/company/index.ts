/** The company domain's one door: what the composition roots and other domains may import from it. */
export { COMPANY_ROUTES } from "./routes.ts";
