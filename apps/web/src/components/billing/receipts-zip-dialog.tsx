"use client";

import { receiptsLabelKey, ZReceiptsZipQuery } from "@pizarra/contracts";
import { Button, Field, fieldControl, Input, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, toast } from "@pizarra/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, FileArchive, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { type FieldValues, type Resolver, useForm } from "react-hook-form";
import { useErrorMap } from "@/client/validation.ts";
import { ProgressBar } from "../justifications/progress-bar.tsx";
import { useHashModal } from "../resource/hash-modal.ts";
import { useResourceText } from "../resource/resource-text.ts";
import type { OwnDialogProps } from "../resource/types.ts";
import { downloadReceiptsZip } from "./receipts-download.ts";

type Step = { state: "idle" } | { state: "running"; done: number; total: number | null } | { state: "saved"; total: number };

const pad = (n: number) => String(n).padStart(2, "0");
/** This month, first to last day: the range a bursar usually zips. */
function thisMonth(): { from: string; to: string } {
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/**
 * The receipts report's "download zip" (001 §7 `admBilling/report/receipts/zip?from&to`): every receipt of the range
 * as its own PDF in one zip, with "n of N" as the receipts arrive; a refused range says why next to the date.
 */
export function ReceiptsZipDialog({ open, onClosed }: OwnDialogProps) {
  const t = useTranslations("billing.receipts.zip");
  const tToast = useTranslations("toast");
  const hint = useResourceText("admBilling/report/receipts").actionHint("zip");
  const close = useHashModal(open, "admBillingReport-zip", onClosed);
  const errorMap = useErrorMap(receiptsLabelKey);
  const resolver = useMemo(() => zodResolver(ZReceiptsZipQuery, { error: errorMap }) as unknown as Resolver<FieldValues>, [errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: thisMonth() });
  const { errors } = form.formState;
  const [step, setStep] = useState<Step>({ state: "idle" });
  const abort = useRef<AbortController | null>(null);

  const run = form.handleSubmit(async (values) => {
    const controller = new AbortController();
    abort.current = controller;
    setStep({ state: "running", done: 0, total: null });
    const outcome = await downloadReceiptsZip(
      { from: String(values.from), to: String(values.to) },
      (done, total) => setStep({ state: "running", done, total }),
      controller.signal,
    );
    abort.current = null;
    if (outcome.kind === "saved") return setStep({ state: "saved", total: outcome.total });
    setStep({ state: "idle" });
    if (outcome.kind === "refused") {
      for (const [name, message] of Object.entries(outcome.errors)) form.setError(name, { message });
      if (!Object.keys(outcome.errors).length) toast.error(tToast("errorTitle"), { description: outcome.msg });
    } else if (outcome.kind === "failed" && !controller.signal.aborted) toast.error(tToast("errorTitle"), { description: t("failed") });
  });
  const stop = () => {
    abort.current?.abort();
    close();
  };

  const running = step.state === "running";
  const percent = running && step.total ? Math.round((step.done * 100) / step.total) : 0;
  return (
    <Sheet open={open} onOpenChange={(next) => !next && stop()}>
      <SheetContent side="right" closeLabel={t("close")} className="sm:max-w-md" data-testid="receipts-zip">
        <form onSubmit={(e) => void run(e)} noValidate className="flex min-h-0 flex-1 flex-col">
          <SheetHeader>
            <SheetTitle>{t("title")}</SheetTitle>
            <SheetDescription>{hint}</SheetDescription>
          </SheetHeader>
          <SheetBody className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="receipts-zip-from" label={t("from")} error={errors.from?.message as string | undefined}>
                <Input
                  type="date"
                  disabled={running}
                  {...fieldControl("receipts-zip-from", errors.from?.message as string | undefined)}
                  {...form.register("from")}
                />
              </Field>
              <Field id="receipts-zip-to" label={t("to")} error={errors.to?.message as string | undefined}>
                <Input type="date" disabled={running} {...fieldControl("receipts-zip-to", errors.to?.message as string | undefined)} {...form.register("to")} />
              </Field>
            </div>
            <div aria-live="polite" className="flex flex-col gap-2 text-sm" data-testid="receipts-zip-status" data-state={step.state}>
              {running && (
                <>
                  <p>{step.total === null ? t("counting") : t("progress", { done: step.done, total: step.total })}</p>
                  <ProgressBar label={t("title")} percent={percent} testId="receipts-zip-progress" />
                </>
              )}
              {step.state === "saved" && (
                <p className="flex items-center gap-2 font-medium">
                  <CircleCheck className="size-4 shrink-0 text-success" aria-hidden />
                  {t("done", { total: step.total })}
                </p>
              )}
            </div>
          </SheetBody>
          <SheetFooter className="justify-between">
            <Button type="button" variant="outline" onClick={stop} data-testid="receipts-zip-close">
              {running ? t("cancel") : t("close")}
            </Button>
            <Button type="submit" disabled={running} data-testid="receipts-zip-run">
              {running ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileArchive aria-hidden />}
              {t("button")}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
