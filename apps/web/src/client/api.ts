import type { TEnvelope } from "@pizarra/contracts";
import { toast } from "@pizarra/ui";
import { currentLocale } from "./preferences.ts";
import { clearSession, isExpired, readSession, storedToken } from "./session.ts";

/** Where an HTTP 401 or an expired token sends the person (spec 000 §2.1). */
export const LOGIN_PATH = "/user/login";

type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Show failures as toasts (spec 000 §8). Default true; a caller that shows them in place turns it off. */
  notify?: boolean;
  /**
   * A long call that streams its progress (application/x-ndjson: lines of progress, then the envelope as the last
   * line) hands each progress line here as it comes.
   */
  onProgress?: (line: unknown) => void;
}

/** The envelope of a streamed answer: the lines that report progress go to `onProgress` as they come. */
async function streamedEnvelope(response: Response, onProgress: (line: unknown) => void): Promise<unknown> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  let last: unknown = null;
  for (;;) {
    const { done, value: chunk } = await reader.read();
    pending += chunk ?? "";
    const lines = pending.split("\n");
    pending = done ? "" : lines.pop()!;
    for (const line of lines.filter((l) => l.trim())) {
      const value = JSON.parse(line) as Record<string, unknown>;
      if ("progress" in value) onProgress(value);
      else last = value;
    }
    if (done) return last;
  }
}

export interface ApiResult<T> {
  /** True when the HTTP call succeeded and the envelope's status is 0 or more. */
  ok: boolean;
  httpStatus: number;
  envelope: TEnvelope<T>;
}

/** Texts the wrapper needs outside React; the root providers fill them in from the message catalogue. */
const texts = {
  errorTitle: "Opps",
  httpErrorTitle: "Ooops",
  networkError: "The server could not be reached.",
  sessionExpired: "Your session has expired.",
};

export function configureApiTexts(next: typeof texts): void {
  Object.assign(texts, next);
}

/**
 * Logout (spec 000 §4) and a full load of the login page, so that no state of the old session survives. The server
 * ends the session too (keepalive: the request outlives the page), so a copied token stops working.
 */
export function logout(): void {
  const token = storedToken();
  if (token) {
    void fetch("/api/admStaff/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
  }
  clearSession();
  window.location.assign(LOGIN_PATH);
}

function endSession(message: string): void {
  toast.info(message, { id: "session-ended" });
  logout();
}

function url(path: string, query: ApiOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/${path.replace(/^\/+/, "")}${search ? (path.includes("?") ? "&" : "?") + search : ""}`;
}

function failure<T>(httpStatus: number, msg: string): ApiResult<T> {
  return { ok: false, httpStatus, envelope: { status: -Math.max(httpStatus, 1), msg, data: null as T } };
}

/**
 * The one way the pages call the API: same origin, `/api/<spec path>`, X-Locale and the bearer token, the
 * {status, msg, data} envelope typed. Negative statuses become a red toast titled 'Opps', HTTP failures one titled
 * 'Ooops' (spec 000 §8); a 401 logs out.
 */
export async function apiRequest<T>(method: "GET" | "POST", path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const { query, body, signal, notify = true, onProgress } = options;
  const session = readSession();
  if (session && isExpired(session)) {
    endSession(texts.sessionExpired);
    return failure(401, texts.sessionExpired);
  }
  const headers: Record<string, string> = { Accept: onProgress ? "application/x-ndjson, application/json" : "application/json", "X-Locale": currentLocale() };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === "POST") headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(url(path, query), {
      method,
      headers,
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
      signal,
      cache: "no-store",
    });
  } catch (error) {
    if (signal?.aborted) return failure(0, "");
    if (notify) toast.error(texts.httpErrorTitle, { description: texts.networkError });
    return failure(0, error instanceof Error ? error.message : texts.networkError);
  }

  let envelope: TEnvelope<T>;
  // A refusal the API explains in its envelope (validation, permission …) is a business error titled 'Opps'; a
  // failure without one (proxy error, crash) is an HTTP failure titled 'Ooops' (spec 000 §8).
  let explained = true;
  try {
    const streamed = onProgress && (response.headers.get("content-type") ?? "").includes("ndjson");
    envelope = (streamed ? await streamedEnvelope(response, onProgress) : await response.json()) as TEnvelope<T>;
    if (!envelope) throw new Error("no envelope");
  } catch {
    explained = false;
    envelope = failure<T>(response.status, response.statusText || texts.networkError).envelope;
  }

  if (response.status === 401 && token) {
    endSession(envelope.msg || texts.sessionExpired);
    return { ok: false, httpStatus: 401, envelope };
  }
  const ok = response.ok && typeof envelope.status === "number" && envelope.status >= 0;
  if (!ok && notify) {
    if (explained && typeof envelope.status === "number") toast.error(texts.errorTitle, { description: envelope.msg });
    else toast.error(texts.httpErrorTitle, { description: envelope.Message || envelope.msg || response.statusText });
  }
  return { ok, httpStatus: response.status, envelope };
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiOptions, "body">) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiOptions, "body">) => apiRequest<T>("POST", path, { ...options, body }),
};
