import type { TLocale } from "@pizarra/contracts";
import type { Metadata } from "next";
import { type AbstractIntlMessages, createTranslator } from "next-intl";
import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE } from "@/i18n/request.ts";
import { pageLocale } from "./page-locale.ts";

type Namespace = "justifyLink" | "unsubscribeLink";

/**
 * What a link's page says, in its reader's language rather than the one the app was last used in: the page's own
 * texts, the language switch's (`common`) and any shared ones it names, nothing of the back office.
 */
export async function linkPageMessages(namespace: Namespace, ...shared: string[]): Promise<{ locale: TLocale; messages: AbstractIntlMessages }> {
  const locale = pageLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  const all = (await import(`../../../messages/${locale}.json`)).default as Record<string, AbstractIntlMessages>;
  return { locale, messages: Object.fromEntries([namespace, "common", ...shared].map((name) => [name, all[name]!])) };
}

/** A link's page's title; the token in its address is the reader's key, so no search engine keeps it and no other site is told it. */
export async function linkPageMetadata(namespace: Namespace): Promise<Metadata> {
  const { locale, messages } = await linkPageMessages(namespace);
  const t = createTranslator({ locale, messages, namespace });
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}
