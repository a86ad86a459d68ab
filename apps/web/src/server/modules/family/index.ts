/** The family domain's one door: a student's links to relatives, as staff list, add, change and end them. */
export { familyRoutes } from "./routes.ts";
