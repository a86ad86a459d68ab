"use client";

import { ATTENDANCE_STATUS, type TAttendanceSummary } from "@pizarra/contracts";
import { type LucideIcon, ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { STATUS_LOOK } from "../attendance/status-look.ts";

/** The shares drawn and listed, in the register's order, with the register's colours and icons. */
export const SHARES = [
  { key: "present", pct: "presentPct", look: STATUS_LOOK[ATTENDANCE_STATUS.present] },
  { key: "late", pct: "latePct", look: STATUS_LOOK[ATTENDANCE_STATUS.late] },
  { key: "absent", pct: "absentPct", look: STATUS_LOOK[ATTENDANCE_STATUS.absent] },
] as const;

/** The table's columns and their alignment: the figures line up on the right. */
const COLUMNS = [
  ["status", "text-left"],
  ["count", "text-right"],
  ["share", "pl-4 text-right"],
] as const;

/** How the dialog writes numbers in the reader's language: counts, shares to one decimal, the axis's whole shares. */
export interface SummaryFormats {
  count: (n: number) => string;
  share: (pct: number) => string;
  tick: (pct: number) => string;
}

export function summaryFormats(locale: string): SummaryFormats {
  const tag = locale === "en" ? "en-US" : "es-ES";
  const count = new Intl.NumberFormat(tag);
  const share = new Intl.NumberFormat(tag, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const tick = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 });
  // The API gives percentages (50.0); Intl's percent style wants fractions (0.5).
  return { count: (n) => count.format(n), share: (pct) => share.format(pct / 100), tick: (pct) => tick.format(pct / 100) };
}

interface Figure {
  key: string;
  label: string;
  count: number;
  pct: number;
  /** The chart's colour and the status's icon; the total has neither. */
  mark?: { fill: string | null; icon: LucideIcon };
  hint?: string;
}

/** One line of the table: what it counts, how many registers, and their share of those taken; the total in bold. */
function FigureRow({ figure, testId, formats, total = false }: { figure: Figure; testId: string; formats: SummaryFormats; total?: boolean }) {
  const { label, count, pct, mark, hint } = figure;
  return (
    <tr className={total ? "border-t font-medium" : "border-b last:border-0"}>
      <th scope="row" className={`py-1.5 text-left ${total ? "font-medium" : "font-normal"}`}>
        <span className="inline-flex items-center gap-2">
          {mark && (
            <>
              <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={mark.fill ? { background: mark.fill } : undefined} />
              <mark.icon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
            </>
          )}
          <span>
            {label}
            {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
          </span>
        </span>
      </th>
      <td className="py-1.5 text-right tabular-nums" data-testid={`${testId}-count`}>
        {formats.count(count)}
      </td>
      <td className="py-1.5 pl-4 text-right tabular-nums" data-testid={`${testId}-pct`}>
        {formats.share(pct)}
      </td>
    </tr>
  );
}

/**
 * A period's numbers: present, late and absent (each with its colour key and icon, so colour is never the only sign),
 * then the justified ones, which are some of the late and absent rather than a share of their own, then the total.
 */
export function PeriodTable({ summary, formats }: { summary: TAttendanceSummary; formats: SummaryFormats }) {
  const t = useTranslations("studentAttendance");
  const id = `attendance-period-${summary.periodId}`;
  const figures: Figure[] = [
    ...SHARES.map(({ key, pct, look }) => ({ key, label: t(key), count: summary[key], pct: summary[pct], mark: { fill: look.fill, icon: look.icon } })),
    {
      key: "justified",
      label: t("justified"),
      count: summary.justified,
      pct: summary.justifiedPct,
      mark: { fill: null, icon: ShieldCheck },
      hint: t("justifiedHint"),
    },
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-1" data-testid={id}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {summary.periodName}
      </h3>
      <p className="text-xs text-muted-foreground">{t("taken", { count: summary.taken })}</p>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("caption", { period: summary.periodName })}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b">
            {COLUMNS.map(([key, align]) => (
              <th key={key} scope="col" className={`py-1.5 font-medium ${align}`}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {figures.map((figure) => (
            <FigureRow key={figure.key} figure={figure} testId={`${id}-${figure.key}`} formats={formats} />
          ))}
        </tbody>
        <tfoot>
          <FigureRow figure={{ key: "taken", label: t("total"), count: summary.taken, pct: 100 }} testId={`${id}-taken`} formats={formats} total />
        </tfoot>
      </table>
    </section>
  );
}
