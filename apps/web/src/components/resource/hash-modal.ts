"use client";

import { useCallback, useEffect, useRef } from "react";
import { useLatest } from "./use-latest.ts";

const PREFIX = "#modalId=";

export const modalHash = (modalId: string) => `${PREFIX}${encodeURIComponent(modalId)}`;

/** Hands the current history entry over to another modal (preview → edit) without a Back step in between. */
export function replaceModalHash(modalId: string): void {
  window.history.replaceState(window.history.state, "", modalHash(modalId));
}

/** A stale #modalId left by a reload names a modal that is no longer open: drop it. */
export function clearStaleModalHash(): void {
  if (window.location.hash.startsWith(PREFIX)) {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }
}

/**
 * Spec 000 §2.6: an open modal adds `#modalId=…` to the URL so that the browser's Back button closes it. The
 * returned function is the only way to close the modal from the page: it steps Back over the modal's own entry
 * (the popstate then closes it), so the history keeps no dead entries. `hold` may keep the modal open when the
 * person presses Back (unsaved changes: see close-guard.tsx); it gets the close function to call once they choose.
 */
export function useHashModal(open: boolean, modalId: string, onClosed: () => void, hold?: (leave: () => void) => boolean): () => void {
  const hash = modalHash(modalId);
  const closedRef = useLatest(onClosed);
  const holdRef = useLatest(hold);
  // The page's own close steps Back too: that popstate is not the person's Back and is never held.
  const leaving = useRef(false);
  const close = useCallback(() => {
    if (window.location.hash === hash) {
      leaving.current = true;
      window.history.back();
    } else closedRef.current();
  }, [hash, closedRef]);
  useEffect(() => {
    if (!open) return;
    if (window.location.hash !== hash) window.history.pushState(window.history.state, "", hash);
    const onPop = () => {
      if (window.location.hash === hash) return;
      const own = leaving.current;
      leaving.current = false;
      // Held: the modal's entry comes back while the person chooses, so that discarding steps Back again.
      if (!own && holdRef.current?.(close)) window.history.pushState(window.history.state, "", hash);
      else closedRef.current();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [open, hash, closedRef, holdRef, close]);
  return close;
}
