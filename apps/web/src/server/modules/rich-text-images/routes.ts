import { ZContentFile, ZContentFileAnswer, ZContentFileDelete, ZContentFileDeleteAnswer } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import type { ResourceServer } from "../../resource/factory.ts";
import { deleteContentFile, uploadContentFile } from "./content-file.ts";

/**
 * Rich-text editor images (000 §7). Rich text belongs to every module that has an editor field, so the right to add
 * or remove an image is the right to modify some module (refused as "misc"): a read-only user cannot store files.
 */
const SOME_EDITOR = { anyModule: "misc" } as const;

/** `served`: every resource the engine serves, whose rich text may show an image (from the composition root). */
export const richTextImageRoutes = (served: readonly ResourceServer[]): Route[] => [
  authedRoute({
    method: "POST",
    path: "misc/content/file",
    auth: "user",
    module: null,
    need: SOME_EDITOR,
    body: ZContentFile,
    maxBytes: 4 * 1024 * 1024,
    answer: ZContentFileAnswer,
    handler: uploadContentFile,
  }),
  authedRoute({
    method: "POST",
    path: "misc/content/file/delete",
    auth: "user",
    module: null,
    need: SOME_EDITOR,
    body: ZContentFileDelete,
    answer: ZContentFileDeleteAnswer,
    handler: (ctx) => deleteContentFile(ctx, served),
  }),
];
