"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { billingLabelKey, ORDER_STATUS, PAYMENT_METHODS, PAYMENT_TYPES, ZPaymentBody, ZRefundBody } from "@pizarra/contracts";
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
export function OrderSummary({ row }: { row: Row }) {
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
async function postForm(form: UseFormReturn<FieldValues>, path: string, values: FieldValues, done: (msg: string) => void) {
  const res = await api.post<Refusal>(path, values, { notify: false });
  if (res.ok) {
    done(res.envelope.msg);
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

/** What each dialog of an order's money is: its form, its call and its texts. */
interface MoneyDialogSpec {
  kind: "pay" | "refund";
  schema: z.ZodType;
  defaults: () => FieldValues;
  /** Whether the order takes this action (001 §4), else the dialog says why and its form is off. */
  takes: (row: Row | null) => boolean;
  refusal: string;
  path: (id: unknown) => string;
  /** The body sent: an optional field left empty is not sent. */
  body: (values: FieldValues) => FieldValues;
  icon: typeof Banknote;
  variant?: "destructive";
  fields: (form: UseFormReturn<FieldValues>, testId: string) => React.ReactNode;
}

/** The dialog of a payment or a refund: the order's amounts, the form checked by the API's schema, and its call. */
function OrderMoneyDialog({ spec, open, row, onClosed, onDone }: OwnDialogProps & { spec: MoneyDialogSpec }) {
  const t = useTranslations("billing");
  const tc = useTranslations("common");
  const testId = `order-${spec.kind}`;
  const form = useSchemaForm(spec.schema, spec.defaults());
  const { guard, close, requestClose } = useGuardedHashModal(open, `admOrder-${spec.kind}-${row?.ID ?? ""}`, () => {
    form.reset(spec.defaults());
    onClosed();
  });
  const takes = spec.takes(row);
  const submit = form.handleSubmit((values) =>
    postForm(form, spec.path(row?.ID), spec.body(values), (msg) => {
      toast.success(msg, { duration: SUCCESS_TOAST_MS });
      onDone();
      close();
    }),
  );
  const busy = form.formState.isSubmitting;
  const Icon = spec.icon;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent closeLabel={tc("close")} className="flex max-h-dvh flex-col sm:max-w-lg" data-testid={testId}>
        <CloseGuardScope guard={guard} dirty={form.formState.isDirty}>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex min-h-0 flex-1 flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t(`${spec.kind}.title`)}</DialogTitle>
              <DialogDescription>{takes ? t(`${spec.kind}.description`) : t(spec.refusal)}</DialogDescription>
            </DialogHeader>
            <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-0.5">
              {row && <OrderSummary row={row} />}
              <fieldset disabled={!takes || busy} className="grid gap-3 sm:grid-cols-2">
                {spec.fields(form, testId)}
              </fieldset>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose}>
                {tc("cancel")}
              </Button>
              <Button type="submit" variant={spec.variant} disabled={!takes || busy} data-testid={`${testId}-save`}>
                {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
                {t(`${spec.kind}.submit`)}
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
    <div className="sm:col-span-2">
      <Field id={id} label={t("fields.note")} error={error}>
        <Textarea {...fieldControl(id, error)} {...form.register("note")} rows={3} maxLength={200} data-testid={id} />
      </Field>
    </div>
  );
}

/**
 * Registering a payment of an order (001 §3 "Payment", §5: amount and note required; 001 §7 setpaymentbyorder): the
 * amount received (a decimal comma is fine), its penalty and what the receipt states, the date, type, method, card and
 * operation number. Less than the balance is a partial payment. Only an unpaid order takes one.
 */
const PAY: MoneyDialogSpec = {
  kind: "pay",
  schema: ZPaymentBody,
  defaults: () => ({ ...PAY_DEFAULTS, date: today() }),
  takes: (row) => row?.status === ORDER_STATUS.unpaid,
  refusal: "notUnpaid",
  path: (id) => `admBilling/setpaymentbyorder/${id}`,
  body: filled,
  icon: Banknote,
  fields: (form, testId) => (
    <>
      <TextField form={form} name="total" kind="money" testId={testId} />
      <TextField form={form} name="date" kind="date" testId={testId} />
      <TextField form={form} name="penalty" kind="money" testId={testId} />
      <TextField form={form} name="amountReceipt" kind="money" testId={testId} />
      <SelectField form={form} name="type" group="types" values={PAYMENT_TYPES} testId={testId} />
      <SelectField form={form} name="method" group="methods" values={PAYMENT_METHODS} testId={testId} />
      <TextField form={form} name="card" testId={testId} />
      <TextField form={form} name="opnum" testId={testId} />
      <NoteField form={form} testId={testId} />
    </>
  ),
};

/**
 * The refund of a paid order (001 §4: a paid order can be voided; §5: note required): everything it received goes
 * back, the order is voided and its receipts show ANULADO, their numbers kept.
 */
const REFUND: MoneyDialogSpec = {
  kind: "refund",
  schema: ZRefundBody,
  defaults: () => ({ note: "" }),
  takes: (row) => row?.status === ORDER_STATUS.paid,
  refusal: "notPaid",
  path: (id) => `admBilling/refundbyorder/${id}`,
  body: (values) => values,
  icon: Undo2,
  variant: "destructive",
  fields: (form, testId) => <NoteField form={form} testId={testId} />,
};

export const OrderPayDialog = (props: OwnDialogProps) => <OrderMoneyDialog spec={PAY} {...props} />;
export const OrderRefundDialog = (props: OwnDialogProps) => <OrderMoneyDialog spec={REFUND} {...props} />;
