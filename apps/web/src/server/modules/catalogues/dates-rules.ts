import { AppError } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/** A calendar entry or resource time must not end before it starts (checked against the stored row on a partial edit). */
export const datesRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : await tx.calendarDate.findFirst({ where: { id: Number(id) }, select: { from: true, to: true } });
    const from = (data.from ?? current?.from) as Date | undefined;
    const to = (data.to ?? current?.to) as Date | undefined;
    if (from && to && from > to) throw new AppError(-422, "api.periodRange", 422, {}, { errors: { to: ctx.t("api.periodRange") } });
  },
};
