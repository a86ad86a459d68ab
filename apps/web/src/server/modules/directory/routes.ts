import { authedRoute, type Route } from "../../http/route.ts";
import { directoryMail, ZDirectoryMail } from "./directory-mail.ts";
import { directorySendLabel, sendDirectoryMail, ZDirectorySend } from "./directory-send.ts";

/** The directory's send-mail calls (its list is generic): the checked rows' addresses, then the mail queued to them. */
export const DIRECTORY_ROUTES: Route[] = [
  authedRoute({ method: "POST", path: "admDirectory/mail", auth: "user", module: "admDirectory", body: ZDirectoryMail, handler: directoryMail }),
  authedRoute({
    method: "POST",
    path: "admDirectory/mail/send",
    auth: "user",
    module: "admDirectory",
    body: ZDirectorySend,
    labelKey: directorySendLabel,
    handler: sendDirectoryMail,
  }),
];
