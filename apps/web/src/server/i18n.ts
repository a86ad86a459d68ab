import type { Translate } from "@pizarra/contracts";
import en from "../../messages/en.json";
import es from "../../messages/es.json";

export type Locale = "es" | "en";
const CATALOGUES: Record<Locale, unknown> = { es, en };

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Server-side messages from the same catalogues as the pages; :name placeholders as in the spec. */
export function translator(locale: Locale): Translate {
  return (key, values = {}) => {
    const text = lookup(CATALOGUES[locale], key) ?? lookup(CATALOGUES.en, key) ?? key.split(".").at(-1) ?? key;
    return text.replace(/:([A-Za-z]+)/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** The caller's language: the X-Locale header the pages send (from __current_locale), else Accept-Language. */
export function requestLocale(headers: Headers): Locale {
  const explicit = headers.get("x-locale")?.toLowerCase();
  if (explicit?.startsWith("en")) return "en";
  if (explicit?.startsWith("es")) return "es";
  const accepted = headers.get("accept-language")?.toLowerCase() ?? "";
  return accepted.startsWith("en") ? "en" : "es";
}
