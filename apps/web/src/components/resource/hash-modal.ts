"use client";

import { useCallback, useEffect } from "react";
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
 * (the popstate then closes it), so the history keeps no dead entries.
 */
export function useHashModal(open: boolean, modalId: string, onClosed: () => void): () => void {
  const hash = modalHash(modalId);
  const closedRef = useLatest(onClosed);
  useEffect(() => {
    if (!open) return;
    if (window.location.hash !== hash) window.history.pushState(window.history.state, "", hash);
    const onPop = () => {
      if (window.location.hash !== hash) closedRef.current();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [open, hash, closedRef]);
  return useCallback(() => {
    if (window.location.hash === hash) window.history.back();
    else closedRef.current();
  }, [hash, closedRef]);
}
