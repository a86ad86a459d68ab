import type { ZFileParams, ZFileQuery } from "@pizarra/contracts";
import type { z } from "zod";
import { notFound } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { mimeOf } from "../../storage/file-types.ts";
import { storage, verifyFileUrl, verifyPublicFile } from "../../storage/storage.ts";

/** GET files/{key}?exp=&sig=: a stored file through a signed, expiring link (images in grids cannot send a token), or ?sig= for a rich-text image. */
export async function serveFile(
  ctx: BaseContext & { params: z.infer<typeof ZFileParams>; query: z.infer<typeof ZFileQuery> },
): Promise<Reply<null> & { response: Response }> {
  const { tenant, resource, record, file } = ctx.params;
  const key = `${tenant}/${resource}/${record}/${file}`;
  const { exp, sig } = ctx.query;
  if (!(exp === undefined ? verifyPublicFile(key, sig) : verifyFileUrl(key, exp, sig))) throw notFound();
  // Streamed from the store (disk or bucket) as it arrives: a large PDF is never held whole in the server's memory.
  const stored = await storage().open(key);
  if (!stored) throw notFound();
  const ext = key.split(".").pop()!;
  const inline = ["jpg", "jpeg", "png", "gif", "pdf"].includes(ext);
  return {
    data: null,
    response: new Response(stored.body, {
      headers: {
        "content-type": mimeOf(ext),
        "content-length": String(stored.size),
        "content-disposition": `${inline ? "inline" : "attachment"}; filename="${file}"`,
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    }),
  };
}
