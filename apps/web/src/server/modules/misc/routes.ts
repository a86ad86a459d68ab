import { authedRoute, type Route } from "../../http/route.ts";
import { deleteContentFile, uploadContentFile, ZContentFile, ZContentFileDelete } from "./content-file.ts";

/** Rich-text editor images (000 §7): any signed-in user who may modify some module (checked in the handlers). */
export const MISC_ROUTES: Route[] = [
  authedRoute({ method: "POST", path: "misc/content/file", auth: "user", module: null, body: ZContentFile, maxBytes: 4 * 1024 * 1024, handler: uploadContentFile }),
  authedRoute({ method: "POST", path: "misc/content/file/delete", auth: "user", module: null, body: ZContentFileDelete, handler: deleteContentFile }),
];
