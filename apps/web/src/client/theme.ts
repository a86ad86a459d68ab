import { THEME_COLORS, type TThemeColor } from "@pizarra/contracts";

/**
 * The spec fixes the stored theme values to light.blue … light.red (000 §2.2) and offers a separate light/dark switch.
 * Both live in the one __theme_color key: the dark switch replaces the "light." prefix with "dark." ("dark.green").
 * Pure functions: the root layout uses them on the server to read the mirrored cookie.
 */
export interface ThemePreference {
  color: TThemeColor;
  dark: boolean;
}

/** Mirrors __theme_color so that the server renders <html data-theme class="dark"> without a flash. */
export const THEME_COOKIE = "theme_color";

export const DEFAULT_THEME: ThemePreference = { color: "light.blue", dark: false };

export function parseTheme(value: string | null | undefined): ThemePreference | null {
  if (!value) return null;
  const dark = value.startsWith("dark.");
  const color = dark ? `light.${value.slice("dark.".length)}` : value;
  return (THEME_COLORS as readonly string[]).includes(color) ? { color: color as TThemeColor, dark } : null;
}

export function formatTheme({ color, dark }: ThemePreference): string {
  return dark ? color.replace(/^light\./, "dark.") : color;
}
