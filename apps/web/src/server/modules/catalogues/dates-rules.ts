import { assertForwardRange } from "../../resource/refuse.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/** A calendar entry or resource time must not end before it starts (checked against the stored row on a partial edit). */
export const datesRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : await tx.calendarDate.findFirst({ where: { id: Number(id) }, select: { from: true, to: true } });
    assertForwardRange(ctx, data, current);
  },
};
