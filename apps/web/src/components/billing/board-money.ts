"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ResourceText } from "../resource/resource-text.ts";

/**
 * The board's amounts come as decimal texts ("1250.50"); they are shown in the reader's language without ever
 * becoming a float: the whole part is grouped as a BigInt and the cents are written after the locale's separator.
 */
export function useDecimalText() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = locale === "en" ? "en-US" : "es-PE";
    const whole = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    const point = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    return (text: string) => {
      const negative = text.startsWith("-");
      const [units = "0", cents = ""] = (negative ? text.slice(1) : text).split(".");
      return `${negative ? "-" : ""}${whole.format(BigInt(units || "0"))}${point}${cents.padEnd(2, "0").slice(0, 2)}`;
    };
  }, [locale]);
}

/** The months' short names in the reader's language, January first. */
export function useMonthNames(style: "short" | "long" = "short") {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === "en" ? "en-US" : "es-ES", { month: style, timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2024, i, 1)));
  }, [locale, style]);
}

/** Labels under `<namespace>.fields`, in the shape the app's pick-list widget reads them. */
export function useFieldsText(namespace: "billing.grid" | "billing.bulk"): ResourceText {
  const t = useTranslations(namespace);
  return useMemo(
    () => ({
      field: (name: string) => t(`fields.${name}`),
      option: (_field: string, value: unknown) => String(value),
      group: (key: string) => t(`fields.${key}`),
      hint: () => null,
      title: () => "",
      action: (name: string) => t(`fields.${name}`),
      actionHint: () => null,
    }),
    [t],
  );
}
