"use client";

import { FAMILY_PROBLEM_LEVEL, type TFamilyImportAnswer, type TFamilyImportProgress } from "@pizarra/contracts";
import { Button, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, toast } from "@pizarra/ui";
import { CircleCheck, FileDown, FileUp, LoaderCircle, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { ProgressBar } from "../justifications/progress-bar.tsx";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import { downloadExport } from "../resource/export-file.ts";
import { FileDrop } from "../resource/file-drop.tsx";
import type { OwnDialogProps } from "../resource/types.ts";
import { readBase64 } from "../resource/upload-files.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";

type Progress = TFamilyImportProgress["progress"];
type Step =
  | { state: "idle" }
  | { state: "checking" | "importing"; name: string; progress: Progress | null }
  | { state: "checked" | "refused" | "imported"; name: string; data: string; msg: string; answer: TFamilyImportAnswer | null };

const PATH = "admStudent/familyImport";

/**
 * "Import students and families" of the students list: the template, the file, its trial run (every problem by line
 * and column; warnings do not stop it), then the import, all or nothing, with its progress and what it did.
 */
export function FamilyImportDialog({ open, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("familyImport");
  const tc = useTranslations("common");
  const tToast = useTranslations("toast");
  const [step, setStep] = useState<Step>({ state: "idle" });
  const { guard, close, requestClose } = useGuardedHashModal(open, "admStudent-familyImport", () => {
    setStep({ state: "idle" });
    onClosed();
  });

  const send = async (name: string, data: string, dryRun: boolean) => {
    const running = dryRun ? "checking" : "importing";
    setStep({ state: running, name, progress: null });
    const result = await api.post<TFamilyImportAnswer | null>(
      PATH,
      { name, data },
      {
        query: { dryRun: String(dryRun) },
        notify: false,
        onProgress: (line) => setStep({ state: running, name, progress: (line as TFamilyImportProgress).progress }),
      },
    );
    const { msg, data: answer } = result.envelope;
    const shaped = answer && typeof answer === "object" && "students" in answer ? answer : null;
    if (!result.ok) return setStep({ state: "refused", name, data, msg: msg || t("failed"), answer: shaped });
    setStep({ state: dryRun ? "checked" : "imported", name, data, msg, answer: shaped });
    if (!dryRun) {
      toast.success(msg, { duration: SUCCESS_TOAST_MS });
      onDone();
    }
  };

  const tryFile = async (file: File) => send(file.name, await readBase64(file), true);
  const busy = step.state === "checking" || step.state === "importing";
  const answer = "answer" in step ? step.answer : null;
  return (
    <Sheet open={open} onOpenChange={(next) => !next && requestClose()}>
      <SheetContent closeLabel={tc("close")} data-testid="family-import" className="gap-0 sm:max-w-3xl">
        <CloseGuardScope guard={guard} dirty={step.state === "checked" || busy}>
          <SheetHeader>
            <SheetTitle>{t("title")}</SheetTitle>
            <SheetDescription>{t("description")}</SheetDescription>
          </SheetHeader>
          <SheetBody className="flex flex-col gap-5 py-5">
            <div className="flex flex-col items-start gap-2">
              <p className="text-sm text-muted-foreground">{t("templateHint")}</p>
              <Button
                variant="outline"
                data-testid="family-import-template"
                onClick={() => void downloadExport(`${PATH}/template`, {}, `${t("title")}.xlsx`, { errorTitle: tToast("errorTitle"), failed: t("failed") })}
              >
                <FileDown aria-hidden />
                {t("template")}
              </Button>
            </div>
            {step.state !== "imported" && (
              <FileDrop
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                disabled={busy}
                onFile={(file) => void tryFile(file)}
                inputProps={{ "data-testid": "family-import-file" }}
              >
                {t("drop")}
              </FileDrop>
            )}
            {step.state !== "idle" && (
              <section
                aria-live="polite"
                data-testid="family-import-check"
                data-state={step.state}
                className="flex flex-col gap-3 rounded-lg border p-4 text-sm"
              >
                <p className="font-medium break-all">{step.name}</p>
                {busy && <Running label={step.state === "checking" ? t("checking") : t("importing")} progress={step.progress} />}
                {step.state === "checked" && (
                  <p className="flex items-center gap-2">
                    <CircleCheck className="size-4 shrink-0 text-success" aria-hidden />
                    {t("ready")}
                  </p>
                )}
                {step.state === "imported" && (
                  <p className="flex items-center gap-2 font-medium" data-testid="family-import-done">
                    <CircleCheck className="size-4 shrink-0 text-success" aria-hidden />
                    {step.msg || t("done")}
                  </p>
                )}
                {step.state === "refused" && (
                  <p className="flex items-start gap-2 text-destructive" role="alert">
                    <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>
                      {step.msg}
                      {answer && <span className="block text-muted-foreground">{t("refused")}</span>}
                    </span>
                  </p>
                )}
                {answer && !busy && <Summary answer={answer} />}
                {answer && !busy && answer.problems.length > 0 && <Problems answer={answer} />}
              </section>
            )}
          </SheetBody>
          <SheetFooter className="justify-between">
            <Button variant="outline" onClick={step.state === "imported" ? close : requestClose} data-testid="family-import-close">
              {t("close")}
            </Button>
            <Button
              onClick={() => step.state === "checked" && void send(step.name, step.data, false)}
              disabled={step.state !== "checked"}
              data-testid="family-import-run"
            >
              {step.state === "importing" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
              {t("run")}
            </Button>
          </SheetFooter>
        </CloseGuardScope>
      </SheetContent>
    </Sheet>
  );
}

/** What is running, and how far it got in its current stage. */
function Running({ label, progress }: { label: string; progress: Progress | null }) {
  const t = useTranslations("familyImport");
  const percent = progress && progress.total > 0 ? Math.round((progress.done * 100) / progress.total) : 0;
  return (
    <div className="flex flex-col gap-2" data-testid="family-import-progress">
      <p className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {progress ? t("progress", { stage: t(`stages.${progress.stage}`), done: progress.done, total: progress.total }) : label}
      </p>
      <ProgressBar label={label} percent={percent} />
    </div>
  );
}

function Summary({ answer }: { answer: TFamilyImportAnswer }) {
  const t = useTranslations("familyImport");
  return (
    <ul className="flex flex-col gap-1" data-testid="family-import-summary">
      <li>{t("summaryStudents", answer.students)}</li>
      <li>{t("summaryGuardians", answer.guardians)}</li>
      <li>{t("summaryLinks", { ...answer.links, placements: answer.placements })}</li>
    </ul>
  );
}

function Problems({ answer }: { answer: TFamilyImportAnswer }) {
  const t = useTranslations("familyImport");
  return (
    <>
      <div className="max-h-80 overflow-auto rounded-md border">
        <table className="w-full text-left text-xs" data-testid="family-import-problems">
          <thead className="sticky top-0 bg-muted">
            <tr>
              {(["line", "column", "problem"] as const).map((title) => (
                <th key={title} scope="col" className="px-2 py-1.5 font-medium">
                  {t(title)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answer.problems.map((p, i) => (
              <tr key={`${p.line}-${p.column}-${i}`} className="border-t align-top" data-level={p.level}>
                <td className="px-2 py-1.5 tabular-nums">{p.line}</td>
                <td className="px-2 py-1.5">{p.letter ? `${p.letter} · ${p.title}` : ""}</td>
                <td className="px-2 py-1.5">
                  <span className={p.level === FAMILY_PROBLEM_LEVEL.error ? "font-medium text-destructive" : "font-medium"}>
                    {p.level === FAMILY_PROBLEM_LEVEL.error ? t("error") : t("warning")}:
                  </span>{" "}
                  {p.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {answer.more > 0 && <p className="text-muted-foreground">{t("more", { count: answer.more })}</p>}
    </>
  );
}
