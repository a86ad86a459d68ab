import { STAFF_PERSON_TYPES } from "@pizarra/contracts";
import { endSessions } from "../../auth/sessions.ts";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

const isStaffType = (type: unknown) => (STAFF_PERSON_TYPES as readonly unknown[]).includes(type);

/** The rows a staff right answers for wherever they are reached: staff, and anyone linked to a sign-in. */
export const STAFF_ROWS = { OR: [{ type: { in: [...STAFF_PERSON_TYPES] } }, { accountId: { not: null } }] };

/**
 * Every person, whichever module reaches them (admStudent, admRelatives, admStaff, admUser): nobody writes a person of
 * a higher role than their own, nor deactivates, re-types or deletes themselves; a person saved inactive loses every
 * open session at once (not at their token's expiry).
 */
export const personRules: ResourceRules = {
  async guard(tx, id, ctx) {
    const person = await tx.user.findFirst({ where: { id: Number(id) }, select: { roleCode: true } });
    if (person && person.roleCode > ctx.user.roleCode) throw new AppError(-403, "api.higherRole", 403);
  },
  async beforeSave(tx, data, ctx, id) {
    if (id === null || Number(id) !== ctx.user.id) return;
    if (data.inactive === true) throw fieldRefusal("inactive", ctx.t("api.selfDeactivate"));
    if (data.type === undefined) return;
    const me = await tx.user.findFirst({ where: { id: ctx.user.id }, select: { type: true } });
    if (me && me.type !== data.type) throw fieldRefusal("type", ctx.t("api.selfType"));
  },
  async afterSave(tx, id) {
    const person = await tx.user.findFirst({ where: { id: Number(id) }, select: { inactive: true, accountId: true } });
    if (person?.inactive) await endSessions(tx, [person.accountId]);
  },
  async beforeDelete(_tx, record, ctx) {
    if (record.id === ctx.user.id) throw new AppError(-403, "api.selfDelete", 403);
  },
};

/**
 * admUser lists every kind of person, but staff are made and unmade in admStaff (their group, their sign-in): its
 * `type` never moves a person into or out of staff.
 */
export const userRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    if (data.type === undefined) return;
    const before = id === null ? null : await tx.user.findFirst({ where: { id: Number(id) }, select: { type: true } });
    const crosses = before ? isStaffType(before.type) !== isStaffType(data.type) : isStaffType(data.type);
    if (crosses) throw fieldRefusal("type", ctx.t("api.staffThroughUser"));
  },
};
