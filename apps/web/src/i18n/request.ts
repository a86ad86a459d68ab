import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";

export const LOCALE_COOKIE = "NEXT_LOCALE";

/**
 * URLs carry no locale (the spec's routes have none). The pages keep the choice in local storage
 * (__current_locale) and mirror it into this cookie so that the server renders the same language.
 */
export default getRequestConfig(async () => {
  const stored = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = stored === "en" ? "en" : "es";
  return {
    locale,
    timeZone: "America/Lima",
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
