import type { TLocale } from "@pizarra/contracts";
import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { cookies, headers } from "next/headers";
import { JustifyLinkPage } from "@/components/justify-link/justify-link-page.tsx";
import { pageLocale } from "@/components/justify-link/page-locale.ts";
import { LOCALE_COOKIE } from "@/i18n/request.ts";

/** What the family's page says, in the family's language rather than the one the app was last used in. */
async function pageMessages(): Promise<{ locale: TLocale; messages: AbstractIntlMessages }> {
  const locale = pageLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  const all = (await import(`../../../../messages/${locale}.json`)).default as Record<string, AbstractIntlMessages>;
  // The page's own texts, the language switch's and the shared validation messages: nothing of the back office.
  return { locale, messages: { justifyLink: all.justifyLink!, common: all.common!, validation: all.validation! } };
}

export async function generateMetadata(): Promise<Metadata> {
  const { locale, messages } = await pageMessages();
  const t = createTranslator({ locale, messages, namespace: "justifyLink" });
  // The token in the address is the family's key: no search engine keeps it, no other site is told it.
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** /justify/{token}: the absence alert's link (issue 15), outside the /app shell and without signing in. */
export default async function JustifyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { locale, messages } = await pageMessages();
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="America/Lima">
      <JustifyLinkPage token={token} />
    </NextIntlClientProvider>
  );
}
