"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { useFormRead } from "@/client/api-query.ts";
import type { Row } from "./types.ts";

/** `{resource}/get/{id}` (spec 000 §7): the record, null while loading; `onFailed` when it cannot be had. */
export function useRecord(def: ResourceDef, request: { id: string | number } | null, onFailed: () => void): Row | null {
  return useFormRead<Row>(request ? `${def.id}/get/${encodeURIComponent(String(request.id))}` : null, request, onFailed).data;
}
