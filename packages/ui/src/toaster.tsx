"use client";

import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast, ToasterProps } from "sonner";
import { whenIdle } from "./idle.ts";

type Sonner = typeof import("sonner");

/**
 * Sonner is in no page's first load (10 kB): no page needs it to paint. It is fetched when the page is first idle, or
 * at the first toast if that comes sooner; a toast asked for before it has arrived is shown once it has (sonner replays
 * the toasts it holds to a Toaster that mounts after them). A failed fetch (offline) is tried again at the next toast.
 */
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const waiting = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (fetched) => {
      sonner = fetched;
      for (const notify of waiting) notify();
      return fetched;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const show =
  (kind: "success" | "error" | "info" | "warning") =>
  (message: ReactNode, options?: ExternalToast): void => {
    if (sonner) return void sonner.toast[kind](message, options);
    // Offline before sonner arrived: the toast is lost, the page goes on.
    loadSonner().then(
      (fetched) => fetched.toast[kind](message, options),
      () => {},
    );
  };

/** The toasts the app shows (sonner's, by kind). */
export const toast = { success: show("success"), error: show("error"), info: show("info"), warning: show("warning") };

const subscribe = (notify: () => void) => {
  waiting.add(notify);
  return () => waiting.delete(notify);
};

/** Set by the application shell to its top bar's height; unset (no top bar) toasts keep sonner's own margin. */
export const TOPBAR_HEIGHT_VAR = "--topbar-height";
/** Under the top bar, whose search, school, language, theme and bell controls a toast must not cover. */
const UNDER_TOPBAR = { top: `calc(var(${TOPBAR_HEIGHT_VAR}, 16px) + 8px)` };

/**
 * Sonner with the spec's defaults (000 §8: 5000 ms) and the design tokens for colours. Toasts come in at the top
 * centre: the side sheets and dialogs keep their Save and Cancel buttons at the bottom, where a toast would cover them.
 */
export function Toaster({ duration = 5000, ...props }: ToasterProps) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
  useEffect(() => whenIdle(() => void loadSonner().catch(() => {})), []);
  if (!loaded) return null;
  return (
    <loaded.Toaster
      duration={duration}
      position="top-center"
      offset={UNDER_TOPBAR}
      mobileOffset={UNDER_TOPBAR}
      richColors
      closeButton
      className="toaster"
      toastOptions={{ classNames: { toast: "font-sans text-sm", title: "font-semibold" } }}
      {...props}
    />
  );
}
