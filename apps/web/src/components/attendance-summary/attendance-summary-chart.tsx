"use client";

import { Bar, BarChart, ResponsiveContainer, XAxis, YAxis } from "recharts";

const BAR_ROW_PX = 36;
const AXIS_PX = 28;
const TICKS = [0, 25, 50, 75, 100];
const TICK = { fill: "var(--color-muted-foreground)", fontSize: 12 };

/** One bar's worth: the period's name and each series' percentage of the registers taken. */
export type SummaryBar = { period: string } & Record<string, number | string>;

/**
 * One horizontal bar per period, its segments the shares present, late and absent, stacked to 100 %: periods compare
 * at a glance. No animation and no tooltip: the tables beside it carry the numbers.
 */
export default function AttendanceSummaryChart({
  data,
  series,
  formatTick,
}: {
  data: SummaryBar[];
  series: readonly { key: string; fill: string }[];
  formatTick: (value: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height={data.length * BAR_ROW_PX + AXIS_PX}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 20, bottom: 0, left: 4 }} barSize={22} accessibilityLayer={false}>
        {/* The shares are rounded to one decimal each, so their sum may pass 100 by a hair: the axis stays at 100. */}
        <XAxis type="number" domain={[0, 100]} ticks={TICKS} allowDataOverflow tickFormatter={formatTick} tick={TICK} tickLine={false} />
        <YAxis type="category" dataKey="period" width={112} tickLine={false} axisLine={false} tick={TICK} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} stackId="share" fill={s.fill} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
