"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { useEffect } from "react";
import { clearStaleModalHash } from "./hash-modal.ts";
import { ResourceBrowser } from "./resource-browser.tsx";

/** The generic module screen (spec 000 §2.6) under the module's title. */
export function ResourceScreen({ def, title, canWrite }: { def: ResourceDef; title: string; canWrite: boolean }) {
  useEffect(clearStaleModalHash, []);
  return <ResourceBrowser def={def} title={title} canWrite={canWrite} variant="screen" />;
}
