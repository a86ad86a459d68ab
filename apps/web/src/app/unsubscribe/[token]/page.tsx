import type { TLocale } from "@pizarra/contracts";
import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { cookies, headers } from "next/headers";
import { pageLocale } from "@/components/justify-link/page-locale.ts";
import { UnsubscribePage } from "@/components/unsubscribe/unsubscribe-page.tsx";
import { LOCALE_COOKIE } from "@/i18n/request.ts";

/** What the page says, in the reader's language rather than the one the app was last used in. */
async function pageMessages(): Promise<{ locale: TLocale; messages: AbstractIntlMessages }> {
  const locale = pageLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  const all = (await import(`../../../../messages/${locale}.json`)).default as Record<string, AbstractIntlMessages>;
  // The page's own texts and the language switch's: nothing of the back office.
  return { locale, messages: { unsubscribeLink: all.unsubscribeLink!, common: all.common! } };
}

export async function generateMetadata(): Promise<Metadata> {
  const { locale, messages } = await pageMessages();
  const t = createTranslator({ locale, messages, namespace: "unsubscribeLink" });
  // The token in the address is the person's key: no search engine keeps it, no other site is told it.
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** /unsubscribe/{token}: an e-mail's List-Unsubscribe link opened in a browser, outside the /app shell. */
export default async function Unsubscribe({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { locale, messages } = await pageMessages();
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="America/Lima">
      <UnsubscribePage token={token} />
    </NextIntlClientProvider>
  );
}
