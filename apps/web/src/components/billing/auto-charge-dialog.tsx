"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AUTO_CHARGE_STATUS, autoChargeLabelKey, type TAutoChargeAnswer, type TAutoChargeRun, ZAutoChargeParams } from "@pizarra/contracts";
import { Button, Field, fieldControl, Input, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, toast } from "@pizarra/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CreditCard, LoaderCircle, Search, TriangleAlert } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { type FieldValues, type Resolver, useForm } from "react-hook-form";
import { apiGet, refreshReads } from "@/client/api-query.ts";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { ProgressBar } from "../justifications/progress-bar.tsx";
import { useHashModal } from "../resource/hash-modal.ts";
import { useResourceText } from "../resource/resource-text.ts";
import type { OwnDialogProps } from "../resource/types.ts";

const PATH = "admBilling/automaticCharge";
/** How often the screen asks for the run's progress while the worker charges. */
const POLL_MS = 1500;

/** Decimal text as the person's language writes money (by Intl on the text: the amounts are never summed here). */
function useMoney() {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale === "en" ? "en-US" : "es-PE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Intl formats a numeric string exactly, digit by digit: no float comes between the server's text and the screen.
    const figure = (amount: string) => format.format(amount as Intl.StringNumericLiteral);
    return Object.assign((amount: string, curr: string) => `${figure(amount)} ${curr}`, { figure });
  }, [locale]);
}

/** Refusals stand out; a paid charge reads as plain text (the theme's success green is too light for small text). */
const STATUS_TONE: Record<number, string> = {
  [AUTO_CHARGE_STATUS.declined]: "text-destructive",
  [AUTO_CHARGE_STATUS.failed]: "text-destructive",
};

/** The run's progress and results: attempts sent of total, by outcome, the unsuccessful ones first with their reason. */
function RunView({ run }: { run: TAutoChargeRun }) {
  const t = useTranslations("billing.autoCharge");
  const money = useMoney();
  const format = useFormatter();
  const percent = run.total ? Math.round((run.done * 100) / run.total) : 100;
  const counts = ["succeeded", "charged", "declined", "failed", "skipped"] as const;
  const reason = (r: string | null, message: string | null) => (r && t.has(`reason.${r}`) ? t(`reason.${r}`) : (message ?? r ?? ""));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="auto-charge-results" data-testid="auto-charge-run" data-finished={run.finished}>
      <h3 id="auto-charge-results" className="font-medium">
        {t("results")}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t("ranAt", { at: format.dateTime(new Date(run.createdAt), { dateStyle: "medium", timeStyle: "short" }) })}
      </p>
      <div aria-live="polite" className="flex flex-col gap-2 text-sm">
        <p data-testid="auto-charge-progress">{t("progress", { done: run.done, total: run.total })}</p>
        <ProgressBar label={t("title")} percent={percent} />
        {run.finished && (
          <p className="flex items-center gap-2 font-medium">
            <CircleCheck className="size-4 shrink-0 text-success" aria-hidden />
            {t("finished")}
          </p>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="auto-charge-counts">
        {counts.map((key) => (
          <div key={key} className="rounded-md border p-2">
            <dt className="text-muted-foreground">{t(`counts.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`auto-charge-${key}`}>
              {run[key]}
            </dd>
          </div>
        ))}
      </dl>
      {run.collected.map((c) => (
        <p key={c.curr} className="text-sm font-medium tabular-nums">
          {t("collected", { amount: money.figure(c.amount), curr: c.curr })}
        </p>
      ))}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone is scrolled by keyboard too (axe's scrollable-region-focusable) */}
      <div className="overflow-x-auto rounded-md border" role="region" aria-label={t("results")} tabIndex={0}>
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="p-2 font-medium">
                {t("columns.student")}
              </th>
              <th scope="col" className="p-2 font-medium">
                {t("columns.card")}
              </th>
              <th scope="col" className="p-2 text-right font-medium">
                {t("columns.balance")}
              </th>
              <th scope="col" className="p-2 font-medium">
                {t("columns.status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {run.attempts.map((a) => (
              <tr key={a.orderId} className="border-t" data-testid="auto-charge-attempt" data-status={a.status}>
                <td className="p-2">{a.student}</td>
                <td className="whitespace-nowrap p-2">{t("card", { brand: a.brand, last4: a.last4 })}</td>
                <td className="whitespace-nowrap p-2 text-right tabular-nums">{money(a.amount, a.curr)}</td>
                <td className={`p-2 ${STATUS_TONE[a.status] ?? ""}`}>
                  {t(`status.${a.status}`)}
                  {a.reason || a.message ? <span className="block text-xs text-muted-foreground">{reason(a.reason, a.message)}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * admBilling's "automatic charge" (001 §7 `GET` and `POST admBilling/automaticCharge/{date}?confirm=true`): a date,
 * the preview of what is due on cards on file with its totals, a confirm past a clear warning, then the run's progress
 * (polled while the worker charges) and its results. A date already charged shows its run: it is never charged twice.
 */
export function AutoChargeDialog({ open, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("billing.autoCharge");
  const hint = useResourceText("admBilling").actionHint("autoCharge");
  const close = useHashModal(open, "admBilling-autoCharge", onClosed);
  const client = useQueryClient();
  const money = useMoney();
  const errorMap = useErrorMap(autoChargeLabelKey);
  const resolver = useMemo(() => zodResolver(ZAutoChargeParams, { error: errorMap }) as unknown as Resolver<FieldValues>, [errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: { date: new Date().toLocaleDateString("sv-SE") } });
  const error = form.formState.errors.date?.message as string | undefined;
  const [date, setDate] = useState<string | null>(null);
  const [understood, setUnderstood] = useState(false);
  const [sending, setSending] = useState(false);

  const previewRead = useQuery({ ...apiGet<TAutoChargeAnswer>(`${PATH}/${date}`, { notify: "first" }), enabled: open && date !== null });
  const preview = previewRead.data?.preview ?? null;
  const started = previewRead.data?.run ?? null;
  const progressRead = useQuery({
    ...apiGet<TAutoChargeAnswer>(`${PATH}/${date}`, { query: { progress: "true" }, notify: "first" }),
    enabled: open && started !== null,
    refetchInterval: (query) => (query.state.data?.run?.finished ? false : POLL_MS),
  });
  const run = progressRead.data?.run ?? started;

  const look = form.handleSubmit((values) => {
    setUnderstood(false);
    setDate(String(values.date));
  });
  const charge = async () => {
    if (!date) return;
    setSending(true);
    const res = await api.post<TAutoChargeAnswer>(`${PATH}/${date}`, {}, { query: { confirm: "true" }, notify: false });
    setSending(false);
    if (!res.ok) {
      toast.error(res.envelope.msg, { id: "auto-charge-failed" });
      return;
    }
    toast.success(res.envelope.msg);
    await refreshReads(client, `${PATH}/${date}`);
    onDone();
  };

  return (
    <Sheet open={open} onOpenChange={(next) => !next && close()}>
      <SheetContent side="right" closeLabel={t("close")} className="sm:max-w-3xl" data-testid="auto-charge">
        <SheetHeader>
          <SheetTitle>{t("title")}</SheetTitle>
          <SheetDescription>{hint ?? t("description")}</SheetDescription>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-4">
          <form onSubmit={(e) => void look(e)} noValidate className="flex flex-wrap items-end gap-3">
            <Field id="auto-charge-date" label={t("date")} error={error} className="min-w-[12rem] flex-1">
              <Input type="date" {...fieldControl("auto-charge-date", error)} {...form.register("date")} disabled={sending} />
            </Field>
            <Button type="submit" variant="outline" disabled={sending} data-testid="auto-charge-preview">
              <Search aria-hidden />
              {t("preview")}
            </Button>
          </form>
          {previewRead.isFetching && !preview && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              {t("loading")}
            </p>
          )}
          {previewRead.isError && <p className="text-sm text-destructive">{t("failed")}</p>}
          {run ? (
            <RunView run={run} />
          ) : (
            preview && (
              <section className="flex flex-col gap-3" data-testid="auto-charge-summary">
                <p className="font-medium">{t("wouldCharge", { count: preview.count })}</p>
                <ul className="flex flex-col gap-1 text-sm tabular-nums">
                  {preview.totals.map((total) => (
                    <li key={total.curr} data-testid="auto-charge-total">
                      {t("total", { amount: money.figure(total.amount), curr: total.curr, count: total.count })}
                    </li>
                  ))}
                </ul>
                <p className="text-sm text-muted-foreground" data-testid="auto-charge-without-card">
                  {t("withoutCard", { count: preview.withoutCard.count })}
                  {preview.withoutCard.totals.map((w) => ` · ${money(w.amount, w.curr)}`).join("")}
                </p>
                {preview.rows.length > 0 && (
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone is scrolled by keyboard too (axe's scrollable-region-focusable)
                  <div className="overflow-x-auto rounded-md border" role="region" aria-label={t("preview")} tabIndex={0}>
                    <table className="w-full text-sm" data-testid="auto-charge-rows">
                      <thead className="bg-muted/50 text-left">
                        <tr>
                          {(["order", "student", "guardian", "card", "due"] as const).map((c) => (
                            <th key={c} scope="col" className="whitespace-nowrap p-2 font-medium">
                              {t(`columns.${c}`)}
                            </th>
                          ))}
                          <th scope="col" className="p-2 text-right font-medium">
                            {t("columns.balance")}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {preview.rows.map((r) => (
                          <tr key={r.orderId} className="border-t">
                            <td className="whitespace-nowrap p-2">
                              {r.easyId}
                              <span className="block text-xs text-muted-foreground">{r.brief}</span>
                            </td>
                            <td className="p-2">{r.student}</td>
                            <td className="p-2">{r.guardian}</td>
                            <td className="whitespace-nowrap p-2">{t("card", { brand: r.brand, last4: r.last4 })}</td>
                            <td className="whitespace-nowrap p-2 tabular-nums">{r.dueDate}</td>
                            <td className="whitespace-nowrap p-2 text-right tabular-nums">{money(r.balance, r.curr)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {preview.rows.length < preview.count && (
                  <p className="text-xs text-muted-foreground">{t("shown", { shown: preview.rows.length, count: preview.count })}</p>
                )}
                {preview.count > 0 && (
                  <div
                    className="flex flex-col gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-3"
                    role="note"
                    data-testid="auto-charge-warning"
                  >
                    <p className="flex items-center gap-2 font-semibold">
                      <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
                      {t("warningTitle")}
                    </p>
                    <p className="text-sm">{t("warning")}</p>
                    <label className="flex min-h-11 items-center gap-3 text-sm">
                      <input
                        type="checkbox"
                        className="size-5 accent-primary"
                        checked={understood}
                        onChange={(e) => setUnderstood(e.target.checked)}
                        data-testid="auto-charge-understand"
                      />
                      {t("understand")}
                    </label>
                  </div>
                )}
              </section>
            )
          )}
        </SheetBody>
        <SheetFooter className="justify-between">
          <Button type="button" variant="outline" onClick={close} data-testid="auto-charge-close">
            {t("close")}
          </Button>
          {!run && preview && preview.count > 0 && (
            <Button type="button" variant="destructive" disabled={!understood || sending} onClick={() => void charge()} data-testid="auto-charge-confirm">
              {sending ? <LoaderCircle className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
              {t("confirm", { count: preview.count })}
            </Button>
          )}
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
