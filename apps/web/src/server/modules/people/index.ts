/** The people domain's one door: what the composition roots and other domains may import from it. */
export { PEOPLE_ROUTES } from "./routes.ts";
export { PEOPLE_RESOURCES, SECTION_SELECT } from "./resources.ts";
export { placeStudent, placeStudents } from "./student-rules.ts";
export { optOut } from "./opt-out-rules.ts";
