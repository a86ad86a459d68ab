"use client";

import { PRESENTATIONAL_TYPES, type FieldDef } from "@pizarra/contracts";
import { cn, FieldError, Label } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Controller, useWatch, type Control, type FieldValues } from "react-hook-form";
import { FieldWidget, INLINE_LABEL_TYPES, UNLABELLED_TYPES } from "./fields/field-widget.tsx";
import type { WidgetProps } from "./fields/widget-props.ts";
import type { ResourceText } from "./resource-text.ts";

/** `span: "half"` puts two fields on a row (from the small breakpoint up). */
export const spanClass = (field: FieldDef) => (field.span === "half" ? "sm:col-span-1" : "sm:col-span-2");

/** A widget with its label, optional hint and message, laid out for its type; `labelAction` sits at the label's end. */
export function FieldFrame(props: WidgetProps & { className?: string; labelAction?: ReactNode }) {
  const { field, id, error, text, className, labelAction } = props;
  const t = useTranslations("moduleScreen");
  const hint = field.type === "alert" ? null : text.hint(field.name);
  const widget = <FieldWidget {...props} />;
  if (field.type === "hidden") return widget;
  if (UNLABELLED_TYPES.has(field.type)) return <div className={className}>{widget}</div>;

  const required = field.rules?.required && (
    <span className="text-destructive" aria-hidden>
      *
    </span>
  );
  const label = (
    <Label id={`${id}-label`} htmlFor={id}>
      {text.field(field.name)}
      {required}
      {required && <span className="sr-only">{t("required")}</span>}
    </Label>
  );
  const inline = INLINE_LABEL_TYPES.has(field.type);
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)}>
      {inline ? (
        <div className="flex min-h-9 items-center gap-3">
          {widget}
          {label}
        </div>
      ) : (
        <>
          {labelAction ? (
            <div className="flex min-h-7 flex-wrap items-center gap-x-2 gap-y-1">
              {label}
              {labelAction}
            </div>
          ) : (
            label
          )}
          {widget}
        </>
      )}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

const NONE = "__none__";

export interface FormFieldProps {
  field: FieldDef;
  control: Control<FieldValues>;
  text: ResourceText;
  /** `field-` in forms, `filter-` in the filter form; ids get `idPrefix` in front to stay unique per document. */
  hookPrefix: "field-" | "filter-";
  idPrefix: string;
  disabled: boolean;
  /** Values from outside the form that a field may depend on (the parent record's key of a sub-grid). */
  context?: Record<string, unknown>;
  emptyLabel?: string;
  /** Drawn at the end of the label's row (the editor's AI assistant). */
  labelAction?: ReactNode;
}

/** A field bound to react-hook-form: hidden while its `hiddenWhen` holds; told its parent's value when it has one. */
export function FormField({ field, control, text, hookPrefix, idPrefix, disabled, context = {}, emptyLabel, labelAction }: FormFieldProps) {
  const dependsOn = field.options?.kind === "resource" ? field.options.dependsOn : undefined;
  const watchedParent = useWatch({ control, name: dependsOn && !(dependsOn in context) ? dependsOn : NONE });
  const watchedSwitch = useWatch({ control, name: field.hiddenWhen?.field ?? NONE });
  if (field.hiddenWhen && String(watchedSwitch) === String(field.hiddenWhen.equals)) return null;
  const dependsValue = dependsOn ? (dependsOn in context ? context[dependsOn] : watchedParent) : undefined;
  const testId = `${hookPrefix}${field.name}`;
  const id = `${idPrefix}${testId}`;
  if (PRESENTATIONAL_TYPES.has(field.type)) {
    return (
      <FieldFrame field={field} id={id} testId={testId} value={undefined} onChange={() => {}} disabled={disabled} text={text} className={spanClass(field)} />
    );
  }

  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: bound, fieldState }) => (
        <FieldFrame
          field={field}
          id={id}
          testId={testId}
          value={bound.value}
          onChange={bound.onChange}
          onBlur={bound.onBlur}
          disabled={disabled}
          error={fieldState.error?.message}
          text={text}
          dependsValue={dependsValue}
          emptyLabel={emptyLabel}
          className={spanClass(field)}
          labelAction={labelAction}
        />
      )}
    />
  );
}
