"use client";

import { Cell, Label, Pie, PieChart, ResponsiveContainer } from "recharts";

const SIZE_PX = 144;

/**
 * The statuses as one ring, each slice with its number beside it, the total in the middle. No animation: a review's new
 * numbers just appear. An empty list draws a grey ring rather than nothing.
 */
export default function JustificationChart({ data, total }: { data: { key: string; count: number; fill: string }[]; total: number }) {
  const slices = total > 0 ? data.filter((d) => d.count > 0) : [{ key: "none", count: 1, fill: "var(--color-muted)" }];
  return (
    <ResponsiveContainer width={SIZE_PX} height={SIZE_PX}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey="count"
          nameKey="key"
          innerRadius={30}
          outerRadius={46}
          paddingAngle={total > 0 && slices.length > 1 ? 2 : 0}
          stroke="var(--color-card)"
          isAnimationActive={false}
          label={total > 0 ? { fill: "var(--color-foreground)", fontSize: 12 } : false}
          labelLine={false}
        >
          {slices.map((d) => (
            <Cell key={d.key} fill={d.fill} />
          ))}
          <Label value={total} position="center" fill="var(--color-foreground)" fontSize={16} fontWeight={600} />
        </Pie>
      </PieChart>
    </ResponsiveContainer>
  );
}
