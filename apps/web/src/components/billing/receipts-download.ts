import { RECEIPTS_COUNT_HEADER, type TEnvelope } from "@pizarra/contracts";
import { logout } from "@/client/api.ts";
import { currentLocale } from "@/client/preferences.ts";
import { storedToken } from "@/client/session.ts";
import { dispositionName, saveBlob } from "../resource/export-file.ts";
import { zipEntryCounter } from "./zip-entries.ts";

/** How a receipts zip download ended: saved, refused (the envelope's message and field errors), or failed on the way. */
export type ZipOutcome =
  | { kind: "saved"; total: number }
  | { kind: "refused"; msg: string; errors: Record<string, string> }
  | { kind: "failed" }
  | { kind: "signedOut" };

/**
 * GET admBilling/report/receipts/zip?from&to, read as it streams: `onProgress(done, total)` as each receipt's PDF
 * arrives (total from the answer's count header), then the zip is saved. A JSON answer is a refusal.
 */
export async function downloadReceiptsZip(
  range: { from: string; to: string },
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<ZipOutcome> {
  const headers: Record<string, string> = { "X-Locale": currentLocale() };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(`/api/admBilling/report/receipts/zip?${new URLSearchParams(range).toString()}`, { headers, cache: "no-store", signal });
    if (response.status === 401 && token) {
      logout();
      return { kind: "signedOut" };
    }
    if ((response.headers.get("content-type") ?? "").includes("json")) {
      const envelope = (await response.json().catch(() => null)) as TEnvelope<{ errors?: Record<string, string> } | null> | null;
      return { kind: "refused", msg: envelope?.msg ?? "", errors: envelope?.data?.errors ?? {} };
    }
    if (!response.ok || !response.body) return { kind: "failed" };
    const total = Number(response.headers.get(RECEIPTS_COUNT_HEADER) ?? 0);
    const count = zipEntryCounter();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    const reader = response.body.getReader();
    onProgress(0, total);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      onProgress(Math.min(count(value), total), total);
    }
    saveBlob(new Blob(chunks, { type: "application/zip" }), dispositionName(response.headers.get("content-disposition"), "recibos.zip"));
    return { kind: "saved", total };
  } catch {
    return { kind: "failed" };
  }
}
