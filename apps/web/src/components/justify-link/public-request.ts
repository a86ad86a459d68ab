import type { TEnvelope, TLocale } from "@pizarra/contracts";

/** What the family's page needs of an answer: whether it went, the envelope's status and message, and its data. */
export interface PublicAnswer<T> {
  ok: boolean;
  /** The envelope's status; 0 when the server could not be reached or did not answer with an envelope. */
  status: number;
  msg: string;
  data: T | null;
}

/**
 * A call of the family's page, which has no account: the same `/api/<path>` and {status, msg, data} envelope as the
 * app's calls, in the page's language, but never with a session's token. The link's token in the path is the only
 * credential, so a refusal is about the link and signs nobody out (api.ts would log out a member of staff who opened
 * their own child's link). XHR rather than fetch, for the upload's progress.
 */
export function publicRequest<T>(
  method: "GET" | "POST",
  path: string,
  { locale, body, onProgress }: { locale: TLocale; body?: unknown; onProgress?: (percent: number) => void },
): Promise<PublicAnswer<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api/${path}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-Locale", locale);
    if (body !== undefined) xhr.setRequestHeader("Content-Type", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const unreachable = { ok: false, status: 0, msg: "", data: null };
    xhr.onerror = () => resolve(unreachable);
    xhr.onload = () => {
      try {
        const envelope = JSON.parse(xhr.responseText) as TEnvelope<T>;
        const ok = xhr.status >= 200 && xhr.status < 300 && envelope.status >= 0;
        resolve({ ok, status: envelope.status, msg: envelope.msg ?? "", data: envelope.data ?? null });
      } catch {
        resolve(unreachable);
      }
    };
    xhr.send(body === undefined ? null : JSON.stringify(body));
  });
}
