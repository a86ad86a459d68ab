"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { COUNTER_ORDER, STATUS_LOOK } from "./status-look.ts";

// The chart library loads with the first register opened, not with the screen's choosers.
const RegisterChart = dynamic(() => import("./register-chart.tsx"), { ssr: false });

/**
 * Present, late, absent and pending so far, drawn as a ring and given as a table (house rule: numbers people compare
 * are both); the chart is one picture for screen readers, the table carries the numbers.
 */
export function RegisterCounters({ counts }: { counts: readonly [number, number, number, number] }) {
  const t = useTranslations("attendance");
  const data = COUNTER_ORDER.map((status) => ({ status, count: counts[status], fill: STATUS_LOOK[status].fill }));
  return (
    <section aria-labelledby="register-counters-title" className="flex items-center gap-4 rounded-lg border bg-card p-3" data-testid="register-counters">
      <h3 id="register-counters-title" className="sr-only">
        {t("counters")}
      </h3>
      <div role="img" aria-label={t("chart")} className="size-16 shrink-0 sm:size-20" data-testid="register-chart">
        <RegisterChart data={data} />
      </div>
      <table className="w-full table-fixed text-center text-sm">
        <caption className="sr-only">{t("counters")}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            {data.map((d) => (
              <th key={d.status} scope="col" className="px-1 pb-1 font-medium">
                <span className="flex flex-col items-center gap-1">
                  <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={{ background: d.fill }} />
                  <span className="break-words">{t(`status.${d.status}`)}</span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="text-lg font-semibold tabular-nums">
            {data.map((d) => (
              <td key={d.status} data-testid={`register-count-${d.status}`}>
                {d.count}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}
