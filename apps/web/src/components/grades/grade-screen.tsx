"use client";

import type { HeaderConcept, SheetAbout, SheetLock, TCardZipAnswer, TGradeSaveAnswer, TGradeSaveBody } from "@pizarra/contracts";
import { Button, toast } from "@pizarra/ui";
import { Calculator, FileArchive, FileSpreadsheet, LoaderCircle, Printer, RefreshCw, Users } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { api } from "@/client/api.ts";
import { downloadExport } from "../resource/export-file.ts";
import {
  changeFilter,
  filtersOf,
  forReport,
  fromDeepLink,
  fromDefaults,
  openingReport,
  reportsOf,
  sourceOf,
  type DefaultFilters,
  type FilterName,
  type Mode,
  type Report,
  type SheetFilters,
  type SheetSource,
} from "./filter-model.ts";
import { GradeFilters, type ReportItem } from "./grade-filters.tsx";
import { GradeGrid } from "./grade-grid.tsx";
import { GradePrint } from "./grade-print.tsx";
import { openingReads } from "./opening.ts";
import { useGradeSheet } from "./use-grade-sheet.ts";
import { onFirstUse } from "../on-first-use.tsx";

/** Fetched when first opened: most visits to the sheet do not list its teachers. */
const TeachersDialog = onFirstUse(
  () => import("./teachers-dialog.tsx").then((m) => m.TeachersDialog),
  () => null,
);

const NO_DEFAULTS: DefaultFilters = {
  selectedReport: 2,
  periodId: 0,
  superSectionId: null,
  sectionId: null,
  activityId: null,
  masterId: null,
  activityPartId: null,
};
/** 000 §8: 'CPROM recalculado' shows for 4 s. */
const RECALCULATED_MS = 4000;

function Notice({ testId, children }: { testId: string; children: string }) {
  return (
    <p role="status" data-testid={testId} className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

interface Opening {
  defaults: DefaultFilters;
  reports: ReportItem[];
  filters: SheetFilters;
}

/**
 * The grade-entry screen (admGrades, and admGradesBehavior in behaviour mode; 000 §2.9, §4): the reports the person
 * may open, the filters from their defaults (or a subject row's deep link), then the sheet they point at, typed in
 * cell by cell. The refresh icon reloads the concepts and grades in place. The grade reports' and the grades by
 * teacher's menu entries open the same screen on their report (`prefer`: final grades, by teacher).
 */
export function GradeScreen({ canWrite, mode = "grades", prefer }: { canWrite: boolean; mode?: Mode; prefer?: Report }) {
  const t = useTranslations("gradeSheet");
  const deepLink = useSearchParams().get("deepLink");
  const [defaultsRead, reportsRead] = openingReads(mode);
  const defaultsAnswer = useQuery(defaultsRead);
  const reportsAnswer = useQuery(reportsRead);
  const linked = mode === "grades" ? deepLink : null;
  // The decoder (and the schema library it checks with) is fetched only for a link that carries one.
  const link = useQuery({
    queryKey: ["deepLink", linked],
    queryFn: () => import("@pizarra/contracts/deep-link").then((m) => m.decodeDeepLink(linked)),
    enabled: Boolean(linked),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The screen opens on answers read for this visit (or asked ahead for it), never on those kept from an earlier one.
  // Without defaults (the call failed and said so) it still opens, with nothing chosen.
  const settled = (read: { isPending: boolean; isFetching: boolean }) => !read.isPending && !read.isFetching;
  const ready = settled(defaultsAnswer) && settled(reportsAnswer) && (!linked || settled(link));
  const openKey = JSON.stringify([mode, prefer, deepLink]);
  // Taken once per opening: the filters are the person's from then on.
  const [opened, setOpened] = useState<(Opening & { openKey: string }) | null>(null);
  if (ready && opened?.openKey !== openKey) {
    const defaults = defaultsAnswer.data || NO_DEFAULTS;
    const known = new Set(reportsOf(mode));
    const reports = (reportsAnswer.data ?? []).filter((r) => known.has(r.ID));
    const filters =
      link.data?.module === "admGrades"
        ? fromDeepLink(link.data, defaults)
        : fromDefaults(
            mode,
            openingReport(
              mode,
              prefer ?? defaults.selectedReport,
              reports.map((r) => r.ID),
            ),
            defaults,
          );
    setOpened({ openKey, defaults, reports, filters });
  }
  const opening = opened?.openKey === openKey ? opened : null;

  if (!opening) return <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />;
  const { defaults, reports, filters } = opening;
  return (
    <GradeSheetView
      mode={mode}
      reports={reports}
      filters={filters}
      canWrite={canWrite}
      canRecalculate={mode === "behavior" && Boolean(defaults.canRecalculate)}
      onReport={(report) => setOpened({ ...opening, filters: forReport(filters, report, defaults) })}
      onFilter={(name, value) => setOpened({ ...opening, filters: changeFilter(mode, filters, name, value) })}
    />
  );
}

/** A print header's item the sheet has no value for (a final sheet's course, a group's teacher). */
const NONE = "—";

/**
 * The print header (000 §2.9): Periodo, Grado/Sección (a student group's name on a group's sheet), Curso, Profesor,
 * as the sheet's read names them.
 */
function usePrintSummary(mode: Mode, filters: SheetFilters, about: SheetAbout | null) {
  const t = useTranslations("gradeSheet");
  const byGroup = filtersOf(mode, filters.report).includes("groupId");
  return [
    { label: t("print.periodId"), value: about?.period || NONE },
    { label: t(byGroup ? "print.groupId" : "print.section"), value: about?.section || NONE },
    { label: t("print.activityId"), value: about?.course || NONE },
    { label: t("print.masterId"), value: about?.teacher || NONE },
  ];
}

/**
 * Who asked for paper: the Print button (which opens the browser's dialog once the view is drawn), or the browser's
 * own print (Ctrl+P, its menu), which would otherwise send the screen as it is, menu and all, cut at its right edge.
 */
type Printing = "button" | "browser";

/** Draws the print view for the browser's own print as it starts, and drops it after any print. */
function useBrowserPrint(ready: boolean, setPrinting: Dispatch<SetStateAction<Printing | null>>) {
  useEffect(() => {
    if (!ready) return;
    // The view must be in the document before the browser lays the page out for paper, which it does right after.
    const before = () => flushSync(() => setPrinting((current) => current ?? "browser"));
    const after = () => setPrinting(null);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, [ready, setPrinting]);
}

/** 000 §2.9 'Calcular CPROM': the behaviour averages of the students shown, recomputed by the server. */
async function recalculate(source: SheetSource, header: HeaderConcept[], studentIds: number[]) {
  const averages = header.filter((c) => c.specialType === "CPROM");
  const body: TGradeSaveBody = { grades: studentIds.flatMap((studentId) => averages.map((c) => ({ conceptId: c.ID, studentId, gradeTxt: null }))) };
  return api.post<TGradeSaveAnswer>(source.savePath, body, { notify: false });
}

/** The filters, the toolbar and the sheet they point at. */
function GradeSheetView({
  mode,
  reports,
  filters,
  canWrite,
  canRecalculate,
  onReport,
  onFilter,
}: {
  mode: Mode;
  reports: ReportItem[];
  filters: SheetFilters;
  canWrite: boolean;
  canRecalculate: boolean;
  onReport: (report: Report) => void;
  onFilter: (name: FilterName, value: number | null) => void;
}) {
  const t = useTranslations("gradeSheet");
  const tToast = useTranslations("toast");
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState<Printing | null>(null);
  const [teachers, setTeachers] = useState(false);
  const [recalculating, setRecalculating] = useState(false);
  const [zipping, setZipping] = useState(false);
  const source = useMemo(() => sourceOf(mode, filters), [mode, filters]);
  const sheet = useGradeSheet(source);
  const summary = usePrintSummary(mode, filters, sheet.about);
  const empty = sheet.header?.length === 0 ? "noConcepts" : sheet.rows?.length === 0 ? "noStudents" : null;
  const ready = Boolean(sheet.header?.length && sheet.rows?.length);
  const lock: SheetLock | null = canWrite ? sheet.lock : "noWrite";
  useBrowserPrint(ready, setPrinting);

  useEffect(() => {
    if (empty) toast.info(t(empty), { id: `grades-${empty}` });
  }, [empty, t]);

  const exportFile = async (chosen: SheetSource) => {
    setExporting(true);
    await downloadExport(chosen.exportPath, chosen.rows.query, "calificaciones.xlsx", { errorTitle: tToast("errorTitle"), failed: t("exportFailed") });
    setExporting(false);
  };

  /** 001 §7: every report card of the grade chosen, zipped by the server and opened from its stored file. */
  const reportCards = async (superSectionId: number) => {
    setZipping(true);
    const result = await api.get<TCardZipAnswer>("admGrades/job/archive/zip", {
      query: { supersectionId: superSectionId, periodId: filters.periodId ?? undefined },
    });
    setZipping(false);
    if (!result.ok) return;
    if (result.envelope.data?.url) window.location.assign(result.envelope.data.url);
    else if (result.envelope.msg) toast.info(result.envelope.msg);
  };

  const recalculateShown = async (chosen: SheetSource) => {
    if (!sheet.header || !sheet.rows) return;
    setRecalculating(true);
    const result = await recalculate(
      chosen,
      sheet.header,
      sheet.rows.map((r) => r.studentId),
    );
    setRecalculating(false);
    // 000 §8: a network failure is ignored; a refusal says why.
    if (result.ok) {
      sheet.apply(result.envelope.data?.averages ?? []);
      toast.success(t("recalculated"), { duration: RECALCULATED_MS });
    } else if (result.httpStatus > 0) toast.error(tToast("errorTitle"), { description: result.envelope.msg });
  };

  return (
    <section className="flex flex-col gap-4" data-testid="grade-screen">
      <GradeFilters mode={mode} reports={reports} filters={filters} onReport={onReport} onChange={onFilter} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" data-testid="grade-refresh" disabled={!source || sheet.loading} onClick={sheet.reload}>
          <RefreshCw className={sheet.loading ? "size-4 animate-spin" : "size-4"} aria-hidden />
          {t("refresh")}
        </Button>
        <Button variant="outline" size="sm" data-testid="grade-print-button" disabled={!ready || printing !== null} onClick={() => setPrinting("button")}>
          <Printer className="size-4" aria-hidden />
          {t("printButton")}
        </Button>
        <Button variant="outline" size="sm" data-testid="grade-export" disabled={!source || exporting} onClick={() => source && void exportFile(source)}>
          <FileSpreadsheet className="size-4" aria-hidden />
          {t("exportButton")}
        </Button>
        {mode === "grades" && (
          <Button variant="outline" size="sm" data-testid="grade-teachers-button" onClick={() => setTeachers(true)}>
            <Users className="size-4" aria-hidden />
            {t("teachers")}
          </Button>
        )}
        {mode === "grades" && filtersOf(mode, filters.report).includes("superSectionId") && (
          <Button
            variant="outline"
            size="sm"
            data-testid="grade-report-cards"
            disabled={filters.superSectionId === null || zipping}
            onClick={() => filters.superSectionId !== null && void reportCards(filters.superSectionId)}
          >
            {zipping ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <FileArchive className="size-4" aria-hidden />}
            {t("reportCards")}
          </Button>
        )}
        {canRecalculate && (
          <Button
            variant="outline"
            size="sm"
            data-testid="grade-recalculate"
            disabled={!ready || recalculating}
            onClick={() => source && void recalculateShown(source)}
          >
            <Calculator className="size-4" aria-hidden />
            {t("recalculate")}
          </Button>
        )}
      </div>
      {!source ? (
        <Notice testId="grade-choose">{t(mode === "behavior" ? "chooseSection" : "chooseCourse")}</Notice>
      ) : empty ? (
        <Notice testId={`grade-${empty}`}>{t(empty)}</Notice>
      ) : sheet.header && sheet.rows ? (
        <>
          {sheet.lock && <Notice testId="grade-lock">{t(`readOnly.${sheet.lock}`)}</Notice>}
          <GradeGrid header={sheet.header} rows={sheet.rows} lock={lock} onSave={sheet.save} onRefresh={sheet.reload} />
        </>
      ) : (
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />
      )}
      {printing && sheet.header && sheet.rows && (
        <GradePrint header={sheet.header} rows={sheet.rows} summary={summary} ask={printing === "button"} onDone={() => setPrinting(null)} />
      )}
      {teachers && <TeachersDialog filters={filters} onClose={() => setTeachers(false)} />}
    </section>
  );
}
