import type { Metadata } from "next";
import { type AbstractIntlMessages, createTranslator, NextIntlClientProvider } from "next-intl";
import { cookies, headers } from "next/headers";
import { StatementPage } from "@/components/billing/statement-page.tsx";
import { pageLocale } from "@/components/public-link/page-locale.ts";
import { LOCALE_COOKIE } from "@/i18n/request.ts";

type Messages = Record<string, Record<string, AbstractIntlMessages>>;

/**
 * The page's language: the reader's own earlier choice (the switch's cookie), else the family's language the link
 * names (?lang=, the guardian's or the school's when it was made), else their browser's. Its texts: the statement's,
 * the payment methods' names and the language switch's, nothing of the back office.
 */
async function statementMessages(lang: string | undefined) {
  const locale = pageLocale((await cookies()).get(LOCALE_COOKIE)?.value, lang ?? (await headers()).get("accept-language"));
  const all = (await import(`../../../../messages/${locale}.json`)).default as Messages;
  const billing = all.billing!;
  return { locale, messages: { billing: { statement: billing.statement!, methods: billing.methods! }, common: all.common! } as AbstractIntlMessages };
}

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ lang?: string }> };

/** The token in the address is the family's key: no search engine keeps it and no other site is told it. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { locale, messages } = await statementMessages((await searchParams).lang);
  const t = createTranslator({ locale, messages, namespace: "billing.statement.page" as never });
  return { title: t("title" as never), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** /statement/{token}: the family's statement of account, outside the /app shell and without signing in. */
export default async function Statement({ params, searchParams }: Props) {
  const { token } = await params;
  const { locale, messages } = await statementMessages((await searchParams).lang);
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="America/Lima">
      <StatementPage token={token} />
    </NextIntlClientProvider>
  );
}
