"use client";

import { useFormContext } from "react-hook-form";
import { FormField } from "../../resource/form-field.tsx";
import type { ResourceText } from "../../resource/resource-text.ts";
import { fieldDef } from "./model.ts";

/** What every step hands its fields beside the wizard's form: the notification's texts, and whether it may be changed now. */
export interface StepProps {
  text: ResourceText;
  disabled: boolean;
}

/** One admNotification field as its own form shows it (label, widget, hint, message), by name. */
export function WizardField({ name, text, disabled, full = false }: StepProps & { name: string; full?: boolean }) {
  const { control } = useFormContext();
  const field = fieldDef(name);
  return (
    <FormField field={full ? { ...field, span: undefined } : field} control={control} text={text} hookPrefix="field-" idPrefix="wizard-" disabled={disabled} />
  );
}
