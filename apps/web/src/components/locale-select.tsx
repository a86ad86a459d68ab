"use client";

import { LOCALES, type TLocale } from "@pizarra/contracts";
import { cn, NativeSelect } from "@pizarra/ui";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { changeLocale, isLocale } from "@/client/preferences.ts";

/** es/en switch (native <select>): stores __current_locale and the NEXT_LOCALE cookie, then refreshes after 500 ms. */
export function LocaleSelect({ className }: { className?: string }) {
  const t = useTranslations("common");
  const locale = useLocale() as TLocale;
  const router = useRouter();
  return (
    <NativeSelect
      data-testid="locale-select"
      aria-label={t("language")}
      title={t("language")}
      value={locale}
      wrapperClassName={cn("w-auto shrink-0", className)}
      className="h-8 w-auto pr-7 pl-2 text-xs"
      onChange={(event) => {
        if (isLocale(event.target.value) && event.target.value !== locale) changeLocale(event.target.value, () => router.refresh());
      }}
    >
      {LOCALES.map((value) => (
        <option key={value} value={value}>
          {t(`locales.${value}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
