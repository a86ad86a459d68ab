"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { useEffect } from "react";
import { clearStaleModalHash } from "./hash-modal.ts";
import { RecordPanelsContext } from "./record-panel-context.ts";
import { RECORD_PANELS } from "./record-panels.ts";
import { ResourceBrowser } from "./resource-browser.tsx";

/** The generic module screen (spec 000 §2.6) under the module's title. */
export function ResourceScreen({ def, title, canWrite }: { def: ResourceDef; title: string; canWrite: boolean }) {
  useEffect(clearStaleModalHash, []);
  return (
    <RecordPanelsContext value={RECORD_PANELS}>
      <ResourceBrowser def={def} title={title} canWrite={canWrite} variant="screen" />
    </RecordPanelsContext>
  );
}
