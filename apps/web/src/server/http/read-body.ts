import { payloadTooLarge } from "./app-error.ts";

/**
 * A request's body as text, read chunk by chunk and never past `limit` bytes: a declared Content-Length over it is
 * refused before anything is read, and a body of unknown length (chunked) once the bytes read pass it, when the
 * reader is cancelled so that the rest stays on the wire (the refusal closes the connection, handle.ts). So a body
 * costs at most its limit and one chunk, whatever its sender claims. The chunks are joined once, at the end, and
 * decoded as `Request.text()` decodes them (UTF-8, a leading BOM dropped, bad bytes replaced).
 */
export async function readBody(req: Request, limit: number): Promise<string> {
  if (Number(req.headers.get("content-length") ?? 0) > limit) throw payloadTooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      // The answer is the same however the source takes being stopped.
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge();
    }
    chunks.push(read.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** Whether a request's headers announce a body (a length above zero, or chunks). */
export function announcesBody(headers: Headers): boolean {
  return headers.has("transfer-encoding") || Number(headers.get("content-length") ?? 0) > 0;
}
