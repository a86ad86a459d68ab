"use client";

import type { ResourceDef, TImportAnswer, TImportLine } from "@pizarra/contracts";
import { Button, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, toast } from "@pizarra/ui";
import { CircleCheck, FileDown, FileUp, LoaderCircle, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { downloadExport } from "./export-file.ts";
import { CloseGuardScope, useGuardedHashModal } from "./close-guard.tsx";
import { FileDrop } from "./file-drop.tsx";
import { readBase64 } from "./upload-files.ts";
import { SUCCESS_TOAST_MS } from "./values.ts";

type Check =
  | { state: "idle" }
  | { state: "checking" | "importing"; name: string }
  | { state: "ready"; name: string; data: string; rows: number }
  | { state: "refused"; name: string; msg: string; lines: TImportLine[]; refused: number };

interface ImportSheetProps {
  def: ResourceDef;
  title: string;
  open: boolean;
  parentId?: string | number;
  onClosed: () => void;
  onImported: () => void;
}

/**
 * The import dialog (spec 001 §2 "Import dialog": a right-side modal with an Excel template download and a file
 * drop area). A chosen file is first tried on the server without writing (dryRun), so the screen shows how many
 * records it will create or every refused line with its field's message; only then can it be imported, all or none.
 */
export function ImportSheet({ def, title, open, parentId, onClosed, onImported }: ImportSheetProps) {
  const t = useTranslations("moduleScreen");
  const tc = useTranslations("common");
  const tToast = useTranslations("toast");
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const { guard, close, requestClose } = useGuardedHashModal(open, `${def.id}-import`, () => {
    setCheck({ state: "idle" });
    onClosed();
  });
  const query = (dryRun: boolean) => ({ dryRun: String(dryRun), ...(parentId !== undefined ? { parentId: String(parentId) } : {}) });

  const tryFile = async (file: File) => {
    setCheck({ state: "checking", name: file.name });
    const data = await readBase64(file);
    const result = await api.post<TImportAnswer>(`${def.id}/importAttach`, { data }, { query: query(true), notify: false });
    if (result.ok) {
      setCheck({ state: "ready", name: file.name, data, rows: result.envelope.data.rows });
      return;
    }
    const refusal = result.envelope.data as { lines?: TImportLine[]; refused?: number } | null;
    setCheck({ state: "refused", name: file.name, msg: result.envelope.msg || t("importFailed"), lines: refusal?.lines ?? [], refused: refusal?.refused ?? 0 });
  };

  const runImport = async () => {
    if (check.state !== "ready") return;
    setCheck({ state: "importing", name: check.name });
    const result = await api.post<TImportAnswer>(`${def.id}/importAttach`, { data: check.data }, { query: query(false) });
    if (!result.ok) {
      setCheck({ state: "idle" });
      return;
    }
    toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    onImported();
    close();
  };

  const busy = check.state === "checking" || check.state === "importing";
  return (
    <Sheet open={open} onOpenChange={(next) => !next && requestClose()}>
      <SheetContent closeLabel={tc("close")} data-testid="import-sheet" className="gap-0 sm:max-w-2xl">
        {/* A chosen file, checked or refused, is what closing would throw away. */}
        <CloseGuardScope guard={guard} dirty={check.state !== "idle"}>
          <SheetHeader>
            <SheetTitle>{t("importTitle", { title })}</SheetTitle>
            <SheetDescription>{t("importDescription")}</SheetDescription>
          </SheetHeader>
          <SheetBody className="flex flex-col gap-5 py-5">
            <div className="flex flex-col items-start gap-2">
              <p className="text-sm text-muted-foreground">{t("importTemplateHint")}</p>
              <Button
                variant="outline"
                data-testid="import-template"
                onClick={() =>
                  void downloadExport(`${def.id}/importTemplate`, {}, `${title}.xlsx`, { errorTitle: tToast("errorTitle"), failed: t("exportFailed") })
                }
              >
                <FileDown aria-hidden />
                {t("importTemplate")}
              </Button>
            </div>
            <FileDrop
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onFile={(file) => void tryFile(file)}
              inputProps={{ "data-testid": "import-file" }}
            >
              {t("importDrop")}
            </FileDrop>
            {check.state !== "idle" && (
              <section aria-live="polite" data-testid="import-check" data-state={check.state} className="flex flex-col gap-3 rounded-lg border p-4 text-sm">
                <p className="font-medium">{check.name}</p>
                {busy && (
                  <p className="flex items-center gap-2 text-muted-foreground">
                    <LoaderCircle className="size-4 animate-spin" aria-hidden />
                    {check.state === "checking" ? t("importChecking") : t("importRunning")}
                  </p>
                )}
                {check.state === "ready" && (
                  <p className="flex items-center gap-2 text-success">
                    <CircleCheck className="size-4" aria-hidden />
                    {t("importReady", { count: check.rows })}
                  </p>
                )}
                {check.state === "refused" && (
                  <>
                    <p className="flex items-start gap-2 text-destructive" role="alert">
                      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                      {check.msg}
                    </p>
                    {check.lines.length > 0 && (
                      <div className="max-h-80 overflow-auto rounded-md border">
                        <table className="w-full text-left text-xs">
                          <thead className="sticky top-0 bg-muted">
                            <tr>
                              <th className="px-2 py-1.5 font-medium">{t("importLine")}</th>
                              <th className="px-2 py-1.5 font-medium">{t("importProblem")}</th>
                            </tr>
                          </thead>
                          <tbody>
                            {check.lines.map((line, i) => (
                              <tr key={`${line.line}-${line.field}-${i}`} className="border-t">
                                <td className="px-2 py-1.5 tabular-nums">{line.line}</td>
                                <td className="px-2 py-1.5">{line.message}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    )}
                    {check.refused > check.lines.length && (
                      <p className="text-muted-foreground">{t("importMoreLines", { count: check.refused - check.lines.length })}</p>
                    )}
                  </>
                )}
              </section>
            )}
          </SheetBody>
          <SheetFooter className="justify-between">
            <Button variant="outline" onClick={requestClose} data-testid="form-close">
              {t("close")}
            </Button>
            <Button onClick={() => void runImport()} disabled={check.state !== "ready"} data-testid="import-run">
              {check.state === "importing" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
              {check.state === "ready" ? t("importRun", { count: check.rows }) : t("import")}
            </Button>
          </SheetFooter>
        </CloseGuardScope>
      </SheetContent>
    </Sheet>
  );
}
