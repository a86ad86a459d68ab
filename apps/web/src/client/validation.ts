"use client";

import { validationErrorMap, type Translate } from "@pizarra/contracts";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { z } from "zod";

/**
 * The shared zod error map (packages/contracts validation.ts) fed from next-intl's catalogue, for
 * zodResolver(schema, { error }). next-intl formats the counts (`{max, plural, …}`); the spec's ":attribute"
 * placeholders are filled here afterwards. Field labels come from `fields`; labels of page-only fields that the API
 * never validates (the phone tab's) live in `formFields`. A resource form passes its own label keys
 * (`labelKeyOf(def)`: `resources.<id>.fields.<name>`).
 */
export function useErrorMap(labelKey?: (field: string) => string): z.core.$ZodErrorMap {
  const t = useTranslations();
  return useMemo(() => {
    const translate: Translate = (key, values = {}) => {
      const fallback = key.startsWith("fields.") ? `formFields.${key.slice("fields.".length)}` : key;
      const found = t.has(key) ? key : t.has(fallback) ? fallback : null;
      const text = found ? t(found, values) : (key.split(".").at(-1) ?? key);
      return text.replace(/:([A-Za-z]+)/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
    };
    return validationErrorMap(translate, labelKey);
  }, [t, labelKey]);
}
