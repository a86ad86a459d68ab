"use client";

import { Button, toast } from "@pizarra/ui";
import { FileSpreadsheet, LoaderCircle, Printer, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { api } from "@/client/api.ts";
import { downloadExport } from "../resource/export-file.ts";
import { knownPickName } from "../resource/fields/use-options.ts";
import { changeFilter, courseOf, forReport, fromDefaults, type Course, type DefaultFilters, type FilterName, type Report, type SheetFilters } from "./filter-model.ts";
import { GradeFilters } from "./grade-filters.tsx";
import { GradeGrid } from "./grade-grid.tsx";
import { GradePrint } from "./grade-print.tsx";
import { useGradeSheet } from "./use-grade-sheet.ts";

const NO_DEFAULTS: DefaultFilters = { selectedReport: 2, periodId: 0, superSectionId: null, sectionId: null, activityId: null, masterId: null, activityPartId: null };

function Notice({ testId, children }: { testId: string; children: string }) {
  return (
    <p role="status" data-testid={testId} className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * The grade-entry screen (admGrades; 000 §2.9, §4): the report's filters from the person's defaults, then the sheet of
 * the chosen course, typed in cell by cell. The refresh icon reloads the concepts and grades in place.
 */
export function GradeScreen({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("gradeSheet");
  const [defaults, setDefaults] = useState<DefaultFilters | null>(null);
  const [filters, setFilters] = useState<SheetFilters | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void api.get<DefaultFilters>("admGrades/defaultFilters", { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      // Without defaults (the call failed and said so) the screen still opens, on report 2 with nothing chosen.
      const answer = (result.ok && result.envelope.data) || NO_DEFAULTS;
      setDefaults(answer);
      setFilters(fromDefaults(answer));
    });
    return () => controller.abort();
  }, []);

  if (!filters || !defaults) {
    return <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />;
  }
  return (
    <GradeSheetView
      filters={filters}
      canWrite={canWrite}
      onReport={(report) => setFilters(forReport(filters, report, defaults))}
      onFilter={(name, value) => setFilters(changeFilter(filters, name, value))}
    />
  );
}

/** The filters, the toolbar and the sheet of the course they point at. */
function GradeSheetView({
  filters,
  canWrite,
  onReport,
  onFilter,
}: {
  filters: SheetFilters;
  canWrite: boolean;
  onReport: (report: Report) => void;
  onFilter: (name: FilterName, value: number | null) => void;
}) {
  const t = useTranslations("gradeSheet");
  const tToast = useTranslations("toast");
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const course = useMemo(() => courseOf(filters), [filters]);
  const sheet = useGradeSheet(course);
  const empty = sheet.header?.length === 0 ? "noConcepts" : sheet.rows?.length === 0 ? "noStudents" : null;

  useEffect(() => {
    if (empty) toast.info(t(empty), { id: `grades-${empty}` });
  }, [empty, t]);

  const name = (resource: string, id: number | null) => (id === null ? "" : (knownPickName(resource, id) ?? String(id)));
  const summary = [
    { label: t("print.periodId"), value: name("admPeriod", filters.periodId) },
    filters.report === 1
      ? { label: t("print.course"), value: name("admActivityParts", filters.activityPartId) }
      : { label: t("print.section"), value: name("admSection", filters.sectionId) },
    ...(filters.report === 2 ? [{ label: t("print.activityId"), value: name("admSubject", filters.activityId) }] : []),
    ...(filters.report === 1 ? [{ label: t("print.masterId"), value: name("admStaff", filters.masterId) }] : []),
  ];

  const exportFile = async (query: Course) => {
    setExporting(true);
    await downloadExport("admGrades/export", query, "calificaciones.xlsx", { errorTitle: tToast("errorTitle"), failed: t("exportFailed") });
    setExporting(false);
  };

  return (
    <section className="flex flex-col gap-4" data-testid="grade-screen">
      <GradeFilters filters={filters} onReport={onReport} onChange={onFilter} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" data-testid="grade-refresh" disabled={!course || sheet.loading} onClick={sheet.reload}>
          <RefreshCw className={sheet.loading ? "size-4 animate-spin" : "size-4"} aria-hidden />
          {t("refresh")}
        </Button>
        <Button variant="outline" size="sm" data-testid="grade-print-button" disabled={!sheet.header?.length || !sheet.rows?.length || printing} onClick={() => setPrinting(true)}>
          <Printer className="size-4" aria-hidden />
          {t("printButton")}
        </Button>
        <Button variant="outline" size="sm" data-testid="grade-export" disabled={!course || exporting} onClick={() => course && void exportFile(course)}>
          <FileSpreadsheet className="size-4" aria-hidden />
          {t("exportButton")}
        </Button>
      </div>
      {!course ? (
        <Notice testId="grade-choose">{t("chooseCourse")}</Notice>
      ) : empty ? (
        <Notice testId={`grade-${empty}`}>{t(empty)}</Notice>
      ) : sheet.header && sheet.rows ? (
        <GradeGrid header={sheet.header} rows={sheet.rows} canWrite={canWrite} onSave={sheet.save} onRefresh={sheet.reload} />
      ) : (
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />
      )}
      {printing && sheet.header && sheet.rows && <GradePrint header={sheet.header} rows={sheet.rows} summary={summary} onDone={() => setPrinting(false)} />}
    </section>
  );
}
