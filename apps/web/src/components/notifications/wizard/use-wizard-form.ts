"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { labelKeyOf, notificationWizardSchema } from "@pizarra/contracts";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { type FieldValues, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { useErrorMap } from "@/client/validation.ts";
import { emptyValue } from "../../resource/form-values.ts";
import { useDependentReset } from "../../resource/use-dependent-reset.ts";
import { NOTIFICATION, startValues } from "./model.ts";

const notificationLabel = labelKeyOf(NOTIFICATION);
/** The numbers are the wizard's own field; every other field is the notification's, named by its label. */
const labelKey = (field: string) => (field === "phoneList" ? "wizard.phoneList" : notificationLabel(field));

/**
 * The wizard's one form, checked by its schema (packages/contracts): the spec's messages for the notification's
 * fields, the wizard's own for its choices (`wizard` in a refusal's params). `checked` turns the form's values into
 * what the schema reads (the tags' values as shown, the placeholders they make), when a step is checked and when it is
 * saved alike.
 */
export function useWizardForm(mode: "create" | "edit", checked: (values: FieldValues) => FieldValues) {
  const t = useTranslations("wizard");
  const spec = useErrorMap(labelKey);
  const check = useMemo(() => {
    const error: z.core.$ZodErrorMap = (issue) => {
      const own = issue.code === "custom" ? (issue.params as { wizard?: string; values?: Record<string, string> } | undefined) : undefined;
      return own?.wizard ? t(own.wizard, own.values) : spec(issue);
    };
    return zodResolver(notificationWizardSchema(mode), { error }) as unknown as Resolver<FieldValues>;
  }, [mode, spec, t]);
  const form = useForm<FieldValues>({
    resolver: (values, context, options) => check(checked(values), context, options),
    defaultValues: startValues(),
    shouldFocusError: false,
  });
  useDependentReset(form, NOTIFICATION.fields, emptyValue);
  return form;
}
