"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  billingLabelKey,
  ORDER_STATUS,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  type TPaymentAnswer,
  type TRefundAnswer,
  ZPaymentBody,
  ZRefundBody,
} from "@pizarra/contracts";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  fieldControl,
  Input,
  Textarea,
  toast,
} from "@pizarra/ui";
import { Banknote, LoaderCircle, Undo2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { type FieldValues, type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import type { OwnDialogProps, Row } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";

type Refusal = { errors?: Record<string, string> } | null;

/** An order row's amount as the list gives it (a JSON number of at most two decimals), shown in the person's language. */
function useMoney() {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale === "en" ? "en-US" : "es-PE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (value: unknown, curr: unknown) => `${format.format(Number(value ?? 0))} ${typeof curr === "string" ? curr : ""}`.trim();
  }, [locale]);
}

/** The order the dialog acts on: its code, student and amounts, as the row shows them. */
function OrderSummary({ row }: { row: Row }) {
  const t = useTranslations("billing");
  const money = useMoney();
  const owed = Number(row.total ?? 0) - Number(row.paid ?? 0);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border bg-muted/40 p-3 text-sm" data-testid="order-summary">
      <dt className="text-muted-foreground">{t("order")}</dt>
      <dd className="font-medium">
        {String(row.easyId ?? "")} · {String(row.brief ?? "")}
      </dd>
      <dt className="text-muted-foreground">{t("student")}</dt>
      <dd>{String(row.dependantName ?? "")}</dd>
      <dt className="text-muted-foreground">{t("orderTotal")}</dt>
      <dd className="tabular-nums">{money(row.total, row.curr)}</dd>
      <dt className="text-muted-foreground">{t("orderPaid")}</dt>
      <dd className="tabular-nums">{money(row.paid, row.curr)}</dd>
      <dt className="text-muted-foreground">{t("orderBalance")}</dt>
      <dd className="font-semibold tabular-nums" data-testid="order-balance">
        {money(Math.max(owed, 0), row.curr)}
      </dd>
    </dl>
  );
}

/** The form's posting: field refusals go under their fields, any other refusal is a toast; success closes. */
async function postForm<T>(form: UseFormReturn<FieldValues>, path: string, values: FieldValues, done: (answer: T, msg: string) => void) {
  const res = await api.post<T & Refusal>(path, values, { notify: false });
  if (res.ok) {
    done(res.envelope.data as T, res.envelope.msg);
    return;
  }
  const errors = (res.envelope.data as Refusal)?.errors ?? {};
  const fields = Object.keys(errors).filter((name) => name in form.getValues());
  for (const name of fields) form.setError(name, { message: errors[name] });
  if (fields.length === 0) toast.error(res.envelope.msg, { id: "order-money-failed" });
}

function useSchemaForm(schema: z.ZodType, defaults: FieldValues) {
  const errorMap = useErrorMap(billingLabelKey);
  const resolver = useMemo(() => zodResolver(schema as never, { error: errorMap }) as unknown as Resolver<FieldValues>, [schema, errorMap]);
  return useForm<FieldValues>({ resolver, defaultValues: defaults });
}

const today = () => new Date().toLocaleDateString("sv-SE");
const PAY_DEFAULTS = { total: "", penalty: "", amountReceipt: "", date: "", type: "", method: "", card: "", opnum: "", note: "" };
/** Optional fields left empty are not sent: the server's defaults apply (today, cash, the amount received). */
const filled = (values: FieldValues) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "" && v !== undefined));

/** A text input of the form, its label and message from `billing.fields` and the form's state. */
function TextField({
  form,
  name,
  kind = "text",
  testId,
}: {
  form: UseFormReturn<FieldValues>;
  name: string;
  kind?: "text" | "money" | "date";
  testId: string;
}) {
  const t = useTranslations("billing");
  const id = `${testId}-${name}`;
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <Field id={id} label={t(`fields.${name}`)} error={error}>
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

/** A select of a fixed list, its options' names under `billing.<group>`. */
function SelectField({
  form,
  name,
  group,
  values,
  testId,
}: {
  form: UseFormReturn<FieldValues>;
  name: string;
  group: string;
  values: readonly (string | number)[];
  testId: string;
}) {
  const t = useTranslations("billing");
  const id = `${testId}-${name}`;
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <Field id={id} label={t(`fields.${name}`)} error={error}>
      <select
        {...fieldControl(id, error)}
        {...form.register(name)}
        className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid={id}
      >
        <option value="">{t("byDefault")}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {t(`${group}.${value}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Registering a payment of an order (001 §3 "Payment", §5: amount and note required; 001 §7 setpaymentbyorder): the
 * amount received (a decimal comma is fine), its penalty and what the receipt states, the date, type, method, card and
 * operation number. Less than the balance is a partial payment. Only an unpaid order takes one.
 */
export function OrderPayDialog({ open, row, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("billing");
  const tc = useTranslations("common");
  const form = useSchemaForm(ZPaymentBody, { ...PAY_DEFAULTS, date: today() });
  const { guard, close, requestClose } = useGuardedHashModal(open, `admOrder-pay-${row?.ID ?? ""}`, () => {
    form.reset({ ...PAY_DEFAULTS, date: today() });
    onClosed();
  });
  const unpaid = row?.status === ORDER_STATUS.unpaid;
  const submit = form.handleSubmit((values) =>
    postForm<TPaymentAnswer>(form, `admBilling/setpaymentbyorder/${row?.ID}`, filled(values), (_answer, msg) => {
      toast.success(msg, { duration: SUCCESS_TOAST_MS });
      onDone();
      close();
    }),
  );
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent closeLabel={tc("close")} className="flex max-h-dvh flex-col sm:max-w-lg" data-testid="order-pay">
        <CloseGuardScope guard={guard} dirty={form.formState.isDirty}>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex min-h-0 flex-1 flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t("pay.title")}</DialogTitle>
              <DialogDescription>{unpaid ? t("pay.description") : t("notUnpaid")}</DialogDescription>
            </DialogHeader>
            <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-0.5">
              {row && <OrderSummary row={row} />}
              <fieldset disabled={!unpaid || busy} className="grid gap-3 sm:grid-cols-2">
                <TextField form={form} name="total" kind="money" testId="order-pay" />
                <TextField form={form} name="date" kind="date" testId="order-pay" />
                <TextField form={form} name="penalty" kind="money" testId="order-pay" />
                <TextField form={form} name="amountReceipt" kind="money" testId="order-pay" />
                <SelectField form={form} name="type" group="types" values={PAYMENT_TYPES} testId="order-pay" />
                <SelectField form={form} name="method" group="methods" values={PAYMENT_METHODS} testId="order-pay" />
                <TextField form={form} name="card" testId="order-pay" />
                <TextField form={form} name="opnum" testId="order-pay" />
                <div className="sm:col-span-2">
                  <NoteField form={form} testId="order-pay" />
                </div>
              </fieldset>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose}>
                {tc("cancel")}
              </Button>
              <Button type="submit" disabled={!unpaid || busy} data-testid="order-pay-save">
                {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Banknote aria-hidden />}
                {t("pay.submit")}
              </Button>
            </DialogFooter>
          </form>
        </CloseGuardScope>
      </DialogContent>
    </Dialog>
  );
}

function NoteField({ form, testId }: { form: UseFormReturn<FieldValues>; testId: string }) {
  const t = useTranslations("billing");
  const id = `${testId}-note`;
  const error = form.formState.errors.note?.message as string | undefined;
  return (
    <Field id={id} label={t("fields.note")} error={error}>
      <Textarea {...fieldControl(id, error)} {...form.register("note")} rows={3} maxLength={200} data-testid={id} />
    </Field>
  );
}

/**
 * The refund of a paid order (001 §4: a paid order can be voided; §5: note required): everything it received goes
 * back, the order is voided and its receipts show ANULADO, their numbers kept.
 */
export function OrderRefundDialog({ open, row, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("billing");
  const tc = useTranslations("common");
  const form = useSchemaForm(ZRefundBody, { note: "" });
  const { guard, close, requestClose } = useGuardedHashModal(open, `admOrder-refund-${row?.ID ?? ""}`, () => {
    form.reset({ note: "" });
    onClosed();
  });
  const paid = row?.status === ORDER_STATUS.paid;
  const submit = form.handleSubmit((values) =>
    postForm<TRefundAnswer>(form, `admBilling/refundbyorder/${row?.ID}`, values, (_answer, msg) => {
      toast.success(msg, { duration: SUCCESS_TOAST_MS });
      onDone();
      close();
    }),
  );
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent closeLabel={tc("close")} className="flex max-h-dvh flex-col sm:max-w-lg" data-testid="order-refund">
        <CloseGuardScope guard={guard} dirty={form.formState.isDirty}>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex min-h-0 flex-1 flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t("refund.title")}</DialogTitle>
              <DialogDescription>{paid ? t("refund.description") : t("notPaid")}</DialogDescription>
            </DialogHeader>
            <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-0.5">
              {row && <OrderSummary row={row} />}
              <fieldset disabled={!paid || busy}>
                <NoteField form={form} testId="order-refund" />
              </fieldset>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose}>
                {tc("cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={!paid || busy} data-testid="order-refund-save">
                {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Undo2 aria-hidden />}
                {t("refund.submit")}
              </Button>
            </DialogFooter>
          </form>
        </CloseGuardScope>
      </DialogContent>
    </Dialog>
  );
}
