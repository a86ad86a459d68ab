import type { Prisma } from "@pizarra/db";
import { endSessions } from "../../auth/sessions.ts";
import { AppError, fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";

type Row = Record<string, unknown>;

const label = (ctx: AuthedContext, field: string) => ctx.t(`resources.admGroup.fields.${field}`);
const refuse = (ctx: AuthedContext, field: string, key: string) => fieldRefusal(field, ctx.t(`validation.${key}`, { attribute: label(ctx, field) }));
const listOf = (value: unknown) => (Array.isArray(value) ? [...new Set(value.map(String))] : []);

/** The modules a group grants, as the admGroup form shows them: read and modify lists, sorted. */
export function groupRights(access: readonly { moduleId: string; canRead: boolean; canWrite: boolean }[]) {
  const sorted = [...access].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  return { canRead: sorted.filter((a) => a.canRead).map((a) => a.moduleId), canEdit: sorted.filter((a) => a.canWrite).map((a) => a.moduleId) };
}

async function setRights(tx: Prisma.TransactionClient, ctx: AuthedContext, groupId: number, read: string[], edit: string[]) {
  for (const [field, ids] of [
    ["canRead", read],
    ["canEdit", edit],
  ] as const) {
    const known = await tx.module.count({ where: { id: { in: ids } } });
    if (known !== ids.length) throw refuse(ctx, field, "option");
  }
  await tx.moduleAccess.deleteMany({ where: { groupId } });
  const modules = [...new Set([...read, ...edit])];
  await tx.moduleAccess.createMany({
    data: modules.map((moduleId) => ({ groupId, moduleId, canRead: read.includes(moduleId), canWrite: edit.includes(moduleId) })),
  });
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
      if (group.access.length) await tx.moduleAccess.deleteMany({ where: { groupId: Number(id) } });
      return;
    }
    if (read.length === 0) throw refuse(ctx, "canRead", "required");
    if (virtual.canRead !== undefined || virtual.canEdit !== undefined) await setRights(tx, ctx, Number(id), read, edit);
  },
};

/**
 * Every save of a group, through admGroup or admUserGroup: its rights and members decide what its people may do, so
 * someone of a lower role than a member cannot change it; forceLogout (001 §3) is an order, not a state: the save ends
 * the members' sessions and stores it carried out.
 */
export const groupSessionRules: ResourceRules = {
  async guard(tx, id, ctx) {
    const higher = await tx.userGroupMember.count({ where: { groupId: Number(id), user: { roleCode: { gt: ctx.user.roleCode } } } });
    if (higher) throw new AppError(-403, "api.higherRole", 403);
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

/** A member row (admGroupMembers, admUserGroupMembers): a user and a group of this school. */
export const memberRules: ResourceRules = {
  async guard(tx, id, ctx) {
    const member = await tx.userGroupMember.findFirst({ where: { id: Number(id) }, select: { user: { select: { roleCode: true } } } });
    if (member && member.user.roleCode > ctx.user.roleCode) throw new AppError(-403, "api.higherRole", 403);
  },
  async beforeSave(tx, data) {
    const [user, group] = await Promise.all([
      tx.user.findFirst({ where: { id: Number(data.userId) }, select: { id: true } }),
      tx.userGroup.findFirst({ where: { id: Number(data.groupId) }, select: { id: true } }),
    ]);
    if (!user || !group) throw notFound();
  },
};
