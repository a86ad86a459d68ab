"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { remindersLabelKey, type TReminderSettings, ZReminderSettings } from "@pizarra/contracts";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, fieldControl, Input, Label, Switch, toast } from "@pizarra/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { Controller, type FieldValues, type Resolver, useForm } from "react-hook-form";
import { api } from "@/client/api.ts";
import { apiGet } from "@/client/api-query.ts";
import { useErrorMap } from "@/client/validation.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";

const PATH = "admBilling/reminders";
type Refusal = { errors?: Record<string, string> } | null;

/** The form's values: the days as typed ("1, 7, 15"); the contract's schema reads them into lists. */
const asForm = (s: TReminderSettings) => ({ on: s.on, before: s.before.join(", "), after: s.after.join(", ") });

/**
 * The school's payment reminders, on home beside the school's profile (its other settings): on or off, and the days
 * before and after a due date. Shown to whoever holds the billing module (the server answers only them); the reminder
 * job (billing/reminders.ts) reads what is saved here.
 */
export function ReminderSettingsCard() {
  const t = useTranslations("billing.reminders");
  const client = useQueryClient();
  const read = apiGet<TReminderSettings>(PATH, { notify: false });
  const settings = useQuery(read).data;
  const errorMap = useErrorMap(remindersLabelKey);
  const resolver = useMemo(() => zodResolver(ZReminderSettings as never, { error: errorMap }) as unknown as Resolver<FieldValues>, [errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: { on: false, before: "", after: "" } });
  useEffect(() => {
    if (settings) form.reset(asForm(settings));
  }, [settings, form]);

  if (!settings) return null;
  const submit = form.handleSubmit(async (values) => {
    const res = await api.post<TReminderSettings & Refusal>(PATH, values, { notify: false });
    if (res.ok) {
      client.setQueryData(read.queryKey, res.envelope.data);
      form.reset(asForm(res.envelope.data));
      toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
      return;
    }
    const errors = (res.envelope.data as Refusal)?.errors ?? {};
    for (const [name, message] of Object.entries(errors)) form.setError(name, { message });
    if (Object.keys(errors).length === 0) toast.error(res.envelope.msg, { id: "reminders-failed" });
  });
  const busy = form.formState.isSubmitting;
  const errorOf = (name: string) => form.formState.errors[name]?.message as string | undefined;
  const days = (name: "before" | "after") => {
    const id = `reminders-${name}`;
    const error = errorOf(name);
    return (
      <Field id={id} label={t(`fields.${name}`)} error={error}>
        <Input {...fieldControl(id, error)} {...form.register(name)} inputMode="numeric" autoComplete="off" placeholder={t("daysHint")} data-testid={id} />
      </Field>
    );
  };
  return (
    <Card data-testid="reminder-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BellRing className="size-4" aria-hidden />
          {t("title")}
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="on"
              render={({ field }) => (
                <Switch id="reminders-on" checked={field.value === true} onCheckedChange={field.onChange} disabled={busy} data-testid="reminders-on" />
              )}
            />
            <Label htmlFor="reminders-on">{t("fields.on")}</Label>
          </div>
          <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
            {days("before")}
            {days("after")}
          </fieldset>
          <p className="text-xs text-muted-foreground">{t("daysHint")}</p>
          <div>
            <Button type="submit" disabled={busy || !form.formState.isDirty} data-testid="reminders-save">
              {busy && <LoaderCircle className="animate-spin" aria-hidden />}
              {t("save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
