import { authedRoute, type Route } from "../../http/route.ts";
import { directoryMail, ZDirectoryMail } from "./directory-mail.ts";

/** The directory's send-mail call (its list is generic). */
export const HEALTH_ROUTES: Route[] = [
  authedRoute({ method: "POST", path: "admDirectory/mail", auth: "user", module: "admDirectory", body: ZDirectoryMail, handler: directoryMail }),
];
