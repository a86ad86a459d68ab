"use client";

import { JUSTIFICATION_STATUSES } from "@pizarra/contracts";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { LegendTable } from "../charts/legend-table.tsx";
import type { StatusCounts } from "./justification-model.ts";

// The chart library loads with the screen's first chart, not with the shell.
const JustificationChart = dynamic(() => import("./justification-chart.tsx"), { ssr: false });

/** Each status's colour: the slice and the key beside its number. */
export const STATUS_FILL: Record<(typeof JUSTIFICATION_STATUSES)[number], string> = {
  1: "var(--color-warning)",
  2: "var(--color-success)",
  [-1]: "var(--color-destructive)",
};

/**
 * The justifications on the list by status, drawn and given as a table (house rule: numbers people compare are both).
 * The ring is one picture for screen readers; the table carries the numbers.
 */
export function JustificationCounts({ counts }: { counts: StatusCounts }) {
  const t = useTranslations("justifications");
  const number = new Intl.NumberFormat(useLocale() === "en" ? "en-US" : "es-ES");
  const total = JUSTIFICATION_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const data = JUSTIFICATION_STATUSES.map((status) => ({
    key: String(status),
    label: t(`status.${status}`),
    count: counts[status],
    fill: STATUS_FILL[status],
  }));
  return (
    <section
      aria-labelledby="justification-counts-title"
      className="flex flex-wrap items-center gap-x-8 gap-y-3 rounded-lg border bg-card p-4"
      data-testid="justification-counts"
    >
      <h2 id="justification-counts-title" className="sr-only">
        {t("counts.title")}
      </h2>
      <div role="img" aria-label={t("counts.chart", { total })} data-testid="justification-chart" className="size-36 shrink-0">
        <JustificationChart data={data} total={total} />
      </div>
      <LegendTable
        className="min-w-48 flex-1 text-sm sm:max-w-xs"
        caption={t("counts.title")}
        heads={{ label: t("counts.status"), count: t("counts.count") }}
        rows={data}
        total={{ label: t("counts.total"), count: total }}
        format={(n) => number.format(n)}
        testIdPrefix="justification-count"
      />
    </section>
  );
}
