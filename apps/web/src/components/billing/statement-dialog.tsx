"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { payerLabelKey, STATEMENT_LINK_DAYS, type TPayerRow, type TPayersAnswer, type TStatementLinkAnswer, ZPayerSplitBody } from "@pizarra/contracts";
import {
  Badge,
  Button,
  Field,
  FieldError,
  fieldControl,
  Input,
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  toast,
} from "@pizarra/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, FileDown, LoaderCircle, Save, Unlink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { type FieldValues, type Resolver, useForm } from "react-hook-form";
import { api } from "@/client/api.ts";
import { apiGet, refusalText } from "@/client/api-query.ts";
import { useErrorMap } from "@/client/validation.ts";
import { useCanWrite, useInMenu } from "../resource/access.ts";
import { downloadExport } from "../resource/export-file.ts";
import { useHashModal } from "../resource/hash-modal.ts";
import type { OwnDialogProps, RecordPanelProps } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";

const MODULE = "admBilling";
type Refusal = { errors?: Record<string, string> } | null;

/** The form of a split between two guardians: who and what percentage each, checked by the API's own schema. */
function SplitForm({ path, guardians, onSaved }: { path: string; guardians: TPayerRow[]; onSaved: (answer: TPayersAnswer) => void }) {
  const t = useTranslations("billing.payer");
  const errorMap = useErrorMap(payerLabelKey);
  const resolver = useMemo(() => zodResolver(ZPayerSplitBody as never, { error: errorMap }) as unknown as Resolver<FieldValues>, [errorMap]);
  const split = guardians.filter((g) => g.percent !== null);
  const defaults = split.length
    ? { payers: split.map((g) => ({ relativeId: String(g.ID), percent: String(g.percent) })) }
    : {
        payers: [
          { relativeId: String(guardians[0]?.ID ?? ""), percent: "" },
          { relativeId: String(guardians[1]?.ID ?? ""), percent: "" },
        ],
      };
  const form = useForm<FieldValues>({ resolver, defaultValues: defaults });
  const [whole, setWhole] = useState<string | undefined>();
  const post = async (body: unknown) => {
    setWhole(undefined);
    const res = await api.post<TPayersAnswer | Refusal>(path, body, { notify: false });
    if (res.ok) {
      toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
      onSaved(res.envelope.data as TPayersAnswer);
      return;
    }
    setWhole((res.envelope.data as Refusal)?.errors?.payers ?? res.envelope.msg);
  };
  const submit = form.handleSubmit((values) => post(values));
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors.payers as unknown as ({ relativeId?: { message?: string }; percent?: { message?: string } } | undefined)[] | undefined;
  return (
    // Not a <form>: in the student's record it sits inside the record's own form, whose submit a nested one would be.
    <div
      role="group"
      aria-labelledby="payer-split-title"
      className="flex flex-col gap-3 rounded-lg border p-3"
      data-testid="payer-split"
      onKeyDown={(e) => {
        if (e.key !== "Enter" || !(e.target instanceof HTMLInputElement)) return;
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id="payer-split-title" className="text-sm font-semibold">
        {t("splitTitle")}
      </h3>
      <p className="text-xs text-muted-foreground">{t("splitHint")}</p>
      {[0, 1].map((i) => {
        const who = `payer-split-${i}-relativeId`;
        const pct = `payer-split-${i}-percent`;
        return (
          <div key={i} className="grid grid-cols-[1fr_6rem] gap-2">
            <Field id={who} label={t("fields.relativeId", { n: i + 1 })} error={errors?.[i]?.relativeId?.message}>
              <select
                {...fieldControl(who, errors?.[i]?.relativeId?.message)}
                {...form.register(`payers.${i}.relativeId`)}
                className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                data-testid={who}
              >
                {guardians.map((g) => (
                  <option key={g.ID} value={g.ID}>
                    {g.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={pct} label={t("fields.percent")} error={errors?.[i]?.percent?.message}>
              <Input
                {...fieldControl(pct, errors?.[i]?.percent?.message)}
                {...form.register(`payers.${i}.percent`)}
                inputMode="numeric"
                autoComplete="off"
                data-testid={pct}
              />
            </Field>
          </div>
        );
      })}
      <FieldError id="payer-split-error">{whole}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={busy} onClick={() => void submit()} data-testid="payer-split-save">
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {t("save")}
        </Button>
        {split.length > 0 && (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void post({ payers: [] })} data-testid="payer-split-remove">
            <Unlink aria-hidden />
            {t("remove")}
          </Button>
        )}
      </div>
    </div>
  );
}

/** One guardian: whether they pay (and their share), their statement's PDF and the family's link to it. */
function GuardianRow({ guardian, canShare }: { guardian: TPayerRow; canShare: boolean }) {
  const t = useTranslations("billing.statement.dialog");
  const tPayer = useTranslations("billing.payer");
  const tToast = useTranslations("toast");
  const [busy, setBusy] = useState<"pdf" | "link" | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const pdf = async () => {
    setBusy("pdf");
    await downloadExport(`admBilling/statement/${guardian.ID}`, {}, "estado-de-cuenta.pdf", { errorTitle: tToast("errorTitle"), failed: t("pdfFailed") });
    setBusy(null);
  };
  const copy = async () => {
    setBusy("link");
    const res = await api.post<TStatementLinkAnswer>(`admBilling/statement/${guardian.ID}/link`, {});
    setBusy(null);
    if (!res.ok) return;
    const url = res.envelope.data.url;
    setLink(url);
    // The clipboard may be refused (no focus, an old browser): the link stays shown below to copy by hand.
    const copied = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    toast.success(copied ? t("copied") : t("linkReady"), { duration: SUCCESS_TOAST_MS });
  };
  const linkId = `statement-link-${guardian.ID}`;
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3" data-testid="statement-guardian" data-relative={guardian.ID}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words">{guardian.name}</span>
        {guardian.percent !== null ? (
          <Badge variant="secondary" data-testid="statement-share">
            {tPayer("share", { percent: guardian.percent })}
          </Badge>
        ) : (
          guardian.payer && (
            <Badge variant="secondary" data-testid="statement-share">
              {tPayer("payer")}
            </Badge>
          )
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void pdf()} disabled={busy !== null} data-testid="statement-pdf">
          {busy === "pdf" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
          {t("pdf")}
        </Button>
        {canShare && (
          <Button size="sm" variant="outline" onClick={() => void copy()} disabled={busy !== null} data-testid="statement-copy-link">
            {busy === "link" ? <LoaderCircle className="animate-spin" aria-hidden /> : <Copy aria-hidden />}
            {t("copyLink")}
          </Button>
        )}
      </div>
      {link && (
        <div className="flex flex-col gap-1">
          <label htmlFor={linkId} className="text-xs text-muted-foreground">
            {t("linkLabel", { days: STATEMENT_LINK_DAYS })}
          </label>
          <Input id={linkId} readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="statement-link" />
        </div>
      )}
    </li>
  );
}

/** Who pays a student's fees and each guardian's statement: read with billing's right, the split edited with its write. */
function StatementBody({ studentId, enabled }: { studentId: number | string | undefined; enabled: boolean }) {
  const t = useTranslations("billing.statement.dialog");
  const canWrite = useCanWrite()(MODULE);
  const queryClient = useQueryClient();
  const path = `admBilling/payers/${studentId ?? ""}`;
  const read = apiGet<TPayersAnswer>(path, { notify: false });
  const payers = useQuery({ ...read, enabled: enabled && studentId !== undefined });
  const guardians = payers.data?.guardians ?? [];
  const saved = (answer: TPayersAnswer) => queryClient.setQueryData(read.queryKey, answer);
  if (payers.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {t("loading")}
      </p>
    );
  if (payers.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {refusalText(payers.error) || t("failed")}
      </p>
    );
  if (guardians.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="statement-no-guardian">
        {t("noGuardian")}
      </p>
    );
  return (
    <>
      <ul className="flex flex-col gap-2" aria-label={t("guardians")}>
        {guardians.map((g) => (
          <GuardianRow key={g.ID} guardian={g} canShare={canWrite} />
        ))}
      </ul>
      {canWrite && guardians.length >= 2 && (
        <SplitForm key={guardians.map((g) => `${g.ID}:${g.percent}`).join()} path={path} guardians={guardians} onSaved={saved} />
      )}
    </>
  );
}

/**
 * A student's "Statement" (001 §3 "Order"), from the students' list: their guardians, who pays (the payer guardian,
 * or the school's split between two by percentage, which whoever writes billing edits here), and each guardian's
 * statement of account across siblings as a PDF and as a signed link for the family.
 */
export function StudentStatementDialog({ open, row, onClosed }: OwnDialogProps) {
  const t = useTranslations("billing.statement.dialog");
  const close = useHashModal(open, `admStudent-statement-${row?.ID ?? ""}`, onClosed);
  return (
    <Sheet open={open} onOpenChange={(next) => !next && close()}>
      <SheetContent side="right" closeLabel={t("close")} className="sm:max-w-lg" data-testid="student-statement">
        <SheetHeader>
          <SheetTitle>{t("title")}</SheetTitle>
          <SheetDescription>{t("description")}</SheetDescription>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-4">
          <StatementBody studentId={row?.ID} enabled={open && row !== null} />
        </SheetBody>
        <SheetFooter>
          <Button variant="outline" onClick={close}>
            {t("close")}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

/**
 * The same in the student's Family tab, under the family links, for those who have billing in their menu (others see
 * nothing of it): who pays follows the links shown above it.
 */
export function StudentPayersPanel({ record, idPrefix }: RecordPanelProps) {
  const t = useTranslations("billing.statement.dialog");
  const billing = useInMenu()(MODULE);
  if (!billing) return null;
  const titleId = `${idPrefix}student-payers-title`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border p-4" data-testid="student-payers">
      <h3 id={titleId} className="text-sm font-semibold">
        {t("title")}
      </h3>
      <StatementBody studentId={record.ID} enabled />
    </section>
  );
}
