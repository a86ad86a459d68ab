import { LOCALES, STORAGE_KEYS, type TLocale } from "@pizarra/contracts";
import { DEFAULT_THEME, formatTheme, parseTheme, THEME_COOKIE, type ThemePreference } from "./theme.ts";

/** The cookie next-intl's request config reads (src/i18n/request.ts); kept in step with __current_locale. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/**
 * Spec 000 §4: theme and locale changes reload the page after 500 ms. The callers pass Next's router.refresh: the
 * server renders every page and layout again with the new cookies, and what the person was typing survives.
 */
const RELOAD_DELAY_MS = 500;
const ONE_YEAR_S = 60 * 60 * 24 * 365;

export function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers schools use (Firefox, older Safari)
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function isLocale(value: unknown): value is TLocale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The person's own choice, else the language the server rendered the page in. */
export function currentLocale(): TLocale {
  const stored = readStorage(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const rendered = typeof document === "undefined" ? null : document.documentElement.lang;
  return isLocale(rendered) ? rendered : "es";
}

export function changeLocale(locale: TLocale, reload: () => void): void {
  window.localStorage.setItem(STORAGE_KEYS.locale, locale);
  setCookie(LOCALE_COOKIE, locale);
  window.setTimeout(reload, RELOAD_DELAY_MS);
}

export function applyTheme({ color, dark }: ThemePreference): void {
  const root = document.documentElement;
  root.dataset.theme = color;
  root.classList.toggle("dark", dark);
}

export function currentTheme(): ThemePreference {
  const stored = parseTheme(readStorage(STORAGE_KEYS.theme));
  if (stored) return stored;
  const root = document.documentElement;
  const rendered = parseTheme(root.dataset.theme);
  return rendered ? { color: rendered.color, dark: root.classList.contains("dark") } : DEFAULT_THEME;
}

export function changeTheme(theme: ThemePreference, reload: () => void): void {
  const value = formatTheme(theme);
  window.localStorage.setItem(STORAGE_KEYS.theme, value);
  setCookie(THEME_COOKIE, value);
  applyTheme(theme);
  window.setTimeout(reload, RELOAD_DELAY_MS);
}

/**
 * A school supplies a default locale and theme (spec 000 §1); the person's stored choice wins over it. Only the
 * cookies are written, so that switching to another school with other defaults still follows that school.
 * Returns true when the page must be loaded again to show them.
 */
export function adoptTenantDefaults(defaultLang: string, color: string): boolean {
  let changed = false;
  if (!isLocale(readStorage(STORAGE_KEYS.locale)) && isLocale(defaultLang) && defaultLang !== document.documentElement.lang) {
    setCookie(LOCALE_COOKIE, defaultLang);
    changed = true;
  }
  const tenantTheme = parseTheme(color);
  if (!parseTheme(readStorage(STORAGE_KEYS.theme)) && tenantTheme) {
    setCookie(THEME_COOKIE, formatTheme(tenantTheme));
    applyTheme(tenantTheme);
  }
  return changed;
}
