"use client";

import { useEffect, useSyncExternalStore } from "react";
import { whenIdle } from "./idle.ts";

/** A module no page needs to paint, fetched once, when asked or when the page is first idle; then kept. */
export interface Deferred<M> {
  /** The module, once it has arrived. */
  current(): M | null;
  /** Fetches it (once); a failed fetch (offline) is tried again at the next ask. */
  load(): Promise<M>;
  /** The module in a component, which renders again when it arrives; null before (and while hydrating). */
  useLoaded(): M | null;
}

export function deferred<M>(fetchModule: () => Promise<M>): Deferred<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const waiting = new Set<() => void>();
  const load = () =>
    (loading ??= fetchModule().then(
      (fetched) => {
        loaded = fetched;
        for (const notify of waiting) notify();
        return fetched;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const subscribe = (notify: () => void) => {
    waiting.add(notify);
    return () => waiting.delete(notify);
  };
  return {
    current: () => loaded,
    load,
    useLoaded() {
      useEffect(() => whenIdle(() => void load().catch(() => {})), []);
      return useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      );
    },
  };
}
