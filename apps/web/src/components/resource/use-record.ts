"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { useEffect, useState } from "react";
import { api } from "@/client/api.ts";
import type { Row } from "./types.ts";
import { useLatest } from "./use-latest.ts";

/**
 * `{resource}/get/{id}` (spec 000 §7): the record, null while loading; `onFailed` when it cannot be had. Each new
 * `request` object loads afresh, so a record opened again after a save never shows the old values.
 */
export function useRecord(def: ResourceDef, request: { id: string | number } | null, onFailed: () => void): Row | null {
  const [loaded, setLoaded] = useState<{ request: object; row: Row } | null>(null);
  const failed = useLatest(onFailed);
  useEffect(() => {
    if (request === null) return;
    const controller = new AbortController();
    void api.get<Row>(`${def.id}/get/${encodeURIComponent(String(request.id))}`, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok && result.envelope.data) setLoaded({ request, row: result.envelope.data });
      else failed.current();
    });
    return () => controller.abort();
  }, [def.id, request, failed]);
  return request !== null && loaded?.request === request ? loaded.row : null;
}
