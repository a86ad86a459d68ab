/** The registration domain's one door: a school registering itself at /user/register. */
export { REGISTRATION_ROUTES } from "./routes.ts";
