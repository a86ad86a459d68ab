import { z } from "zod";

/**
 * GET files/{tenant}/{resource}/{record}/{file} (000 §7), a stored file behind a signed link: `exp` makes an
 * expiring link (grids, forms); without it the link is a rich-text image's lasting one. It answers with the file.
 */
export const ZFileQuery = z.object({ exp: z.coerce.number().int().optional(), sig: z.string().min(20).max(100) });
export const ZFileParams = z.object({ tenant: z.string(), resource: z.string(), record: z.string(), file: z.string() });
