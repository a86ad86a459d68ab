"use client";

import { FieldError } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import type { Trigger } from "./model.ts";
import { type StepProps, WizardField } from "./wizard-field.tsx";

interface WhenStepProps extends StepProps {
  trigger: Trigger | "";
  onTrigger: (trigger: Trigger) => void;
  error?: string;
}

/**
 * Step 3 (002 §2): now or on a date (not in the past), the recurrence (daily on some weekdays or monthly in some
 * months, until an end date), whether it is urgent (sent in the school's quiet hours too) and the fallback channel.
 */
export function WhenStep({ trigger, onTrigger, error, ...step }: WhenStepProps) {
  const t = useTranslations("wizard");
  const [hasRecurrence, pattern] = useWatch({ control: step.control, name: ["hasRecurrence", "recurrencePattern"] }) as [boolean, string];

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={error ? "wizard-trigger-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">{t("trigger")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-invalid={error ? true : undefined}>
          {(["now", "date"] as const).map((kind) => (
            <label key={kind} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="wizard-trigger"
                value={kind}
                data-testid={`wizard-trigger-${kind}`}
                className="size-4 accent-primary"
                checked={trigger === kind}
                disabled={step.disabled}
                onChange={() => onTrigger(kind)}
              />
              {t(`triggers.${kind}`)}
            </label>
          ))}
        </div>
        <FieldError id="wizard-trigger-error">{error}</FieldError>
      </fieldset>
      {trigger === "date" && <WizardField name="sendOn" {...step} full />}
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
