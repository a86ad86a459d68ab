"use client";

import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { type DeliveryCounts, MESSAGE_STATUSES, STATUS_LOOK } from "./delivery-types.ts";

// The chart library loads with the dialog's first chart, not with every module screen that registers the dialog.
const DeliveryChart = dynamic(() => import("./delivery-chart.tsx"), { ssr: false });

/**
 * The notification's messages by status, drawn and given as a table (house rule: numbers people compare are both). The
 * chart is one picture for screen readers; the table beside it carries the numbers.
 */
export function DeliverySummary({ counts }: { counts: DeliveryCounts }) {
  const t = useTranslations("delivery");
  const locale = useLocale() === "en" ? "en-US" : "es-ES";
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const data = MESSAGE_STATUSES.map((status) => ({ status, label: t(`statuses.${status}`), count: counts[status] ?? 0 }));
  const share = (count: number) => (counts.total > 0 ? percent.format(count / counts.total) : "–");

  return (
    <section aria-labelledby="delivery-summary-title" className="grid gap-4 md:grid-cols-2" data-testid="delivery-summary">
      <h3 id="delivery-summary-title" className="text-sm font-semibold md:col-span-2">
        {t("summary")}
      </h3>
      <div role="img" aria-label={t("chart")} data-testid="delivery-chart" className="min-h-48 min-w-0">
        <DeliveryChart data={data} />
      </div>
      <table className="w-full self-start text-sm" data-testid="delivery-counts">
        <caption className="sr-only">{t("summary")}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-1.5 text-left font-medium">
              {t("status")}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {t("recipients")}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {t("share")}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.status} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden className="size-2.5 rounded-sm" style={{ background: STATUS_LOOK[d.status].fill }} />
                  {d.label}
                </span>
              </th>
              <td className="py-1.5 text-right tabular-nums" data-testid={`delivery-count-${d.status}`}>
                {number.format(d.count)}
              </td>
              <td className="py-1.5 text-right text-muted-foreground tabular-nums">{share(d.count)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-medium">
            <th scope="row" className="py-1.5 text-left">
              {t("total")}
            </th>
            <td className="py-1.5 text-right tabular-nums" data-testid="delivery-count-total">
              {number.format(counts.total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
