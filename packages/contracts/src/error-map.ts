import type { z } from "zod";

// Apart from validation.ts, and with zod's types only: the sign-in page words its form's errors with this map without
// loading zod until the form is first checked.

/** A translator: key under the `validation` and `fields` namespaces of messages/*.json, with :attribute-style values. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The field's label: the innermost named field of the path that has one. A record's own keys (a template's tags under
 * `params`) have none, and are named by their record. A missing label comes back as its key's last part (both
 * translators do that).
 */
function attributeOf(t: Translate, labelKey: (field: string) => string, path: readonly PropertyKey[]): string {
  const names = path.filter((p): p is string => typeof p === "string");
  for (let i = names.length - 1; i > 0; i--) {
    const key = labelKey(names[i]!);
    const label = t(key);
    if (label !== key.split(".").at(-1)) return label;
  }
  return t(labelKey(names[0] ?? "value"));
}

/**
 * One error map for the browser (react-hook-form's zodResolver) and the server, so that both say the same thing:
 * the spec's messages (000 §5) with :attribute filled from the field's label in the user's language.
 */
export function validationErrorMap(t: Translate, labelKey = (field: string) => `fields.${field}`): z.core.$ZodErrorMap {
  return (issue) => {
    const attribute = attributeOf(t, labelKey, issue.path ?? []);
    const missing = issue.input === undefined || issue.input === null || issue.input === "";
    switch (issue.code) {
      case "custom": {
        const { key, values } = (issue.params ?? {}) as { key?: string; values?: Record<string, string | number> };
        // A value of the wrong type that is no value at all is a missing one, as for zod's own type check below.
        if (key === "type" && missing) return t("validation.required", { attribute });
        return key ? t(`validation.${key}`, { attribute, ...values }) : t("validation.invalid", { attribute });
      }
      case "invalid_type":
      case "invalid_union":
        return missing ? t("validation.required", { attribute }) : t("validation.type", { attribute });
      case "too_small":
        // An empty text or an empty list of a required field: "is required", not "at least 1".
        if ((issue.origin === "string" || issue.origin === "array") && Number(issue.minimum) <= 1) return t("validation.required", { attribute });
        return issue.origin === "string"
          ? t("validation.min", { attribute, min: Number(issue.minimum) })
          : t("validation.minValue", { attribute, min: Number(issue.minimum) });
      case "too_big":
        return issue.origin === "string"
          ? t("validation.max", { attribute, max: Number(issue.maximum) })
          : t("validation.maxValue", { attribute, max: Number(issue.maximum) });
      case "invalid_format":
        return issue.format === "email" ? t("validation.email", { attribute }) : t("validation.format", { attribute });
      case "unrecognized_keys":
        return t("validation.unknown", { attribute: issue.keys.join(", ") });
      default:
        return t("validation.invalid", { attribute });
    }
  };
}
