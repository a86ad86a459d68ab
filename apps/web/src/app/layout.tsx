import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { Providers } from "@/components/providers.tsx";
import { DEFAULT_THEME, parseTheme, THEME_COOKIE } from "@/client/theme.ts";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: { default: t("appName"), template: `%s · ${t("appName")}` }, description: t("tagline") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  // The theme cookie mirrors __theme_color (local storage), so the first paint already has the right colours.
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value) ?? DEFAULT_THEME;
  return (
    <html lang={locale} data-theme={theme.color} className={theme.dark ? "dark" : undefined} suppressHydrationWarning>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <NextIntlClientProvider>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
