"use client";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { useHashModal } from "./hash-modal.ts";

/** `who` tells one form from another: a container may hold several (a student's behaviour grades, each saved alone). */
type Report = (who: string, dirty: boolean) => void;
const ReportContext = createContext<Report | null>(null);

/** A form tells the drawer, dialog or wizard it sits in whether it holds changes that are not saved. */
export function useReportDirty(dirty: boolean): void {
  const report = useContext(ReportContext);
  const who = useId();
  useEffect(() => {
    report?.(who, dirty);
  }, [report, who, dirty]);
  // A form that goes (its container closed, or the saved record's form in its place) takes its changes with it.
  useEffect(() => () => report?.(who, false), [report, who]);
}

export interface CloseGuard {
  /** A form's dirty flag: the container holds changes while any of its forms does. */
  report: Report;
  /** Every way out but a save (the overlay, Escape, the X, Close or Cancel): asks first when something would be lost. */
  ask: (leave: () => void) => void;
  /** The Back button, which has already stepped out: true when it asked (the modal stays), false when nothing is lost. */
  hold: (leave: () => void) => boolean;
  /** The question, while it is asked: what discarding does. */
  pending: (() => void) | null;
  keep: () => void;
}

/**
 * The one guard of every drawer, dialog and wizard holding a form: while the form reports unsaved changes, closing it
 * asks "keep editing / discard" and leaving the page asks the browser's own question (beforeunload).
 */
export function useCloseGuard(open: boolean): CloseGuard {
  const dirty = useRef(new Set<string>());
  const [unsaved, setUnsaved] = useState(false);
  const [pending, setPendingState] = useState<(() => void) | null>(null);
  const asking = useRef(false);
  const setPending = useCallback((next: (() => void) | null) => {
    asking.current = next !== null;
    setPendingState(() => next);
  }, []);
  const report = useCallback<Report>((who, next) => {
    if (next) dirty.current.add(who);
    else dirty.current.delete(who);
    setUnsaved(dirty.current.size > 0);
  }, []);
  const hold = useCallback(
    (leave: () => void) => {
      if (dirty.current.size === 0) return false;
      // A second way out while the question is up (an Escape pressed again before the question has taken the
      // keyboard reaches the drawer beneath it) answers "keep editing", as an Escape on the question does.
      if (asking.current) {
        setPending(null);
        return true;
      }
      setPending(() => {
        dirty.current.clear();
        setUnsaved(false);
        setPending(null);
        leave();
      });
      return true;
    },
    [setPending],
  );
  const ask = useCallback(
    (leave: () => void) => {
      if (!hold(leave)) leave();
    },
    [hold],
  );
  const keep = useCallback(() => setPending(null), [setPending]);

  useEffect(() => {
    if (!open || !unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [open, unsaved]);

  return useMemo(() => ({ report, ask, hold, pending, keep }), [report, ask, hold, pending, keep]);
}

/**
 * `useHashModal` behind the guard: `close` for after a save (it never asks), `requestClose` for every other way out;
 * the Back button asks too.
 */
export function useGuardedHashModal(open: boolean, modalId: string, onClosed: () => void) {
  const guard = useCloseGuard(open);
  const close = useHashModal(open, modalId, onClosed, guard.hold);
  const { ask } = guard;
  const requestClose = useCallback(() => ask(close), [ask, close]);
  return { guard, close, requestClose };
}

/**
 * Put around the form: it hears the form's dirty flag and asks the question in the user's language. A container that
 * holds the form's state itself (a wizard, a compose dialog) gives its flag as `dirty`.
 */
export function CloseGuardScope({ guard, dirty, children }: { guard: CloseGuard; dirty?: boolean; children: ReactNode }) {
  const t = useTranslations("closeGuard");
  const { report } = guard;
  const who = useId();
  useEffect(() => {
    if (dirty !== undefined) report(who, dirty);
  }, [report, who, dirty]);
  return (
    <ReportContext.Provider value={guard.report}>
      {children}
      <AlertDialog open={guard.pending !== null} onOpenChange={(next) => !next && guard.keep()}>
        <AlertDialogContent data-testid="close-guard">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel data-testid="close-guard-keep">{t("keep")}</AlertDialogCancel>
            <AlertDialogAction data-testid="close-guard-discard" onClick={() => guard.pending?.()}>
              {t("discard")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </ReportContext.Provider>
  );
}
