import type { Translate } from "@pizarra/contracts";
import { type AbstractIntlMessages, createTranslator } from "next-intl";
import en from "../../messages/en.json";
import es from "../../messages/es.json";

export type Locale = "es" | "en";

// next-intl's own formatter, not a lookup of the JSON: the build precompiles the catalogues (next.config.ts), so a
// message with an ICU plural reaches the server in a compiled form that only next-intl reads; in tests and scripts it
// parses the same message from source. Either way a count reads "1 record" / "2 records" by the language's rules.
function formatterOf(locale: Locale, messages: unknown) {
  const t = createTranslator({ locale, messages: messages as AbstractIntlMessages, onError: () => {} });
  return {
    has: (key: string) => t.has(key as never) && isText(messages, key),
    format: (key: string, values: Record<string, string | number>) => t(key as never, values as never) as string,
  };
}

/** Whether `key` names a message rather than a group of them (next-intl's `has` says yes to both). */
function isText(catalogue: unknown, key: string): boolean {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  // A precompiled message with arguments is an array; one without stays a string.
  return typeof node === "string" || Array.isArray(node);
}

const FORMATTERS = { es: formatterOf("es", es), en: formatterOf("en", en) };

/** Server-side messages from the same catalogues as the pages: ICU plurals for counts, :name placeholders as in the spec. */
export function translator(locale: Locale): Translate {
  return (key, values = {}) => {
    const own = [FORMATTERS[locale], FORMATTERS.en].find((formatter) => formatter.has(key));
    const text = own ? own.format(key, values) : (key.split(".").at(-1) ?? key);
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
