"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ResourceText } from "../resource/resource-text.ts";

/** The family forms' texts as the generic widgets read a resource's (labels, options, hints), from `family.*`. */
export function useFamilyText(): ResourceText {
  const t = useTranslations("family");
  return useMemo(
    () => ({
      field: (name: string) => t(`fields.${name}`),
      option: (field: string, value: unknown) => {
        const key = `options.${field}.${String(value)}`;
        return t.has(key) ? t(key) : String(value);
      },
      group: (key: string) => t(`panel.${key}`),
      hint: (name: string) => (t.has(`hints.${name}`) ? t(`hints.${name}`) : null),
      title: () => t("panel.title"),
      action: (name: string) => t(`panel.${name}`),
      actionHint: () => null,
    }),
    [t],
  );
}

/** A moment's day at the school's clock (000 §9: a fixed UTC-5), 'YYYY-MM-DD'. */
export const schoolDay = (iso: string) => new Date(new Date(iso).getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
