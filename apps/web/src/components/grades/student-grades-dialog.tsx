"use client";

import {
  CONCEPT_TYPE,
  GRADE_TEXT_MAX,
  isTextConcept,
  letterOf,
  splitList,
  type TGradedConcept,
  type TGradeSaveBody,
  type TStoredFileAnswer,
  type TStudentGradesAnswer,
} from "@pizarra/contracts";
import { Button, NativeSelect, Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle, Textarea, toast } from "@pizarra/ui";
import { FileDown, FileText, LoaderCircle, Save } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { useFormRead } from "@/client/api-query.ts";
import { useCanWrite } from "../resource/access.ts";
import { CloseGuardScope, useGuardedHashModal, useReportDirty } from "../resource/close-guard.tsx";
import { downloadExport } from "../resource/export-file.ts";
import type { OwnDialogProps } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { conceptGroups } from "./concept-groups.ts";

/** A grade as read: an average to two decimals with its letter, a typed number, or the text. */
function gradeText(c: TGradedConcept): string {
  if (c.gradeNum !== null) return c.calcAverage ? `${c.gradeNum.toFixed(2)} (${letterOf(c.gradeNum) ?? ""})` : String(c.gradeNum);
  return c.gradeTxt ?? "";
}

function ConceptRow({ concept, head }: { concept: TGradedConcept; head?: boolean }) {
  return (
    <tr className={head ? "border-t bg-muted/40" : "border-t"}>
      <td className="py-1 pr-2" style={{ paddingLeft: `${concept.level * 1}rem` }} title={concept.name}>
        <span className={head || concept.calcAverage ? "font-medium" : undefined}>{concept.name}</span>
      </td>
      <td
        className={
          isTextConcept(concept.type) && !concept.calcAverage ? "py-1 text-xs text-muted-foreground" : "py-1 text-right whitespace-nowrap tabular-nums"
        }
        data-testid={`student-grade-${concept.ID}`}
      >
        {gradeText(concept)}
      </td>
    </tr>
  );
}

function ConceptRows({ concepts }: { concepts: TGradedConcept[] }) {
  return conceptGroups(concepts).map(({ head, rows }) => (
    <tbody key={head?.ID ?? "loose"} data-testid={head ? `student-group-${head.ID}` : undefined}>
      {head && <ConceptRow concept={head} head />}
      {rows.map((c) => (
        <ConceptRow key={c.ID} concept={c} />
      ))}
    </tbody>
  ));
}

/** 001 §2: CONDF (a qualification) and TUTR (the tutor's comment) are typed in here; the rest is read. */
function BehaviourEditor({ concept, studentId, onSaved }: { concept: TGradedConcept; studentId: number; onSaved: (value: string | null) => void }) {
  const t = useTranslations("studentGrades");
  const [value, setValue] = useState(concept.gradeTxt ?? "");
  const [busy, setBusy] = useState(false);
  const changed = value !== (concept.gradeTxt ?? "");
  useReportDirty(changed);
  const save = async () => {
    setBusy(true);
    const body: TGradeSaveBody = { grades: [{ conceptId: concept.ID, studentId, gradeTxt: value || null }] };
    const result = await api.post("admGrades/behavior", body);
    setBusy(false);
    if (!result.ok) return;
    onSaved(value || null);
    toast.success(t("saved"), { duration: SUCCESS_TOAST_MS });
  };
  const id = `student-behaviour-${concept.ID}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {concept.name}
      </label>
      {concept.type === CONCEPT_TYPE.qualification ? (
        <NativeSelect id={id} data-testid={id} value={value} onChange={(e) => setValue(e.target.value)}>
          <option value="">{t("noGrade")}</option>
          {splitList(concept.qualifications).map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Textarea id={id} data-testid={id} value={value} maxLength={GRADE_TEXT_MAX} rows={3} onChange={(e) => setValue(e.target.value)} />
      )}
      <Button size="sm" variant="outline" className="self-end" disabled={busy || !changed} onClick={() => void save()} data-testid={`${id}-save`}>
        <Save className="size-4" aria-hidden />
        {t("save")}
      </Button>
    </div>
  );
}

/**
 * The student screen for grades (001 §2), from a student row: the current period's subjects with their concepts and
 * grades, the behaviour grades with CONDF and TUTR to type in (for those who may write behaviour grades), the report
 * card PDF and the memo of the subjects not passed.
 */
export function StudentGradesDialog({ open, row, onClosed }: OwnDialogProps) {
  const t = useTranslations("studentGrades");
  const tToast = useTranslations("toast");
  const canWrite = useCanWrite();
  const { guard, close, requestClose } = useGuardedHashModal(open, `admStudent-grades-${row?.ID ?? ""}`, onClosed);
  const studentId = row?.ID;
  const { data, update } = useFormRead<TStudentGradesAnswer>(
    studentId === undefined ? null : `admGrades/getByStudent/${studentId}`,
    open ? studentId : null,
    close,
  );

  const reportCard = (periodId: number) =>
    downloadExport(`grades/pdfreport/${Math.floor(periodId / 100)}/${studentId}`, { periodId }, "libreta.pdf", {
      errorTitle: tToast("errorTitle"),
      failed: t("failed"),
    });
  const memo = async (periodId: number) => {
    const result = await api.get<TStoredFileAnswer>(`grades/memo/${periodId}/${studentId}`);
    if (result.ok && result.envelope.data?.url) window.open(result.envelope.data.url, "_blank", "noopener");
  };
  const setBehaviour = (id: number, gradeTxt: string | null) =>
    update((d) => ({ ...d, behavior: d.behavior.map((c) => (c.ID === id ? { ...c, gradeTxt } : c)) }));

  return (
    <Sheet open={open} onOpenChange={(next) => !next && requestClose()}>
      <SheetContent side="right" closeLabel={t("close")} className="sm:max-w-2xl" data-testid="student-grades">
        <CloseGuardScope guard={guard}>
          <SheetHeader>
            <SheetTitle>{data ? data.student.name : t("title")}</SheetTitle>
            <SheetDescription>
              {data ? [data.student.gradeName, data.student.sectionName].filter(Boolean).join(" ") || t("noSection") : t("title")}
            </SheetDescription>
          </SheetHeader>
          <SheetBody className="flex flex-col gap-5">
            {!data ? (
              <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />
            ) : (
              <>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => void reportCard(data.periodId)} data-testid="student-report-card">
                    <FileDown className="size-4" aria-hidden />
                    {t("reportCard")}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void memo(data.periodId)} data-testid="student-memo">
                    <FileText className="size-4" aria-hidden />
                    {t("memo")}
                  </Button>
                </div>
                {data.online && (
                  <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="student-grades-online">
                    {data.online.online
                      ? t("online", { from: data.online.from ?? "" })
                      : data.online.from
                        ? t("onlineFrom", { from: data.online.from })
                        : t("notOnline")}
                    {data.online.msg && <span className="block text-muted-foreground">{data.online.msg}</span>}
                  </p>
                )}
                {data.subjects.length === 0 && <p className="text-sm text-muted-foreground">{t("noGrades")}</p>}
                {data.subjects.map((subject) => (
                  <section key={subject.activityId} aria-label={subject.name}>
                    <h3 className="mb-1 text-sm font-semibold">{subject.name}</h3>
                    <table className="w-full text-sm">
                      <ConceptRows concepts={subject.concepts} />
                    </table>
                  </section>
                ))}
                {data.behavior.length > 0 && (
                  <section aria-label={t("behaviour")} className="flex flex-col gap-3">
                    <h3 className="text-sm font-semibold">{t("behaviour")}</h3>
                    <table className="w-full text-sm">
                      <ConceptRows concepts={data.behavior.filter((c) => !c.editable || !canWrite("admGradesBehavior"))} />
                    </table>
                    {canWrite("admGradesBehavior") &&
                      data.behavior
                        .filter((c) => c.editable)
                        .map((c) => <BehaviourEditor key={c.ID} concept={c} studentId={data.student.ID} onSaved={(value) => setBehaviour(c.ID, value)} />)}
                  </section>
                )}
              </>
            )}
          </SheetBody>
        </CloseGuardScope>
      </SheetContent>
    </Sheet>
  );
}
