/** The access domain's one door: the menu a user's rights open, for the session domain's login answer. */
export { buildMenu } from "./menu.ts";
