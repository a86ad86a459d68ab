import { lockKey } from "@pizarra/db";
import { assertForwardRange } from "../../resource/refuse.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/**
 * Periods (spec 001 §5): the range must run forwards; the PDF message only makes sense while grades are not yet
 * shown; at most one period is current, so marking one current unmarks the others in the same transaction.
 */
export const periodRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : await tx.period.findFirst({ where: { id: Number(id) } });
    assertForwardRange(ctx, data, current);
    const showFrom = (data.showGradesFrom ?? current?.showGradesFrom) as Date | undefined;
    if (showFrom && showFrom <= new Date()) data.showGradesPDFMsg = null;
    if (data.current === true) {
      // Periods made current take turns until their write commits, so that each one unmarks the one before it.
      await lockKey(tx, "currentPeriod");
      await tx.period.updateMany({ where: { current: true, NOT: { id: Number(id ?? data.id) } }, data: { current: false } });
    }
  },
};
