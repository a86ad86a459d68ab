import type { TEnvelope } from "@pizarra/contracts";
import { toast } from "@pizarra/ui";
import { logout } from "@/client/api.ts";
import { currentLocale } from "@/client/preferences.ts";
import { storedToken } from "@/client/session.ts";

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      return fallback;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

function queryString(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

/**
 * Spec 000 §7 "Export and print": `get/?print=true&format=xlsx` plus the list's filters, downloaded with the token
 * (a plain link would not carry it) through a blob URL. A JSON answer is the envelope of a refusal or a notice.
 */
export async function downloadExport(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  fallbackName: string,
  texts: { errorTitle: string; failed: string },
): Promise<boolean> {
  const headers: Record<string, string> = { "X-Locale": currentLocale() };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/${path}?${queryString(query)}`, { headers, cache: "no-store" });
  } catch {
    toast.error(texts.errorTitle, { description: texts.failed });
    return false;
  }
  if (response.status === 401 && token) {
    logout();
    return false;
  }
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    const envelope = (await response.json().catch(() => null)) as TEnvelope<unknown> | null;
    const ok = response.ok && (envelope?.status ?? -1) >= 0;
    if (ok) toast.success(envelope?.msg || texts.failed);
    else toast.error(texts.errorTitle, { description: envelope?.msg || envelope?.Message || texts.failed });
    return false;
  }
  if (!response.ok) {
    toast.error(texts.errorTitle, { description: response.statusText || texts.failed });
    return false;
  }
  saveBlob(await response.blob(), dispositionName(response.headers.get("content-disposition"), fallbackName));
  return true;
}

/** Saves a downloaded file under `name` through a blob URL (a fetch that carries the token cannot be a plain link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
