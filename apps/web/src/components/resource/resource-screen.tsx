"use client";

import { RESOURCES, type ResourceDef } from "@pizarra/contracts";
import { useEffect } from "react";
import { clearStaleModalHash } from "./hash-modal.ts";
import { ResourceBrowser } from "./resource-browser.tsx";

/**
 * The definition a module's screen shows: the one whose id is the module's, else one that belongs to the module and
 * is not a sub-grid of another record (a period's exceptions live inside the period's modal, never on their own).
 */
export function screenResourceOf(moduleId: string): ResourceDef | undefined {
  const own = RESOURCES[moduleId];
  if (own?.module === moduleId) return own;
  return Object.values(RESOURCES).find((def) => def.module === moduleId && !def.parent);
}

/** The generic module screen (spec 000 §2.6) under the module's title. */
export function ResourceScreen({ def, title, canWrite }: { def: ResourceDef; title: string; canWrite: boolean }) {
  useEffect(clearStaleModalHash, []);
  return <ResourceBrowser def={def} title={title} canWrite={canWrite} variant="screen" />;
}
