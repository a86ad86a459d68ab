import type { TEnvelope, TLocale } from "@pizarra/contracts";
import { useLocale } from "next-intl";
import { useCallback, useEffect, useState } from "react";

/** What a link's page needs of an answer: whether it went, whether it came at all, the envelope's status and message, and its data. */
export interface PublicAnswer<T> {
  ok: boolean;
  /**
   * False when the server could not be reached or did not answer with an envelope. Its own flag: the envelope's
   * status cannot say it, since 0 is also what a success carries.
   */
  reached: boolean;
  status: number;
  msg: string;
  data: T | null;
}

/**
 * A call of a link's page, which has no account: the same `/api/<path>` and {status, msg, data} envelope as the
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
    const unreachable = { ok: false, reached: false, status: 0, msg: "", data: null };
    xhr.onerror = () => resolve(unreachable);
    xhr.onload = () => {
      try {
        const envelope = JSON.parse(xhr.responseText) as TEnvelope<T>;
        const ok = xhr.status >= 200 && xhr.status < 300 && envelope.status >= 0;
        resolve({ ok, reached: true, status: envelope.status, msg: envelope.msg ?? "", data: envelope.data ?? null });
      } catch {
        resolve(unreachable);
      }
    };
    xhr.send(body === undefined ? null : JSON.stringify(body));
  });
}

/** A link's page before its data is there: loading, the school out of reach (with a retry), or the link refused. */
export type Pending = { kind: "loading" } | { kind: "unreachable" } | { kind: "refused"; expired: boolean; msg: string };
export type Loaded<T> = Pending | { kind: "ready"; link: T };

/** What a page shows for an answer about its link: the link, or why not. */
export function loadedFrom<T>(answer: PublicAnswer<T>): Loaded<T> {
  if (answer.ok && answer.data) return { kind: "ready", link: answer.data };
  if (!answer.reached) return { kind: "unreachable" };
  return { kind: "refused", expired: answer.status === -410, msg: answer.msg };
}

/**
 * A link's page's data: GET `path` on opening and on `reload` (the retry), in the page's language. `show` puts an
 * answer of the page's own POST in its place.
 */
export function usePublicLink<T>(path: string) {
  const locale = useLocale() as TLocale;
  const [loaded, setLoaded] = useState<Loaded<T>>({ kind: "loading" });
  const reload = useCallback(() => {
    setLoaded({ kind: "loading" });
    void publicRequest<T>("GET", path, { locale }).then((answer) => setLoaded(loadedFrom(answer)));
  }, [path, locale]);
  useEffect(reload, [reload]);
  return { loaded, reload, show: setLoaded, locale };
}
