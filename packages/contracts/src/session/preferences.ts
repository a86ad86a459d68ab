// What the browser keeps between visits (theme, language, the session): read by every page, so no zod here.

export const THEME_COLORS = ["light.blue", "light.green", "light.greysteel", "light.orange", "light.purple", "light.red"] as const;
export type TThemeColor = (typeof THEME_COLORS)[number];

export const LOCALES = ["es", "en"] as const;
export type TLocale = (typeof LOCALES)[number];

/** Local storage keys of spec 000 §3. */
export const STORAGE_KEYS = {
  menu: "menu_items",
  tenants: "tenants",
  currentTenant: "current_tenant",
  user: "user_admin",
  token: "id_token",
  servicePath: "servicePath",
  locale: "__current_locale",
  theme: "__theme_color",
  countryCode: "countryCode",
  mobileNumber: "mobileNumber",
} as const;

/** What logout keeps (spec 000 §4). */
export const STORAGE_KEYS_KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.theme, STORAGE_KEYS.locale, STORAGE_KEYS.countryCode, STORAGE_KEYS.mobileNumber];
