"use client";

import { useCallback, useMemo } from "react";
import { findMenuItem } from "@/client/menu.ts";
import { useAppSession } from "../shell/session-context.tsx";

/**
 * Spec 000 §6: the write right of a module comes from the person's menu entry (`write`). A field with its own
 * `module` follows that module's right instead of the screen's.
 */
export function useCanWrite(): (moduleId: string) => boolean {
  const { menu } = useAppSession();
  return useCallback((moduleId: string) => Boolean(findMenuItem(menu, moduleId)?.item.write), [menu]);
}

/** Whether a module is in the person's menu at all (read or write). */
export function useInMenu(): (moduleId: string) => boolean {
  const { menu } = useAppSession();
  return useCallback((moduleId: string) => Boolean(findMenuItem(menu, moduleId)), [menu]);
}

/** Spec 000 §6: fields the school switched off for a module (its menu entry's `inactiveFields`) are hidden. */
export function useInactiveFields(moduleId: string): ReadonlySet<string> {
  const { menu } = useAppSession();
  const names = findMenuItem(menu, moduleId)?.item.inactiveFields;
  return useMemo(() => new Set(names ?? []), [names]);
}
