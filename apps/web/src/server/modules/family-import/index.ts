/** The students-and-families import's one door: its routes, for the composition root. */
export { FAMILY_IMPORT_ROUTES } from "./routes.ts";
