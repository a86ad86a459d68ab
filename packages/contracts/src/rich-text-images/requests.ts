import { z } from "zod";

/** POST misc/content/file: an editor image, base64 (a data: URL's prefix is taken off). */
export const ZContentFile = z.object({ data: z.string().min(1).max(3_000_000) });
/** POST misc/content/file/delete: the image, by its link or its key. */
export const ZContentFileDelete = z.object({ name: z.string().trim().min(1).max(500) });
