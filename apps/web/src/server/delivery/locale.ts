import type { Locale } from "../i18n.ts";

/**
 * The language a message to a person is written in: the one chosen on their record (relatives' "Language of
 * messages"), else their `language` when it names English or Spanish (a code or the word, as schools type it), else
 * the school's.
 */
export function personLocale(person: { locale?: string | null; language?: string | null }, school: string): Locale {
  if (person.locale === "en" || person.locale === "es") return person.locale;
  const word = (person.language ?? "").trim().toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  if (/^(en\b|en-|english|ingles)/.test(word)) return "en";
  if (/^(es\b|es-|spanish|espanol|castellano)/.test(word)) return "es";
  return school === "en" ? "en" : "es";
}
