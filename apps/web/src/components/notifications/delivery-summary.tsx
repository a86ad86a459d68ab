"use client";

import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { LegendTable } from "../charts/legend-table.tsx";
import { MESSAGE_STATUSES, type TDeliveryCounts } from "@pizarra/contracts";
import { STATUS_LOOK } from "./delivery-types.ts";

// The chart library loads with the dialog's first chart, not with every module screen that registers the dialog.
const DeliveryChart = dynamic(() => import("./delivery-chart.tsx"), { ssr: false });

/**
 * The notification's messages by status, drawn and given as a table (house rule: numbers people compare are both), and
 * how many people they go to (one person reached by e-mail and WhatsApp gets two). The chart is one picture for screen
 * readers; the table beside it carries the numbers.
 */
export function DeliverySummary({ counts, recipients }: { counts: TDeliveryCounts; recipients: number }) {
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
      <p className="text-sm text-muted-foreground md:col-span-2" data-testid="delivery-reach">
        {t("reach", { people: recipients, messages: counts.total })}
      </p>
      <div role="img" aria-label={t("chart")} data-testid="delivery-chart" className="min-h-48 min-w-0">
        <DeliveryChart data={data} />
      </div>
      <LegendTable
        className="w-full self-start text-sm"
        data-testid="delivery-counts"
        caption={t("summary")}
        heads={{ label: t("status"), count: t("messages"), share: t("share") }}
        rows={data.map((d) => ({ key: d.status, label: d.label, fill: STATUS_LOOK[d.status].fill, count: d.count }))}
        total={{ label: t("total"), count: counts.total }}
        format={(n) => number.format(n)}
        share={share}
        testIdPrefix="delivery-count"
      />
    </section>
  );
}
