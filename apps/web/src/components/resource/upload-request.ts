import type { TEnvelope } from "@pizarra/contracts";
import { logout, type ApiResult } from "@/client/api.ts";
import { currentLocale } from "@/client/preferences.ts";
import { isExpired, readSession, storedToken } from "@/client/session.ts";

/** What an upload answers (spec 000 §7): the field, the storage key and a signed link. */
export interface UploadAnswer {
  name: string;
  value: string;
  url: string;
}

/**
 * A POST with upload progress, which fetch cannot report (spec 000 §4 "Upload": a percentage, cancelling possible):
 * the same `/api/<path>`, X-Locale and bearer token as api.ts, the same {status, msg, data} envelope. It shows no
 * toast itself: the caller shows the refusal in place (spec 000 §8). An aborted call answers httpStatus 0 and no msg.
 */
export function postWithProgress<T>(
  path: string,
  body: unknown,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const failed = (httpStatus: number, msg: string): ApiResult<T> => ({
    ok: false,
    httpStatus,
    envelope: { status: -Math.max(httpStatus, 1), msg, data: null as T },
  });
  const session = readSession();
  if (session && isExpired(session)) {
    logout();
    return Promise.resolve(failed(401, ""));
  }
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(failed(0, ""));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/${path.replace(/^\/+/, "")}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("X-Locale", currentLocale());
    const token = storedToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const done = (result: ApiResult<T>) => {
      signal?.removeEventListener("abort", abort);
      resolve(result);
    };
    xhr.onabort = () => done(failed(0, ""));
    xhr.onerror = () => done(failed(0, xhr.statusText));
    xhr.onload = () => {
      if (xhr.status === 401 && token) {
        logout();
        return done(failed(401, ""));
      }
      let envelope: TEnvelope<T>;
      try {
        envelope = JSON.parse(xhr.responseText) as TEnvelope<T>;
      } catch {
        return done(failed(xhr.status, xhr.statusText));
      }
      const ok = xhr.status >= 200 && xhr.status < 300 && typeof envelope.status === "number" && envelope.status >= 0;
      done({ ok, httpStatus: xhr.status, envelope });
    };
    xhr.send(JSON.stringify(body ?? {}));
  });
}
