"use client";

import { DEFAULT_MAX_LENGTH } from "@pizarra/contracts";
import { Input, Textarea } from "@pizarra/ui";
import { asText, controlProps, type WidgetProps } from "./widget-props.ts";

/** Spec 000 §5 and §9: time fields step 60 minutes unless the field says otherwise. */
const DEFAULT_TIME_STEP_MIN = 60;

const INPUT_TYPES = { text: "text", password: "password", tel: "tel", number: "number" } as const;

/** text, password, tel and number: one input; the number keeps what was typed and the schema coerces it. */
export function TextInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled } = props;
  const type = INPUT_TYPES[field.type as keyof typeof INPUT_TYPES] ?? "text";
  const rules = field.rules ?? {};
  return (
    <Input
      {...controlProps(props)}
      type={type}
      value={asText(value)}
      disabled={disabled}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value)}
      maxLength={type === "number" ? undefined : (rules.max ?? DEFAULT_MAX_LENGTH)}
      min={type === "number" ? rules.minValue : undefined}
      max={type === "number" ? rules.maxValue : undefined}
      step={type === "number" ? (field.step ?? (rules.integer || rules.digits ? 1 : "any")) : undefined}
      inputMode={type === "number" && (rules.integer || rules.digits) ? "numeric" : undefined}
      autoComplete={type === "password" ? "new-password" : "off"}
      className={type === "number" ? "tabular-nums" : undefined}
    />
  );
}

export function TextareaInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled } = props;
  return (
    <Textarea
      {...controlProps(props)}
      rows={3}
      value={asText(value)}
      disabled={disabled}
      onBlur={onBlur}
      maxLength={field.rules?.max ?? DEFAULT_MAX_LENGTH}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * date 'YYYY-MM-DD', time 'HH:mm' and datetime 'YYYY-MM-DD HH:mm' (spec 000 §5): the values travel as the API
 * writes them, already at UTC-5; the browser's own pickers use a 'T' between date and time.
 */
export function DateTimeInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled } = props;
  const kind = field.type as "date" | "time" | "datetime";
  const stepSeconds = (field.step ?? DEFAULT_TIME_STEP_MIN) * 60;
  const shown = kind === "datetime" ? asText(value).replace(" ", "T") : asText(value);
  return (
    <Input
      {...controlProps(props)}
      type={kind === "datetime" ? "datetime-local" : kind}
      value={shown}
      disabled={disabled}
      onBlur={onBlur}
      step={kind === "date" ? undefined : stepSeconds}
      onChange={(e) => onChange(kind === "datetime" ? e.target.value.replace("T", " ").slice(0, 16) : e.target.value)}
      className="tabular-nums"
    />
  );
}
