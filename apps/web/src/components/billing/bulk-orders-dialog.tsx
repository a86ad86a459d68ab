"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { BULK_CONCEPTS, BULK_PICKS, bulkBody, bulkLabelKey, CURRENCIES, DEFAULT_CURRENCY, type TBulkAnswer, type TGridModule } from "@pizarra/contracts";
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  fieldControl,
  Input,
  Label,
  NativeSelect,
  Switch,
  toast,
} from "@pizarra/ui";
import { LoaderCircle, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Controller, type FieldValues, type Resolver, useForm, type UseFormReturn } from "react-hook-form";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import { ResourceSelect } from "../resource/fields/resource-select.tsx";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { useDecimalText, useFieldsText, useMonthNames } from "./board-money.ts";

type Refusal = { errors?: Record<string, string> } | null;

const LINES = Array.from({ length: BULK_CONCEPTS }, (_, i) => i + 1);
const defaults = (year: number): FieldValues => ({
  students: [],
  sections: [],
  brief: "",
  recurrent: true,
  months: [],
  forYear: String(year),
  dueDate: "",
  curr: DEFAULT_CURRENCY,
  hasPenalty: false,
  ...Object.fromEntries(
    LINES.flatMap((i) => [
      [`concept${i}`, ""],
      [`amount${i}`, ""],
    ]),
  ),
});

/**
 * The body the API takes from the form's values: empty texts and lists left out (the schema's "not given"), the
 * months and year only for a monthly bulk. The same cleaning feeds the browser's check and the request.
 */
function bodyOf(values: FieldValues): FieldValues {
  const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "" && !(Array.isArray(v) && v.length === 0)));
  if (!values.recurrent) {
    delete body.months;
    delete body.forYear;
  }
  return body;
}

function TextInput({
  form,
  name,
  label,
  kind = "text",
  hint,
}: {
  form: UseFormReturn<FieldValues>;
  name: string;
  label: string;
  kind?: "text" | "money" | "date";
  hint?: string;
}) {
  const id = `bulk-${name}`;
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        {...fieldControl(id, error)}
        {...form.register(name)}
        type={kind === "date" ? "date" : "text"}
        inputMode={kind === "money" ? "decimal" : undefined}
        autoComplete="off"
        data-testid={id}
      />
    </Field>
  );
}

/**
 * "Create pensions / orders" (001 §5 "Bulk order", §7 createbulk): students one by one and whole sections, up to five
 * concepts with their amounts (a decimal comma is fine), monthly for months of a year or once on a due date. The form
 * is checked by the API's own schema; the API writes everything or nothing and says which field was wrong, and its
 * answer (created, already there) stays on screen.
 */
export function BulkOrdersDialog({
  module,
  year,
  open,
  onClosed,
  onDone,
}: {
  module: TGridModule;
  year: number;
  open: boolean;
  onClosed: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("billing.bulk");
  const tc = useTranslations("common");
  const text = useFieldsText("billing.bulk");
  const money = useDecimalText();
  const months = useMonthNames("long");
  const errorMap = useErrorMap(bulkLabelKey);
  const resolver = useMemo(() => {
    const check = zodResolver(bulkBody(module) as never, { error: errorMap }) as unknown as Resolver<FieldValues>;
    return ((values, context, options) => check(bodyOf(values), context, options)) as Resolver<FieldValues>;
  }, [module, errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: defaults(year) });
  const [lines, setLines] = useState(1);
  const [result, setResult] = useState<TBulkAnswer | null>(null);
  const { guard, requestClose } = useGuardedHashModal(open, `${module}-bulk`, () => {
    form.reset(defaults(year));
    setLines(1);
    setResult(null);
    onClosed();
  });
  const recurrent = form.watch("recurrent") as boolean;
  const chosenMonths = (form.watch("months") as number[]) ?? [];
  const error = (name: string) => form.formState.errors[name]?.message as string | undefined;

  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    const res = await api.post<TBulkAnswer & Refusal>(`${module}/createbulk`, bodyOf(values), { notify: false });
    if (res.ok) {
      setResult(res.envelope.data as TBulkAnswer);
      toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
      // What was typed stays (the parsed values would differ from the inputs' texts and leave the form dirty).
      form.reset(form.getValues());
      onDone();
      return;
    }
    const errors = (res.envelope.data as Refusal)?.errors ?? {};
    const fields = Object.keys(errors).filter((name) => name in values);
    for (const name of fields) form.setError(name, { message: errors[name] });
    if (fields.length === 0) toast.error(res.envelope.msg, { id: "bulk-failed" });
  });
  const busy = form.formState.isSubmitting;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent closeLabel={tc("close")} className="flex max-h-dvh flex-col sm:max-w-2xl" data-testid="bulk-dialog">
        <CloseGuardScope guard={guard} dirty={form.formState.isDirty}>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex min-h-0 flex-1 flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t(`open.${module}`)}</DialogTitle>
              <DialogDescription>{t("description")}</DialogDescription>
            </DialogHeader>
            <fieldset disabled={busy} className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-0.5">
              <legend className="sr-only">{t(`open.${module}`)}</legend>
              <section className="grid gap-3 sm:grid-cols-2" aria-label={t("who")}>
                {(["sections", "students"] as const).map((name) => (
                  <Field key={name} id={`bulk-${name}`} label={t(`fields.${name}`)} error={error(name)}>
                    <Controller
                      control={form.control}
                      name={name}
                      render={({ field }) => (
                        <ResourceSelect
                          field={BULK_PICKS[name]}
                          id={`bulk-${name}`}
                          testId={`bulk-${name}`}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          disabled={busy}
                          error={error(name)}
                          text={text}
                        />
                      )}
                    />
                  </Field>
                ))}
                <div className="sm:col-span-2">
                  <TextInput form={form} name="brief" label={t("fields.brief")} />
                </div>
              </section>

              <fieldset className="flex flex-col gap-3">
                <legend className="mb-2 text-sm font-medium">{t("lines")}</legend>
                {LINES.slice(0, lines).map((i) => (
                  <div key={i} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
                    <TextInput form={form} name={`concept${i}`} label={t(`fields.concept${i}`)} />
                    <TextInput form={form} name={`amount${i}`} label={t(`fields.amount${i}`)} kind="money" />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t("removeLine", { n: i })}
                      disabled={i !== lines || i === 1}
                      onClick={() => {
                        form.setValue(`concept${i}`, "");
                        form.setValue(`amount${i}`, "");
                        setLines(i - 1);
                      }}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                ))}
                {lines < BULK_CONCEPTS && (
                  <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setLines(lines + 1)} data-testid="bulk-add-line">
                    <Plus aria-hidden />
                    {t("addLine")}
                  </Button>
                )}
              </fieldset>

              <fieldset className="flex flex-col gap-3">
                <legend className="mb-2 text-sm font-medium">{t("schedule")}</legend>
                <div className="flex flex-col gap-2 sm:flex-row sm:gap-6" role="radiogroup" aria-label={t("schedule")}>
                  {([true, false] as const).map((value) => (
                    <label key={String(value)} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="bulk-recurrent"
                        checked={recurrent === value}
                        onChange={() => form.setValue("recurrent", value, { shouldDirty: true })}
                        data-testid={`bulk-${value ? "monthly" : "once"}`}
                        className="size-4 accent-primary"
                      />
                      {t(value ? "monthly" : "once")}
                    </label>
                  ))}
                </div>
                {recurrent && (
                  <>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextInput form={form} name="forYear" label={t("fields.forYear")} />
                      <TextInput form={form} name="dueDate" label={t("fields.dueDate")} kind="date" hint={t("dayHint")} />
                    </div>
                    <fieldset aria-describedby={error("months") ? "bulk-months-error" : undefined}>
                      <legend className="mb-2 text-sm">{t("fields.months")}</legend>
                      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                        {months.map((name, i) => {
                          const month = i + 1;
                          const id = `bulk-month-${month}`;
                          return (
                            <div key={month} className="flex items-center gap-2">
                              <Checkbox
                                id={id}
                                data-testid={id}
                                checked={chosenMonths.includes(month)}
                                onCheckedChange={(on) =>
                                  form.setValue("months", on ? [...chosenMonths, month].sort((a, b) => a - b) : chosenMonths.filter((m) => m !== month), {
                                    shouldDirty: true,
                                  })
                                }
                              />
                              <Label htmlFor={id} className="font-normal capitalize">
                                {name}
                              </Label>
                            </div>
                          );
                        })}
                      </div>
                      {error("months") && (
                        <p id="bulk-months-error" role="alert" className="mt-1 text-xs font-medium text-destructive">
                          {error("months")}
                        </p>
                      )}
                    </fieldset>
                  </>
                )}
                {!recurrent && <TextInput form={form} name="dueDate" label={t("fields.dueDate")} kind="date" />}
                <div className="grid items-end gap-3 sm:grid-cols-2">
                  <Field id="bulk-curr" label={t("fields.curr")} error={error("curr")}>
                    <NativeSelect id="bulk-curr" data-testid="bulk-curr" {...form.register("curr")}>
                      {CURRENCIES.map((curr) => (
                        <option key={curr} value={curr}>
                          {curr}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                  <div className="flex items-center gap-2 pb-2">
                    <Controller
                      control={form.control}
                      name="hasPenalty"
                      render={({ field }) => <Switch id="bulk-hasPenalty" checked={Boolean(field.value)} onCheckedChange={field.onChange} />}
                    />
                    <Label htmlFor="bulk-hasPenalty">{t("fields.hasPenalty")}</Label>
                  </div>
                </div>
              </fieldset>

              {result && (
                <section aria-label={t("result")} role="status" className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="bulk-result">
                  <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                    {(
                      [
                        ["students", String(result.students)],
                        ["created", String(result.created)],
                        ["existing", String(result.existing)],
                        ["charged", `${money(result.total)} ${result.curr}`],
                      ] as const
                    ).map(([key, value]) => (
                      <div key={key}>
                        <dt className="text-muted-foreground">{t(key)}</dt>
                        <dd className="font-semibold tabular-nums" data-testid={`bulk-result-${key}`}>
                          {value}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </section>
              )}
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose}>
                {tc("close")}
              </Button>
              <Button type="submit" disabled={busy} data-testid="bulk-save">
                {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
                {t("submit")}
              </Button>
            </DialogFooter>
          </form>
        </CloseGuardScope>
      </DialogContent>
    </Dialog>
  );
}
