"use client";

import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";
import type { TMessageStatus } from "@pizarra/contracts";
import { STATUS_LOOK } from "./delivery-types.ts";

const BAR_ROW_PX = 30;

/** Horizontal bars, one per status, each with its number at its end; no animation, so a poll's new numbers just appear. */
export default function DeliveryChart({ data }: { data: { status: TMessageStatus; label: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={data.length * BAR_ROW_PX + 16}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 40, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <XAxis type="number" hide allowDecimals={false} domain={[0, (max: number) => Math.max(max, 1)]} />
        <YAxis type="category" dataKey="label" width={96} tickLine={false} axisLine={false} tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }} />
        <Bar dataKey="count" isAnimationActive={false} radius={[0, 4, 4, 0]} barSize={18}>
          {data.map((d) => (
            <Cell key={d.status} fill={STATUS_LOOK[d.status].fill} />
          ))}
          <LabelList dataKey="count" position="right" fill="var(--color-foreground)" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
