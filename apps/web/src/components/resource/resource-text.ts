"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";

/**
 * The visible texts of a resource, all under `resources.<id>` in messages/*.json (see packages/contracts
 * resource/types.ts): field labels, option labels, group titles, optional hints, extra actions and the resource's title.
 */
export function useResourceText(resourceId: string) {
  const t = useTranslations();
  return useMemo(() => {
    const base = `resources.${resourceId}`;
    return {
      field: (name: string) => t(`${base}.fields.${name}`),
      /** A value's label; a value with none (a percent, a school's own catalogue type) as it is. */
      option: (field: string, value: unknown) => {
        const key = `${base}.options.${field}.${String(value)}`;
        return t.has(key) ? t(key) : String(value);
      },
      group: (key: string) => t(`${base}.groups.${key}`),
      /** Hints are optional: null when the catalogue has none. */
      hint: (name: string) => (t.has(`${base}.hints.${name}`) ? t(`${base}.hints.${name}`) : null),
      title: () => t(`${base}.title`),
      /** An extra action's button (`actions.<name>`) and its dialog's text (`actions.<name>Hint`, optional). */
      action: (name: string) => t(`${base}.actions.${name}`),
      actionHint: (name: string) => (t.has(`${base}.actions.${name}Hint`) ? t(`${base}.actions.${name}Hint`) : null),
    };
  }, [t, resourceId]);
}

export type ResourceText = ReturnType<typeof useResourceText>;
