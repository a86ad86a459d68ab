/** The grades domain's one door: what the composition roots and other domains may import from it. */
export { GRADES_ROUTES } from "./routes.ts";
export { GRADES_RESOURCES } from "./resources.ts";
export { dropArtefactsAbout } from "./artefacts.ts";
export { type OnlineGrade, onlineGrades } from "./family-grades.ts";
