import { ZDirectoryMail, ZDirectoryMailAnswer, ZDirectorySend, ZDirectorySendAnswer } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { directoryMail } from "./directory-mail.ts";
import { directorySendLabel, sendDirectoryMail } from "./directory-send.ts";

/** The directory's send-mail calls (its list is generic): the checked rows' addresses, then the mail queued to them. */
export const DIRECTORY_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admDirectory/mail",
    auth: "user",
    module: "admDirectory",
    body: ZDirectoryMail,
    answer: ZDirectoryMailAnswer,
    handler: directoryMail,
  }),
  authedRoute({
    method: "POST",
    path: "admDirectory/mail/send",
    auth: "user",
    module: "admDirectory",
    body: ZDirectorySend,
    labelKey: directorySendLabel,
    answer: ZDirectorySendAnswer,
    handler: sendDirectoryMail,
  }),
];
