"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  AI_PARAGRAPHS,
  AI_TONES,
  aiAssistFields,
  SUMMARIZE_LEVELS,
  type ResourceDef,
  type TAiAssistAnswer,
  type TAiWriteOptions,
  ZAiWriteOptions,
} from "@pizarra/contracts";
import { Button, FieldError, fieldControl, Label, NativeSelect, Popover, PopoverContent, PopoverTrigger, Textarea, toast } from "@pizarra/ui";
import { Languages, LoaderCircle, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { type FieldValues, type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { asText } from "../resource/fields/widget-props.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";

export interface AiAssistActionProps {
  def: ResourceDef;
  /** The field whose label the action sits beside. */
  field: string;
  /** Its label, for the writing panel's title. */
  label: string;
  /** The record's form: the assistant reads its texts and fills the fields it answers. */
  form: UseFormReturn<FieldValues>;
  disabled: boolean;
}

type Request = { translate: true; field: string } | (TAiWriteOptions & { field: string });

/** Posts the form's texts and the assistant's options; fills the fields it answers. False when it was refused. */
function useAssist(def: ResourceDef, form: UseFormReturn<FieldValues>) {
  const [busy, setBusy] = useState(false);
  const run = async (aiAssist: Request): Promise<boolean> => {
    const names = aiAssistFields(def);
    const values = Object.fromEntries(names.map((name) => [name, asText(form.getValues(name))]));
    setBusy(true);
    // The server's message (not configured, required fields, a provider that failed) is shown as its red toast.
    const result = await api.post<TAiAssistAnswer>(def.aiAssist!.path, { ...values, aiAssist });
    setBusy(false);
    if (!result.ok) {
      const errors = (result.envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      for (const [name, message] of Object.entries(errors)) if (names.includes(name)) form.setError(name, { type: "server", message });
      return false;
    }
    for (const [name, text] of Object.entries(result.envelope.data ?? {})) {
      if (typeof text === "string") form.setValue(name, text, { shouldDirty: true, shouldValidate: true });
    }
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    return true;
  };
  return { busy, run };
}

/**
 * The editor's AI writing assistant (000 §2.8, §7 "AI assist") beside a field's label, for a definition that has one
 * (ResourceDef.aiAssist): on each language's title, "Translate" fills the other language's fields; on a field the
 * assistant may write, "Write with AI" opens the seed, tone, paragraphs and length, and fills that field.
 */
export function AiAssistAction({ def, field, label, form, disabled }: AiAssistActionProps) {
  const assist = def.aiAssist;
  if (!assist) return null;
  const [titleEs, titleEn] = assist.pairs[0] ?? [];
  const translateTo = field === titleEs ? "en" : field === titleEn ? "es" : null;
  return (
    <span className="ml-auto flex shrink-0 items-center gap-1">
      {translateTo && <TranslateButton def={def} field={field} to={translateTo} form={form} disabled={disabled} />}
      {assist.write.includes(field) && <WritePopover def={def} field={field} label={label} form={form} disabled={disabled} />}
    </span>
  );
}

function TranslateButton({
  def,
  field,
  to,
  form,
  disabled,
}: {
  def: ResourceDef;
  field: string;
  to: "es" | "en";
  form: UseFormReturn<FieldValues>;
  disabled: boolean;
}) {
  const t = useTranslations("ai");
  const { busy, run } = useAssist(def, form);
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs"
      disabled={disabled || busy}
      aria-busy={busy}
      onClick={() => void run({ translate: true, field })}
      data-testid={`ai-translate-${field}`}
    >
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Languages aria-hidden />}
      {busy ? t("translating") : to === "en" ? t("translateToEnglish") : t("translateToSpanish")}
    </Button>
  );
}

const labelKey = (name: string) => `ai.fields.${name}`;

function WritePopover({ def, field, label, form, disabled }: Omit<AiAssistActionProps, "disabled"> & { disabled: boolean }) {
  const t = useTranslations("ai");
  const id = useId();
  const [open, setOpen] = useState(false);
  const { busy, run } = useAssist(def, form);
  const errorMap = useErrorMap(labelKey);
  const options = useForm<FieldValues>({
    resolver: zodResolver(ZAiWriteOptions, { error: errorMap }) as unknown as Resolver<FieldValues>,
    defaultValues: ZAiWriteOptions.parse({}),
  });
  const { errors } = options.formState;
  const paragraphs = Number(options.watch("paragraphs"));
  const submit = options.handleSubmit(async (values) => {
    if (await run({ ...(values as TAiWriteOptions), field })) setOpen(false);
  });
  const control = (name: string) => fieldControl(`${id}-${name}`, errors[name]?.message as string | undefined);

  return (
    <Popover open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs" disabled={disabled} data-testid={`ai-write-${field}`}>
          <Sparkles aria-hidden />
          {t("write")}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={`${id}-title`} className="w-[min(22rem,calc(100vw-1.5rem))] p-3" data-testid={`ai-write-panel-${field}`}>
        <form
          noValidate
          className="flex flex-col gap-3"
          aria-busy={busy}
          onSubmit={(event) => {
            // Rendered through a portal inside the record's form: its submit must not reach (and save) that form.
            event.stopPropagation();
            void submit(event);
          }}
        >
          <p id={`${id}-title`} className="text-sm font-semibold">
            {t("writeTitle", { field: label })}
          </p>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-seed`}>{t("fields.seed")}</Label>
            <Textarea rows={4} {...control("seed")} {...options.register("seed")} disabled={busy} />
            <p className="text-xs text-muted-foreground">{t("seedHint")}</p>
            <FieldError id={`${id}-seed-error`}>{errors.seed?.message as string | undefined}</FieldError>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {(
              [
                ["tone", AI_TONES, "tones"],
                ["summarize", SUMMARIZE_LEVELS, "levels"],
              ] as const
            ).map(([name, values, texts]) => (
              <div key={name} className="flex min-w-0 flex-col gap-1.5">
                <Label htmlFor={`${id}-${name}`}>{t(`fields.${name}`)}</Label>
                <NativeSelect {...control(name)} {...options.register(name)} disabled={busy}>
                  {values.map((value) => (
                    <option key={value} value={value}>
                      {t(`${texts}.${value}`)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ))}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-paragraphs`}>{t("fields.paragraphs")}</Label>
            <div className="flex items-center gap-3">
              <input
                type="range"
                min={AI_PARAGRAPHS.min}
                max={AI_PARAGRAPHS.max}
                step={1}
                {...control("paragraphs")}
                {...options.register("paragraphs")}
                disabled={busy}
                className="h-2 flex-1 cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50"
              />
              <output htmlFor={`${id}-paragraphs`} className="w-8 text-right text-sm tabular-nums">
                {paragraphs}
              </output>
            </div>
            <FieldError id={`${id}-paragraphs-error`}>{errors.paragraphs?.message as string | undefined}</FieldError>
          </div>
          <Button type="submit" size="sm" disabled={busy} data-testid={`ai-write-submit-${field}`}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
            {busy ? t("writing") : t("generate")}
          </Button>
        </form>
      </PopoverContent>
    </Popover>
  );
}
