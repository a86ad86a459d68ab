"use client";

import { NOTIFICATION_TAGS, type TTagContent, type TTemplateMeta } from "@pizarra/contracts";
import { Badge, Field, fieldControl, FieldError, Input, NativeSelect } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { Controller, type FieldError as TFieldError, useController, useFormContext, useFormState, useWatch } from "react-hook-form";
import { type StepProps, WizardField } from "./wizard-field.tsx";

interface TemplateStepProps extends StepProps {
  templates: TTemplateMeta[];
  /** The chosen template's tags (002 §7 tagsContent). */
  tags: TTagContent[];
  /** Each tag's value as it is shown: typed, else prefilled. */
  values: Record<string, string>;
}

/**
 * Step 1 (002 §2): the channels (a WhatsApp switch with its template, e-mail and push), a value for each tag the
 * sender fills (prefilled from the associated record), the title and text (of e-mail and push, and of a WhatsApp
 * template that carries them), and what it is about.
 */
export function TemplateStep({ templates, tags, values, ...step }: TemplateStepProps) {
  const t = useTranslations("wizard");
  const { text, disabled } = step;
  const { control, clearErrors } = useFormContext();
  const { errors } = useFormState({ control, name: ["channels", "tags"] });
  // The form keeps only the values the person typed: the others follow the template and the record it is about.
  const { field: typed } = useController({ name: "tags", control });
  const [doWA, doMail, doPush] = useWatch({ control, name: ["doWA", "doMail", "doPush"] }) as [boolean, boolean, boolean];
  const senderTags = tags.filter((tag) => !tag.hidden);
  const recipientTags = tags.filter((tag) => tag.hidden);
  // A WhatsApp template that carries the notification's own title and text needs them even when only WhatsApp is on.
  const carried = doWA && tags.some((tag) => (NOTIFICATION_TAGS as readonly string[]).includes(tag.id));
  const channelsError = errors.channels?.message as string | undefined;
  const tagErrors = (errors.tags ?? {}) as Record<string, TFieldError | undefined>;

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <WizardField name="name" {...step} full />
      <fieldset className="flex flex-col gap-3 sm:col-span-2" aria-describedby={channelsError ? "wizard-channels-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">{t("channels")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <WizardField name="doWA" {...step} />
          <WizardField name="doMail" {...step} />
          <WizardField name="doPush" {...step} />
        </div>
        <FieldError id="wizard-channels-error">{channelsError}</FieldError>
      </fieldset>
      {doWA && (
        <Controller
          name="doWATemplate"
          control={control}
          render={({ field, fieldState }) => (
            <Field id="wizard-field-doWATemplate" label={text.field("doWATemplate")} error={fieldState.error?.message} className="sm:col-span-2">
              <NativeSelect
                {...fieldControl("wizard-field-doWATemplate", fieldState.error?.message)}
                data-testid="field-doWATemplate"
                value={String(field.value ?? "")}
                disabled={disabled}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                <option value="">{t("chooseTemplate")}</option>
                {templates.map((template) => (
                  <option key={template.ID} value={template.ID}>
                    {template.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
        />
      )}
      {doWA && tags.length > 0 && (
        <fieldset className="flex flex-col gap-4 rounded-lg border p-4 sm:col-span-2" data-testid="wizard-tags">
          <legend className="px-1 text-sm font-medium">{t("tags")}</legend>
          {recipientTags.length > 0 && (
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              {t("recipientTags")}
              {recipientTags.map((tag) => (
                <Badge key={tag.id} variant="secondary" className="font-mono">{`{{${tag.id}}}`}</Badge>
              ))}
            </p>
          )}
          {senderTags.map((tag) => {
            const id = `wizard-tag-${tag.id}`;
            const error = tagErrors[tag.id]?.message;
            return (
              <Field key={tag.id} id={id} label={<span className="font-mono">{`{{${tag.id}}}`}</span>} error={error}>
                <Input
                  {...fieldControl(id, error)}
                  value={values[tag.id] ?? ""}
                  maxLength={200}
                  disabled={disabled || tag.readonly}
                  onChange={(event) => {
                    typed.onChange({ ...typed.value, [tag.id]: event.target.value });
                    clearErrors(`tags.${tag.id}`);
                  }}
                />
              </Field>
            );
          })}
        </fieldset>
      )}
      {(doMail || doPush || carried) && (
        <>
          <WizardField name="title" {...step} full />
          <WizardField name="content" {...step} full />
        </>
      )}
      <WizardField name="page" {...step} />
      <WizardField name="objectId" {...step} />
    </div>
  );
}
