import { randomBytes } from "node:crypto";
import { request } from "undici";
import { env } from "../../env.ts";
import { log } from "../../log.ts";
import { contentMatches } from "../../storage/file-types.ts";
import { storage } from "../../storage/storage.ts";

/** Meta keeps a family's file a while and serves it only with the token; a photo from a phone fits well within this. */
const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
/** The files kept: what a screen can show safely, recognised by content, not by what Meta or the sender said. */
const KEPT = [
  { mime: "image/jpeg", ext: "jpg" },
  { mime: "image/png", ext: "png" },
  { mime: "application/pdf", ext: "pdf" },
] as const;

/** A fetch that can mend (Meta busy, a timeout): the job is tried again. */
export class MediaUnavailable extends Error {}

async function getWithToken(url: string): Promise<{ status: number; body: Buffer }> {
  const res = await request(url, {
    headers: { authorization: `Bearer ${env().WHATSAPP_TOKEN ?? ""}` },
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });
  const declared = Number(res.headers["content-length"] ?? 0);
  if (declared > MEDIA_MAX_BYTES) {
    res.body.destroy();
    return { status: 413, body: Buffer.alloc(0) };
  }
  // Limited while it is read: a server that lies about its length cannot fill the worker's memory.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > MEDIA_MAX_BYTES) {
      res.body.destroy();
      return { status: 413, body: Buffer.alloc(0) };
    }
    chunks.push(chunk as Buffer);
  }
  return { status: res.statusCode, body: Buffer.concat(chunks) };
}

/**
 * A family's file, fetched through the Cloud API's media endpoint (`GET /{media-id}` answers a short-lived URL, read
 * with the same token) into the school's storage. Null when it is not a kind the inbox keeps or Meta no longer has it
 * (the message is kept without it); MediaUnavailable when a retry may fetch it.
 */
export async function fetchMedia(tenantId: number, inboundId: number, mediaId: string): Promise<{ key: string; type: string } | null> {
  const base = env().WHATSAPP_API_URL.replace(/\/+$/, "");
  try {
    const meta = await getWithToken(`${base}/${encodeURIComponent(mediaId)}`);
    if (meta.status === 429 || meta.status >= 500) throw new MediaUnavailable(`media ${mediaId}: HTTP ${meta.status}`);
    if (meta.status !== 200) return null;
    const { url } = JSON.parse(meta.body.toString("utf8")) as { url?: unknown };
    if (typeof url !== "string" || !/^https?:\/\//.test(url)) return null;
    const file = await getWithToken(url);
    if (file.status === 429 || file.status >= 500) throw new MediaUnavailable(`media ${mediaId}: HTTP ${file.status}`);
    if (file.status !== 200) return null;
    const kind = KEPT.find((k) => contentMatches(k.ext, file.body));
    if (!kind) return null;
    const key = `t${tenantId}/conversations/in${inboundId}/media-${randomBytes(8).toString("hex")}.${kind.ext}`;
    await storage().put(key, file.body);
    return { key, type: kind.mime };
  } catch (error) {
    if (error instanceof MediaUnavailable) throw error;
    if (error instanceof SyntaxError) return null;
    log().warn({ mediaId: mediaId.slice(0, 80), error: (error as Error).message }, "a family's file could not be fetched");
    throw new MediaUnavailable((error as Error).message);
  }
}
