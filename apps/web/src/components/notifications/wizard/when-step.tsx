"use client";

import { WIZARD_TRIGGERS } from "@pizarra/contracts";
import { FieldError } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useController, useFormContext, useWatch } from "react-hook-form";
import { type StepProps, WizardField } from "./wizard-field.tsx";

/**
 * Step 3 (002 §2): now or on a date (not in the past), the recurrence (daily on some weekdays or monthly in some
 * months, until an end date), whether it is urgent (sent in the school's quiet hours too) and the fallback channel.
 */
export function WhenStep(step: StepProps) {
  const t = useTranslations("wizard");
  const { control, clearErrors } = useFormContext();
  const { field: trigger, fieldState } = useController({ name: "trigger", control });
  const error = fieldState.error?.message;
  const [hasRecurrence, pattern] = useWatch({ control, name: ["hasRecurrence", "recurrencePattern"] }) as [boolean, string];

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={error ? "wizard-trigger-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">{t("trigger")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-invalid={error ? true : undefined}>
          {WIZARD_TRIGGERS.map((kind) => (
            <label key={kind} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="wizard-trigger"
                value={kind}
                data-testid={`wizard-trigger-${kind}`}
                className="size-4 accent-primary"
                checked={trigger.value === kind}
                disabled={step.disabled}
                onChange={() => {
                  trigger.onChange(kind);
                  clearErrors("trigger");
                }}
              />
              {t(`triggers.${kind}`)}
            </label>
          ))}
        </div>
        <FieldError id="wizard-trigger-error">{error}</FieldError>
      </fieldset>
      {trigger.value === "date" && <WizardField name="sendOn" {...step} full />}
      <WizardField name="hasRecurrence" {...step} full />
      {hasRecurrence && (
        <>
          <WizardField name="recurrencePattern" {...step} />
          <WizardField name="recurrenceEndDate" {...step} />
          {pattern === "daily" && <WizardField name="recurrenceDays" {...step} />}
          {pattern === "monthly" && <WizardField name="recurrenceMonths" {...step} />}
        </>
      )}
      <WizardField name="urgent" {...step} />
      <WizardField name="fallbackChannel" {...step} />
    </div>
  );
}
