import { authedRoute, type Route } from "../../http/route.ts";
import { deleteContentFile, uploadContentFile, ZContentFile, ZContentFileDelete } from "./content-file.ts";

/**
 * Rich-text editor images (000 §7). Rich text belongs to every module that has an editor field, so the right to add
 * or remove an image is the right to modify some module (refused as "misc"): a read-only user cannot store files.
 */
const SOME_EDITOR = { anyModule: "misc" } as const;

export const RICH_TEXT_IMAGE_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "misc/content/file",
    auth: "user",
    module: null,
    need: SOME_EDITOR,
    body: ZContentFile,
    maxBytes: 4 * 1024 * 1024,
    handler: uploadContentFile,
  }),
  authedRoute({
    method: "POST",
    path: "misc/content/file/delete",
    auth: "user",
    module: null,
    need: SOME_EDITOR,
    body: ZContentFileDelete,
    handler: deleteContentFile,
  }),
];
