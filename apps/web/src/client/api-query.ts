import { queryOptions, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { type ApiOptions, type ApiResult, api } from "./api.ts";

type Query = ApiOptions["query"];

/**
 * A read the API refused or could not answer. The wrapper has already told the person (a toast) unless the read asked
 * for `notify: false`, in which case the screen shows `result` in place.
 */
export class ApiReadError extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(result.envelope.msg || `HTTP ${result.httpStatus}`);
  }
}

/**
 * A failed read's text for a screen that shows it in place: the refusal in the reader's language, or nothing for a
 * connection that dropped (its text is the browser's, not the reader's).
 */
export function refusalText(error: unknown): string {
  return error instanceof ApiReadError && error.result.httpStatus !== 0 ? error.result.envelope.msg : "";
}

/**
 * A call's answer for a query function: its data (never undefined, which TanStack keeps for "no answer yet"), or its
 * refusal thrown, so that the query holds it as its error.
 */
export async function answerOf<T>(request: Promise<ApiResult<T>>): Promise<T> {
  const result = await request;
  if (!result.ok) throw new ApiReadError(result);
  return (result.envelope.data ?? null) as T;
}

/**
 * The cache key of a read: its path, then its query. Two screens reading the same thing share one request and one
 * answer, and invalidating `apiKey(path)` refreshes every query of that path (every page of a list, its count).
 */
export const apiKey = (path: string, query?: Query): readonly unknown[] => (query === undefined ? ["api", path] : ["api", path, query]);

/**
 * A GET of the API as a query: TanStack's signal aborts it once no screen needs its answer, and a refusal becomes the
 * query's error. `notify: "first"` says why only a read that has nothing on screen yet failed: a poll or a refresh
 * that fails keeps the last answer and raises no toast.
 */
export function apiGet<T>(
  path: string,
  options: { query?: Query; notify?: boolean | "first" /** Parts that tell apart reads of the same call. */; apart?: readonly unknown[] } = {},
) {
  const { apart = [], notify, ...request } = options;
  return queryOptions({
    queryKey: [...apiKey(path, request.query ?? {}), ...apart],
    queryFn: ({ signal, client, queryKey }) =>
      answerOf(api.get<T>(path, { ...request, signal, notify: notify === "first" ? client.getQueryData(queryKey) === undefined : notify })),
  });
}

/** Refreshes every read of these paths after a write changed what they answer. */
export function refreshReads(client: QueryClient, ...paths: string[]): Promise<void> {
  return Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: apiKey(path) }))).then(() => undefined);
}

/**
 * The record a form is about to edit, read afresh at each opening (each new `opening`, null while closed): a form
 * takes its values from the first answer it sees, so a record opened again after a save must never be answered from
 * the earlier read. Each opening is a query of its own, dropped once the next one starts. `data` is null while
 * loading; `onFailed` is called when the record cannot be had; `update` changes the answer in place after a save of
 * part of it.
 */
export function useFormRead<T>(path: string | null, opening: unknown, onFailed: () => void) {
  const failed = useRef(onFailed);
  failed.current = onFailed;
  const client = useQueryClient();
  const reader = useId();
  const [seen, setSeen] = useState({ opening, count: 0 });
  if (!Object.is(seen.opening, opening)) setSeen({ opening, count: seen.count + 1 });
  const wanted = path !== null && opening !== null;
  const read = apiGet<T>(path ?? "", { apart: [reader, seen.count] });
  const { data, isError, isSuccess } = useQuery({ ...read, enabled: wanted, gcTime: 0 });
  // An answer without its record (deleted meanwhile) is as much a failure as a refusal.
  const missing = isError || (isSuccess && data === null);
  useEffect(() => {
    if (missing) failed.current();
  }, [missing]);
  const { queryKey } = read;
  const update = useCallback(
    (change: (data: T) => T) => client.setQueryData<T>(queryKey, (old) => (old === undefined || old === null ? old : change(old))),
    [client, queryKey],
  );
  return { data: wanted && data !== undefined ? data : null, update };
}
