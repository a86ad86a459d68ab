"use client";

import type { TAttendanceSummaryAnswer } from "@pizarra/contracts";
import { Button, Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@pizarra/ui";
import { CalendarX2, LoaderCircle, RotateCw, TriangleAlert } from "lucide-react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiGet, refusalText } from "@/client/api-query.ts";
import { studentName } from "../justifications/justification-model.ts";
import { useHashModal } from "../resource/hash-modal.ts";
import type { OwnDialogProps, Row } from "../resource/types.ts";
import { PeriodTable, SHARES, summaryFormats, type SummaryFormats } from "./period-table.tsx";
import { useAppSession } from "../shell/session-context.tsx";

// The chart library loads with the first summary opened, not with the student list.
const AttendanceSummaryChart = dynamic(() => import("./attendance-summary-chart.tsx"), { ssr: false });

type Load = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; periods: TAttendanceSummaryAnswer };
const LOADING: Load = { kind: "loading" };

const text = (value: unknown) => (typeof value === "string" && value ? value : null);
/** The list row's name, surnames first as the list shows it. */
const nameOf = (row: Row, givenNamesFirst: boolean) =>
  studentName({ name: text(row.name) ?? "", last: text(row.last), last2: text(row.last2) }, givenNamesFirst);

/** Every period's present, late and absent shares as stacked bars, with the key to their colours. */
function SharesChart({ periods, formats }: { periods: TAttendanceSummaryAnswer; formats: SummaryFormats }) {
  const t = useTranslations("studentAttendance");
  const data = periods.map((p) => ({ period: p.periodName, ...Object.fromEntries(SHARES.map((s) => [s.key, p[s.pct]])) }));
  return (
    <section aria-labelledby="attendance-chart-title" className="flex flex-col gap-2 rounded-lg border bg-card p-3">
      <h3 id="attendance-chart-title" className="text-sm font-semibold">
        {t("chartTitle")}
      </h3>
      <div role="img" aria-label={t("chart")} data-testid="attendance-chart">
        <AttendanceSummaryChart data={data} series={SHARES.map((s) => ({ key: s.key, fill: s.look.fill }))} formatTick={formats.tick} />
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label={t("legend")}>
        {SHARES.map((s) => (
          <li key={s.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="size-2.5 rounded-sm" style={{ background: s.look.fill }} />
            {t(s.key)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The student's attendance summary, from a student row: per period, the registers taken and the
 * shares present, late and absent, drawn side by side and given as tables with the justified ones.
 */
export function StudentAttendanceDialog({ open, row, onClosed }: OwnDialogProps) {
  const { givenNamesFirst } = useAppSession().tenant;
  const t = useTranslations("studentAttendance");
  const locale = useLocale();
  const formats = useMemo(() => summaryFormats(locale), [locale]);
  const close = useHashModal(open, `admStudent-attendance-${row?.ID ?? ""}`, onClosed);
  const studentId = row?.ID;
  // Shown in place (with a retry) rather than as a toast: the sheet stays open on a failure.
  const summary = useQuery({
    ...apiGet<TAttendanceSummaryAnswer>(`admAttendance/summary/${studentId}`, { notify: false }),
    enabled: open && studentId !== undefined,
  });
  const load: Load = summary.isSuccess
    ? { kind: "ready", periods: summary.data }
    : summary.isError && !summary.isFetching
      ? { kind: "failed", message: refusalText(summary.error) }
      : LOADING;
  const retry = () => void summary.refetch();
  const section = text(row?.sectionName);

  return (
    <Sheet open={open} onOpenChange={(next) => !next && close()}>
      <SheetContent side="right" closeLabel={t("close")} className="sm:max-w-xl" data-testid="student-attendance">
        <SheetHeader>
          <SheetTitle>{row ? nameOf(row, givenNamesFirst) : t("title")}</SheetTitle>
          <SheetDescription>{section ? t("descriptionOf", { section }) : t("description")}</SheetDescription>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-5" aria-busy={load.kind === "loading"}>
          {load.kind === "loading" && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="student-attendance-loading">
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
              {t("loading")}
            </p>
          )}
          {load.kind === "failed" && (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4 text-sm"
              data-testid="student-attendance-failed"
            >
              <p className="flex items-start gap-2">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
                <span>
                  {t("failed")}
                  {load.message && <span className="block text-muted-foreground">{load.message}</span>}
                </span>
              </p>
              <Button size="sm" variant="outline" onClick={retry} data-testid="student-attendance-retry">
                <RotateCw aria-hidden className="size-4" />
                {t("retry")}
              </Button>
            </div>
          )}
          {load.kind === "ready" && load.periods.length === 0 && (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm" data-testid="student-attendance-empty">
              <CalendarX2 aria-hidden className="size-6 text-muted-foreground" />
              <p className="font-medium">{t("empty")}</p>
              <p className="text-muted-foreground">{t("emptyHint")}</p>
            </div>
          )}
          {load.kind === "ready" && load.periods.length > 0 && (
            <>
              <SharesChart periods={load.periods} formats={formats} />
              {load.periods.map((summary) => (
                <PeriodTable key={summary.periodId} summary={summary} formats={formats} />
              ))}
            </>
          )}
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}
