import { z } from "zod";

/**
 * The requests of a resource's generic calls (spec 000 §7) besides a record's own fields (schema.ts) and a list's
 * query (listQuerySchema): the path's key, the trial and parent of a save, and a file for a record's field.
 */

/** `{resource}/get/{id}`, `edit/{id}`, `delete/{id}`, and a file's `?id=`: the record's key as the path gives it. */
export const ZResourceKey = z.object({ id: z.string().min(1).max(64) });

/** `?dryRun=true`: the save runs whole and keeps nothing (a notification's dry run, an import's check). */
const ZDryRun = z.enum(["true", "false"]).optional();
export const ZCreateQuery = z.object({ parentId: z.string().max(64).optional(), dryRun: ZDryRun });
export const ZEditQuery = z.object({ dryRun: ZDryRun });
export const ZDeleteQuery = z.object({ confirm: z.string().optional() });
export const ZImportQuery = z.object({ dryRun: ZDryRun, parentId: z.string().max(64).optional() });

/** The largest base64 text of a file a call takes (a body's own limit is set above it, for the JSON around it). */
export const FILE_DATA_MAX = 15_000_000;

/** `{resource}/importAttach`: the spreadsheet or CSV, as base64. */
export const ZImportBody = z.object({ data: z.string().min(1).max(FILE_DATA_MAX) });

/** Spec 000 §3 "Upload payload": name (field name plus extension), doc (not an image), data (base64). */
export const ZUpload = z.object({
  name: z.string().trim().min(3).max(200),
  doc: z.boolean().optional(),
  data: z.string().min(1).max(FILE_DATA_MAX),
});
export type TUpload = z.infer<typeof ZUpload>;
