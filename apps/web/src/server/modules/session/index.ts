/** The session domain's one door: what the composition roots and other domains may import from it. */
export { SESSION_ROUTES } from "./routes.ts";
export { loginAnswer } from "./login-answer.ts";
