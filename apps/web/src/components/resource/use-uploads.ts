"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { uploadBody, type PendingUpload } from "./upload-files.ts";
import { postWithProgress, type UploadAnswer } from "./upload-request.ts";

export interface UploadProgress {
  /** The file on its way: "face.png". */
  name: string;
  percent: number;
  /** 1-based position among the files of this save. */
  index: number;
  total: number;
}

export type UploadOutcome =
  | { ok: true }
  /** A refusal (the server's msg) or a cancel (no msg): the upload of `field` is reset, the rest were not sent. */
  | { ok: false; field: string; msg: string; cancelled: boolean };

/**
 * Spec 000 §4 "Upload": after the record is saved its chosen files go one after another to
 * `{resource}/{field}?id={ID}`, with a percentage; `cancel` aborts the one on its way (and the rest stay unsent).
 */
export function useUploads() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (def: ResourceDef, id: string | number, uploads: PendingUpload[]): Promise<UploadOutcome> => {
    const abort = new AbortController();
    controller.current = abort;
    try {
      for (const [index, upload] of uploads.entries()) {
        const step = { name: upload.file.name, index: index + 1, total: uploads.length };
        setProgress({ ...step, percent: 0 });
        const body = await uploadBody(upload);
        const path = `${def.id}/${upload.field.name}?id=${encodeURIComponent(String(id))}`;
        const result = await postWithProgress<UploadAnswer>(path, body, {
          signal: abort.signal,
          onProgress: (percent) => setProgress({ ...step, percent }),
        });
        if (!result.ok) {
          const errors = (result.envelope.data as { errors?: Record<string, string> } | null)?.errors;
          return { ok: false, field: upload.field.name, msg: errors?.[upload.field.name] ?? result.envelope.msg ?? "", cancelled: abort.signal.aborted };
        }
      }
      return { ok: true };
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, run, cancel };
}
