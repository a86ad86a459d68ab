"use client";

import {
  IMPORT_CONCEPT_KEYS,
  type TGradeImportAnswer,
  type TGradeImportAttachAnswer,
  type TGradeImportConceptsAnswer,
  type TImportLine,
} from "@pizarra/contracts";
import {
  Button,
  Field,
  fieldControl,
  NativeSelect,
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  toast,
} from "@pizarra/ui";
import { CircleCheck, Eye, FileDown, FileUp, LoaderCircle, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { api } from "@/client/api.ts";
import { apiGet } from "@/client/api-query.ts";
import { downloadExport } from "../resource/export-file.ts";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import { FileDrop } from "../resource/file-drop.tsx";
import type { ListAnswer, OwnDialogProps, PickOption } from "../resource/types.ts";
import { readBase64 } from "../resource/upload-files.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";

const NO_CONCEPTS: PickOption[] = [];

type CsvFile = { name: string; data: string; lines: number };
type Step = { state: "idle" } | { state: "busy" } | { state: "preview"; preview: TGradeImportAnswer } | { state: "refused"; lines: TImportLine[] };

/**
 * The grade import of a subject row (001 §2 "Import dialog": a right-side modal with an Excel template download and a
 * .csv dropzone; §5 "Grade import"): the section and up to 10 concepts (the file's columns, in order), the template of
 * those, the file, then a preview of what would change (or every refused line) before anything is written.
 */
export function GradeImportDialog({ open, row, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("gradeImport");
  const tc = useTranslations("common");
  const tf = useTranslations("fields");
  const tToast = useTranslations("toast");
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [file, setFile] = useState<CsvFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<Step>({ state: "idle" });
  const { guard, close, requestClose } = useGuardedHashModal(open, `admSubject-importGrades-${row?.ID ?? ""}`, () => {
    setChoice({});
    setFile(null);
    setErrors({});
    setStep({ state: "idle" });
    onClosed();
  });
  const activityId = row?.ID;
  const sectionId = choice.sectionId ?? "";

  const parts = useQuery({
    ...apiGet<ListAnswer<{ sectionId: number; sectionName: string }>>("admActivityParts/get", { query: { parentId: String(activityId), PageSize: 200 } }),
    enabled: activityId !== undefined,
  });
  const sections = useMemo(() => (parts.data?.Results ?? []).map((p): PickOption => ({ ID: p.sectionId, name: p.sectionName })), [parts.data]);
  const concepts =
    useQuery({
      ...apiGet<TGradeImportConceptsAnswer>("admGrades/importConcepts", { query: { activityId: String(activityId), sectionId } }),
      enabled: activityId !== undefined && Boolean(sectionId),
    }).data?.Results ?? NO_CONCEPTS;

  // Anything chosen again asks for a new preview.
  const choose = (name: string, value: string) => {
    setChoice((current) => ({ ...current, [name]: value, ...(name === "sectionId" ? Object.fromEntries(IMPORT_CONCEPT_KEYS.map((k) => [k, ""])) : {}) }));
    setErrors((current) => ({ ...current, [name]: "" }));
    setStep({ state: "idle" });
  };
  const course = () => ({ activityId, sectionId, ...Object.fromEntries(IMPORT_CONCEPT_KEYS.map((k) => [k, choice[k] ?? ""])) });
  // c1 always; each next concept once the one before it is chosen.
  const shownKeys = IMPORT_CONCEPT_KEYS.filter((_key, i) => i === 0 || Boolean(choice[IMPORT_CONCEPT_KEYS[i - 1]!]));

  const takeFile = async (chosen: File) => {
    setStep({ state: "busy" });
    setFile(null);
    const upload = { name: chosen.name, data: await readBase64(chosen) };
    const res = await api.post<TGradeImportAttachAnswer>("admGrades/importAttach", upload, { notify: false });
    setStep({ state: "idle" });
    if (!res.ok) return setErrors((current) => ({ ...current, csvfile: res.envelope.msg }));
    setErrors((current) => ({ ...current, csvfile: "" }));
    setFile({ ...upload, lines: res.envelope.data.lines });
  };

  const send = async (dryRun: boolean) => {
    setStep({ state: "busy" });
    const csvfile = file ? { name: file.name, data: file.data } : "";
    const res = await api.post<TGradeImportAnswer>("admGrades/import", { ...course(), csvfile, dryRun }, { notify: false });
    if (res.ok && !dryRun) {
      toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
      onDone();
      close();
      return;
    }
    if (res.ok) return setStep({ state: "preview", preview: res.envelope.data });
    const refusal = res.envelope.data as unknown as { errors?: Record<string, string>; lines?: TImportLine[] } | null;
    setErrors(refusal?.errors ?? { csvfile: res.envelope.msg });
    setStep(refusal?.lines ? { state: "refused", lines: refusal.lines } : { state: "idle" });
  };

  const busy = step.state === "busy";
  const preview = step.state === "preview" ? step.preview : null;
  const refused = step.state === "refused" ? step.lines : (preview?.errors ?? []);
  const select = (name: string, label: string, options: PickOption[]) => (
    <Field key={name} id={`import-${name}`} label={label} error={errors[name] || undefined}>
      <NativeSelect
        {...fieldControl(`import-${name}`, errors[name])}
        value={choice[name] ?? ""}
        disabled={busy}
        onChange={(event) => choose(name, event.target.value)}
      >
        <option value="">{t("choose")}</option>
        {options.map((option) => (
          <option key={option.ID} value={option.ID}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );

  return (
    <Sheet open={open} onOpenChange={(next) => !next && requestClose()}>
      <SheetContent closeLabel={tc("close")} data-testid="grade-import" className="gap-0 sm:max-w-2xl">
        <CloseGuardScope guard={guard} dirty={file !== null || Object.values(choice).some(Boolean)}>
          <SheetHeader>
            <SheetTitle>{row ? `${t("title")}: ${String(row.name)}` : t("title")}</SheetTitle>
            <SheetDescription>{t("description")}</SheetDescription>
          </SheetHeader>
          <SheetBody className="flex flex-col gap-5 py-5">
            {select("sectionId", tf("sectionId"), sections)}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{shownKeys.map((key) => select(key, tf(key), concepts))}</div>
            <div className="flex flex-col items-start gap-2">
              <p className="text-sm text-muted-foreground">{t("templateHint")}</p>
              <Button
                variant="outline"
                data-testid="import-template"
                disabled={!sectionId || !choice.c1}
                onClick={() =>
                  void downloadExport("admGrades/importTemplate", course(), `${t("templateName")}.xlsx`, {
                    errorTitle: tToast("errorTitle"),
                    failed: t("templateFailed"),
                  })
                }
              >
                <FileDown aria-hidden />
                {t("template")}
              </Button>
            </div>
            <Field id="import-csvfile" label={tf("csvfile")} error={errors.csvfile || undefined}>
              <FileDrop
                accept=".csv,text/csv"
                disabled={busy}
                onFile={(chosen) => void takeFile(chosen)}
                inputProps={fieldControl("import-csvfile", errors.csvfile)}
              >
                {file ? t("chosen", { name: file.name, lines: file.lines }) : t("drop")}
              </FileDrop>
            </Field>
            {busy && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircle className="size-4 animate-spin" aria-hidden />
                {t("checking")}
              </p>
            )}
            {refused.length > 0 && (
              <section aria-live="polite" data-testid="import-refused" className="flex flex-col gap-3 text-sm">
                <p className="flex items-start gap-2 text-destructive" role="alert">
                  <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {t("refused")}
                </p>
                <Table heads={[t("line"), t("problem")]} rows={refused.map((line) => [line.line, line.message])} />
              </section>
            )}
            {preview && preview.errors.length === 0 && (
              <section aria-live="polite" data-testid="import-preview" className="flex flex-col gap-3 text-sm">
                <p className="flex items-center gap-2 font-medium text-success">
                  <CircleCheck className="size-4" aria-hidden />
                  {t("changes", { count: preview.changes.length })}
                </p>
                {preview.unchanged > 0 && <p className="text-muted-foreground">{t("unchanged", { count: preview.unchanged })}</p>}
                {preview.changes.length > 0 && (
                  <Table
                    heads={[t("student"), t("concept"), t("change")]}
                    rows={preview.changes.map((c) => [c.name, c.abrev, `${c.old ?? "—"} → ${c.new ?? "—"}`])}
                  />
                )}
              </section>
            )}
          </SheetBody>
          <SheetFooter className="justify-between">
            <Button variant="outline" onClick={requestClose} data-testid="form-close">
              {tc("close")}
            </Button>
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => void send(true)} disabled={busy} data-testid="import-preview-run">
                <Eye aria-hidden />
                {t("preview")}
              </Button>
              <Button
                onClick={() => void send(false)}
                disabled={busy || !preview || preview.errors.length > 0 || preview.changes.length === 0}
                data-testid="import-run"
              >
                {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
                {t("import")}
              </Button>
            </div>
          </SheetFooter>
        </CloseGuardScope>
      </SheetContent>
    </Sheet>
  );
}

/** The preview's small tables: the changes, or the refused lines. */
function Table({ heads, rows }: { heads: string[]; rows: (string | number)[][] }) {
  return (
    <div className="max-h-80 overflow-auto rounded-md border">
      <table className="w-full text-left text-xs">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {heads.map((head) => (
              <th key={head} className="px-2 py-1.5 font-medium">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-t">
              {cells.map((cell, j) => (
                <td key={j} className="px-2 py-1.5">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
