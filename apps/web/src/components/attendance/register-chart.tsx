"use client";

import { Cell, Pie, PieChart, ResponsiveContainer } from "recharts";

/** A small ring of the register's statuses; no animation, so each mark just moves the slices. */
export default function RegisterChart({ data }: { data: { status: number; count: number; fill: string }[] }) {
  const shown = data.some((d) => d.count > 0) ? data : [{ status: -1, count: 1, fill: "var(--color-muted)" }];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie data={shown} dataKey="count" nameKey="status" innerRadius="58%" outerRadius="100%" isAnimationActive={false} stroke="none">
          {shown.map((d) => (
            <Cell key={d.status} fill={d.fill} />
          ))}
        </Pie>
      </PieChart>
    </ResponsiveContainer>
  );
}
