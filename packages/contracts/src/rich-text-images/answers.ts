import { z } from "zod";

/** POST misc/content/file: the image's lasting link, which the editor inserts (null only for a key no image has), and its key. */
export const ZContentFileAnswer = z.object({ url: z.string().nullable(), name: z.string() });
export type TContentFileAnswer = z.output<typeof ZContentFileAnswer>;

/** POST misc/content/file/delete: the key of the image removed. */
export const ZContentFileDeleteAnswer = z.object({ name: z.string() });
export type TContentFileDeleteAnswer = z.output<typeof ZContentFileDeleteAnswer>;
