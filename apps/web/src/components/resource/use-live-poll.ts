"use client";

import { useEffect } from "react";
import { useLatest } from "./use-latest.ts";

/**
 * Calls `tick` every `ms` while `active` and the tab is in view: a hidden tab asks nothing of the server, and one that
 * comes back catches up at once instead of waiting for the next beat.
 */
export function useLivePoll(active: boolean, tick: () => void, ms: number): void {
  const tickRef = useLatest(tick);
  useEffect(() => {
    if (!active) return;
    let timer: number | undefined;
    const start = () => {
      window.clearInterval(timer);
      timer = window.setInterval(() => tickRef.current(), ms);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        window.clearInterval(timer);
        timer = undefined;
        return;
      }
      tickRef.current();
      start();
    };
    if (document.visibilityState !== "hidden") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [active, ms, tickRef]);
}
