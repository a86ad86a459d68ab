import type { Right } from "../../auth/permissions.ts";
import { endSessions } from "../../auth/sessions.ts";
import { fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { authorizeGroupChange, setGroupRights } from "./group-changes.ts";

type Row = Record<string, unknown>;

const label = (ctx: AuthedContext, field: string) => ctx.t(`resources.admGroup.fields.${field}`);
const refuse = (ctx: AuthedContext, field: string, key: string) => fieldRefusal(field, ctx.t(`validation.${key}`, { attribute: label(ctx, field) }));
const listOf = (value: unknown) => (Array.isArray(value) ? [...new Set(value.map(String))] : []);

/** The modules a group grants, as the admGroup form shows them: read and modify lists, sorted. */
export function groupRights(access: readonly { moduleId: string; canRead: boolean; canWrite: boolean }[]) {
  const sorted = [...access].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  return { canRead: sorted.filter((a) => a.canRead).map((a) => a.moduleId), canEdit: sorted.filter((a) => a.canWrite).map((a) => a.moduleId) };
}

/** The read and modify lists as module rights: a module to modify may be read. */
function rightsOf(read: string[], edit: string[]): Right[] {
  return [...new Set([...read, ...edit])].map((moduleId) => ({ moduleId, canRead: true, canWrite: edit.includes(moduleId) }));
}

/**
 * admGroup (001 §5): the publication categories must be "pub" categories of the school; a staff group must grant at
 * least one module to read, and its read and modify lists become its module rights. A group that is not a staff
 * group grants nothing (it is an audience for communications), so turning `staff` off drops its rights.
 */
export const groupRules: ResourceRules = {
  async beforeSave(tx, data, ctx) {
    if (data.categories === null) data.categories = [];
    if (Array.isArray(data.categories)) {
      const wanted = [...new Set(data.categories.map(Number))];
      const found = await tx.category.count({ where: { id: { in: wanted.filter(Number.isSafeInteger) }, type: "pub" } });
      if (found !== wanted.length) throw refuse(ctx, "categories", "option");
      data.categories = wanted;
    }
  },
  async afterSave(tx, id, virtual: Row, ctx) {
    const group = await tx.userGroup.findFirst({
      where: { id: Number(id) },
      select: { staff: true, access: { select: { moduleId: true, canRead: true, canWrite: true } } },
    });
    if (!group) throw notFound();
    const current = groupRights(group.access);
    const read = virtual.canRead === undefined ? current.canRead : listOf(virtual.canRead);
    const edit = virtual.canEdit === undefined ? current.canEdit : listOf(virtual.canEdit);
    if (!group.staff) {
      if (group.access.length) await setGroupRights(tx, ctx, Number(id), []);
      return;
    }
    if (read.length === 0) throw refuse(ctx, "canRead", "required");
    if (virtual.canRead === undefined && virtual.canEdit === undefined) return;
    for (const [field, ids] of [
      ["canRead", read],
      ["canEdit", edit],
    ] as const) {
      const known = await tx.module.count({ where: { id: { in: ids } } });
      if (known !== ids.length) throw refuse(ctx, field, "option");
    }
    await setGroupRights(tx, ctx, Number(id), rightsOf(read, edit));
  },
};

/**
 * Every save and delete of a group, through admGroup or admUserGroup: its rights and members decide what its people
 * may do, so it obeys authorizeGroupChange as it is before the write and as it is after (a permission group needs the
 * staff right both to stop and to become one); forceLogout (001 §3) is an order, not a state: the save ends the
 * members' sessions and stores it carried out.
 */
export const groupSessionRules: ResourceRules = {
  async guard(tx, id, ctx) {
    await authorizeGroupChange(tx, ctx, { groupId: Number(id) });
  },
  async afterSave(tx, id) {
    const forced = await tx.userGroup.updateMany({ where: { id: Number(id), forceLogout: true }, data: { forceLogout: false } });
    if (forced.count === 0) return;
    const members = await tx.userGroupMember.findMany({ where: { groupId: Number(id) }, select: { user: { select: { accountId: true } } } });
    await endSessions(
      tx,
      members.map((m) => m.user.accountId),
    );
  },
};

/**
 * A member row (admGroupMembers, admUserGroupMembers): a user and a group of this school, whose person joins it
 * (checked before the row is written) or leaves it (the guard, before a delete).
 */
export const memberRules: ResourceRules = {
  async guard(tx, id, ctx) {
    const member = await tx.userGroupMember.findFirst({ where: { id: Number(id) }, select: { groupId: true, userId: true } });
    if (member) await authorizeGroupChange(tx, ctx, { groupId: member.groupId, members: [member.userId] });
  },
  async beforeSave(tx, data, ctx) {
    const [user, group] = await Promise.all([
      tx.user.findFirst({ where: { id: Number(data.userId) }, select: { id: true } }),
      tx.userGroup.findFirst({ where: { id: Number(data.groupId) }, select: { id: true } }),
    ]);
    if (!user || !group) throw notFound();
    await authorizeGroupChange(tx, ctx, { groupId: group.id, members: [user.id], joins: true });
  },
};
