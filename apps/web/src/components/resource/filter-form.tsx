"use client";

import type { FieldDef, ResourceDef } from "@pizarra/contracts";
import { Badge, Button, cn } from "@pizarra/ui";
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { useForm, useWatch, type FieldValues } from "react-hook-form";
import { FormField } from "./form-field.tsx";
import { knownPickName } from "./fields/use-options.ts";
import { useResourceText, type ResourceText } from "./resource-text.ts";
import { useDependentReset } from "./use-dependent-reset.ts";
import { useLatest } from "./use-latest.ts";
import { isBlank } from "./values.ts";

/** Spec 000 §9: the list reloads 300 ms after the filters stop changing. */
export const FILTER_DEBOUNCE_MS = 300;

const isFlag = (field: FieldDef) => field.type === "switch" || field.type === "checkbox";

/** A yes/no filter is a choice of all, yes or no: an off switch must not mean "only the ones without". */
const asFilterField = (field: FieldDef): FieldDef => ({
  ...field,
  span: "half",
  ...(isFlag(field) ? { type: "select", options: { kind: "values", values: ["true", "false"] } } : {}),
});

const emptyFilter = (field: FieldDef): unknown => (field.multiple || field.type === "checkboxGroup" ? [] : "");

/** Filter labels are the resource's field labels; yes/no choices are the screen's own words. */
function useFilterText(def: ResourceDef): ResourceText {
  const t = useTranslations("moduleScreen");
  const text = useResourceText(def.id);
  return useMemo(() => {
    const flags = new Set((def.filters ?? []).filter(isFlag).map((f) => f.name));
    return { ...text, option: (field: string, value: unknown) => (flags.has(field) ? (value === "true" ? t("yes") : t("no")) : text.option(field, value)) };
  }, [def.filters, text, t]);
}

/** The filters in force as a person reads them (the print header). */
export function useFilterSummary(def: ResourceDef) {
  const text = useFilterText(def);
  return (values: Record<string, unknown>) =>
    (def.filters ?? []).flatMap((raw) => {
      const value = values[raw.name];
      if (isBlank(value)) return [];
      const field = asFilterField(raw);
      const list = Array.isArray(value) ? value : [value];
      const shown = list
        .map((v) =>
          field.options?.kind === "values"
            ? text.option(field.name, v)
            : field.options?.kind === "resource"
              ? (knownPickName(field.options.resource, v) ?? String(v))
              : String(v),
        )
        .join(", ");
      return [{ label: text.field(field.name), value: shown }];
    });
}

/**
 * The optional filter form of a module (spec 000 §2.6): the definition's filter fields, whose values become query
 * parameters of the list 300 ms after the last change. A filter that depends on another is cleared with it.
 * `foldable` (phones): the form sits behind a Filters button that counts the filters in force.
 */
export function FilterForm({ def, onChange, foldable }: { def: ResourceDef; onChange: (values: Record<string, unknown>) => void; foldable: boolean }) {
  const t = useTranslations("moduleScreen");
  const formId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const text = useFilterText(def);
  const fields = useMemo(() => (def.filters ?? []).map(asFilterField), [def.filters]);
  const form = useForm<FieldValues>({ defaultValues: Object.fromEntries(fields.map((f) => [f.name, emptyFilter(f)])) });
  useDependentReset(form, fields, emptyFilter);
  const changed = useLatest(onChange);

  useEffect(() => {
    let timer: number | undefined;
    const subscription = form.watch((values) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => changed.current({ ...values }), FILTER_DEBOUNCE_MS);
    });
    return () => {
      window.clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, changed]);

  const values = useWatch({ control: form.control });
  const active = fields.filter((field) => !isBlank(values[field.name])).length;

  if (fields.length === 0) return null;
  const folded = foldable && !unfolded;
  return (
    <div className="flex flex-col gap-3">
      {foldable && (
        <Button
          variant="outline"
          className="self-start"
          aria-expanded={unfolded}
          aria-controls={formId}
          onClick={() => setUnfolded((open) => !open)}
          data-testid="filters-toggle"
        >
          <SlidersHorizontal aria-hidden />
          {t("filters")}
          {active > 0 && (
            <>
              <Badge aria-hidden className="tabular-nums">
                {active}
              </Badge>
              <span className="sr-only">{t("filtersActive", { count: active })}</span>
            </>
          )}
          <ChevronDown aria-hidden className={cn("transition-transform", unfolded && "rotate-180")} />
        </Button>
      )}
      <form
        id={formId}
        role="search"
        aria-label={t("filters")}
        noValidate
        hidden={folded}
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-1 gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="filter-form"
      >
        {fields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            control={form.control}
            text={text}
            hookPrefix="filter-"
            idPrefix=""
            disabled={false}
            emptyLabel={t("all")}
          />
        ))}
      </form>
    </div>
  );
}
