"use client";

import { STORAGE_KEYS } from "@pizarra/contracts";
import { Toaster } from "@pizarra/ui";
import { QueryClientProvider } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { configureApiTexts } from "@/client/api.ts";
import { newQueryClient } from "@/client/query-client.ts";
import { applyTheme, isLocale, LOCALE_COOKIE, readStorage, setCookie } from "@/client/preferences.ts";
import { formatTheme, parseTheme, THEME_COOKIE } from "@/client/theme.ts";

/**
 * The server renders <html lang data-theme class> from the NEXT_LOCALE and theme_color cookies. Local storage is the
 * spec's home for both choices; when it disagrees with what was rendered (cookies cleared, storage set by another
 * tab or a test), the stored choice is applied and mirrored into the cookies once.
 */
function usePreferencesSync(): boolean {
  const router = useRouter();
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    const theme = parseTheme(readStorage(STORAGE_KEYS.theme));
    if (theme && (root.dataset.theme !== theme.color || root.classList.contains("dark") !== theme.dark)) {
      applyTheme(theme);
      setCookie(THEME_COOKIE, formatTheme(theme));
    }
    const locale = readStorage(STORAGE_KEYS.locale);
    if (isLocale(locale) && root.lang !== locale) {
      setCookie(LOCALE_COOKIE, locale);
      router.refresh();
    }
    setDark(root.classList.contains("dark"));
  }, [router]);
  return dark;
}

export function Providers({ children }: { children: React.ReactNode }) {
  const t = useTranslations("toast");
  // Assigned while rendering, not in an effect: children's effects run first and may already call the API.
  configureApiTexts({
    errorTitle: t("errorTitle"),
    httpErrorTitle: t("httpErrorTitle"),
    networkError: t("networkError"),
    sessionExpired: t("sessionExpired"),
  });
  const dark = usePreferencesSync();
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme={dark ? "dark" : "light"} containerAriaLabel={t("region")} />
    </QueryClientProvider>
  );
}
