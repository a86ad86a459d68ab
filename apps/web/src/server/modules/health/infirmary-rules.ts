import { labelKeyOf, RESOURCES, PERSON_TYPE } from "@pizarra/contracts";
import { fieldRefusal } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { formatDateTime, parseDate } from "../../resource/values.ts";

const label = labelKeyOf(RESOURCES.admInfirmary);

/** Which admInfirmaryValues type each choice takes (001 §3 "Symptom/departure"). */
const VALUE_TYPES = { symptomId: "SYM", outcomeId: "OUT" } as const;

/**
 * An infirmary visit is a student's of this school, with a symptom and an outcome of the right kind; it leaves no
 * earlier than it arrived, and a visit logged without a day is today's (at the school's UTC-5).
 */
export const infirmaryRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const refuse = (field: string) => fieldRefusal(field, ctx.t("validation.option", { attribute: ctx.t(label(field)) }));
    if (data.userId !== undefined && !(await tx.user.findFirst({ where: { id: Number(data.userId), type: PERSON_TYPE.student }, select: { id: true } })))
      throw refuse("userId");
    for (const [field, type] of Object.entries(VALUE_TYPES)) {
      if (typeof data[field] !== "number") continue;
      if (!(await tx.infirmaryValue.findFirst({ where: { id: data[field], type }, select: { id: true } }))) throw refuse(field);
    }
    if (data.date === null || (id === null && data.date === undefined)) data.date = parseDate(formatDateTime(new Date()).slice(0, 10));

    const stored = id === null ? null : await tx.infirmaryEntry.findFirst({ where: { id: Number(id) }, select: { timeIn: true, timeOut: true } });
    const timeIn = (data.timeIn ?? stored?.timeIn) as string | undefined;
    const timeOut = (data.timeOut ?? stored?.timeOut) as string | undefined;
    // 'HH:mm' texts of one day compare in time order.
    if (timeIn && timeOut && timeOut < timeIn) throw fieldRefusal("timeOut", ctx.t("api.infirmaryTimes"));
  },
};
