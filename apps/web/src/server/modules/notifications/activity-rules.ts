import { STAFF_PERSON_TYPES } from "@pizarra/contracts";
import type { ResourceRules } from "../../resource/factory.ts";
import { assertForwardRange, merged, refuse } from "../../resource/refuse.ts";
import { assertCategory, checkAudience, idList, stored } from "./checks.ts";

/** The calendar's pick list offers "cal" categories (002 §7 `admCategory/get?type=cal`); activities ("act") fit too. */
const ACTIVITY_CATEGORIES = ["cal", "act"] as const;
const R = "admActivity";

/**
 * admActivity (002 §5 "Calendar"): a dated activity needs its start and end, the end not before the start;
 * publishing runs forwards; a category of its kind; the person in charge is staff (the author unless chosen); grades
 * and sections of the school and someone who sees it once published.
 */
export const activityRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : stored(await tx.calendarActivity.findFirst({ where: { id: Number(id) } }));
    if (merged(data, current, "hasDate") !== false) {
      for (const field of ["startDate", "endDate"]) if (!(merged(data, current, field) instanceof Date)) refuse(ctx, R, field);
    }
    assertForwardRange(ctx, data, current, "startDate", "endDate");
    assertForwardRange(ctx, data, current, "publishFrom", "publishTo");
    await assertCategory(tx, ctx, R, data, ACTIVITY_CATEGORIES);
    if (id === null && (data.owner === undefined || data.owner === null)) data.owner = ctx.user.id;
    const [owner] = idList(ctx, R, "owner", data.owner);
    if (owner !== undefined && (await tx.user.count({ where: { id: owner, type: { in: [...STAFF_PERSON_TYPES] } } })) === 0)
      refuse(ctx, R, "owner", "validation.option");
    await checkAudience(tx, ctx, R, data, current);
  },
};
