"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from "recharts";

export interface BoardChartMonth {
  label: string;
  collected: number;
  outstanding: number;
}

export const BOARD_CHART_FILLS = { collected: "var(--color-success)", outstanding: "var(--color-warning)" } as const;

/**
 * Each month's collected and outstanding amounts, stacked. The figures are drawn only: the table beside the chart gives
 * them to the cent, so a float here loses nothing anyone reads.
 */
export default function BoardChart({ data }: { data: BoardChartMonth[] }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "var(--color-muted-foreground)", fontSize: 11 }} interval={0} />
        <YAxis width={56} tickLine={false} axisLine={false} tick={{ fill: "var(--color-muted-foreground)", fontSize: 11 }} />
        <Bar dataKey="collected" stackId="m" fill={BOARD_CHART_FILLS.collected} isAnimationActive={false} />
        <Bar dataKey="outstanding" stackId="m" fill={BOARD_CHART_FILLS.outstanding} isAnimationActive={false} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
