"use client";

import type { Control, FieldValues } from "react-hook-form";
import { FormField } from "../../resource/form-field.tsx";
import type { ResourceText } from "../../resource/resource-text.ts";
import { fieldDef } from "./model.ts";

/** What every step hands its fields: the notification's form and texts, and whether it may be changed now. */
export interface StepProps {
  control: Control<FieldValues>;
  text: ResourceText;
  disabled: boolean;
}

/** One admNotification field as its own form shows it (label, widget, hint, message), by name. */
export function WizardField({ name, control, text, disabled, full = false }: StepProps & { name: string; full?: boolean }) {
  const field = fieldDef(name);
  return (
    <FormField field={full ? { ...field, span: undefined } : field} control={control} text={text} hookPrefix="field-" idPrefix="wizard-" disabled={disabled} />
  );
}
