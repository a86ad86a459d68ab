import type { TenantTx } from "@pizarra/db";
import { type Right, rightsBeyond, STAFF_RIGHT } from "../../auth/permissions.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";

const RIGHT_SELECT = { moduleId: true, canRead: true, canWrite: true } as const;

/** A change a write is about to make to who may do what through one group. */
export interface GroupChange {
  groupId: number;
  /** The group's module rights once changed, when the change sets them (every one: a module left out loses its right). */
  rights?: readonly Right[];
  /** The people whose membership of the group it adds or ends. */
  members?: readonly number[];
  /**
   * Whether they join it. An import knows them only once it has read its lines (and made its contacts), so it asks
   * first with none: the group's own refusals then come before anything is written.
   */
  joins?: boolean;
  /** Only a communication group may take it: numbers imported as contacts are an audience, never staff. */
  audienceOnly?: boolean;
}

const level = (right: Right | undefined) => (right?.canWrite ? 2 : right?.canRead ? 1 : 0);

/** Modules by the name the caller's language gives them (their id where the school has none). */
async function moduleNames(tx: TenantTx, ctx: AuthedContext, ids: readonly string[]): Promise<string[]> {
  const modules = await tx.module.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true, nameEN: true } });
  const nameOf = new Map(modules.map((m) => [m.id, ctx.locale === "en" ? m.nameEN : m.name]));
  return ids.map((id) => nameOf.get(id) || id);
}

/** Rights as a refusal names them, in the caller's language: "Staff (May modify), Students (May read)". */
async function rightNames(tx: TenantTx, ctx: AuthedContext, rights: readonly Right[]): Promise<string> {
  const names = await moduleNames(
    tx,
    ctx,
    rights.map((r) => r.moduleId),
  );
  return rights.map((r, i) => `${names[i]} (${ctx.t(`resources.admGroup.fields.${r.canWrite ? "canEdit" : "canRead"}`)})`).join(", ");
}

/**
 * The one check of every write that changes a group, who is in it or what it grants: the group and member resources,
 * the imports, a staff member's group and the module screen's rights all call it in their transaction before they
 * write (the writers below, and the rules of the resources over these models). A right can then only be passed on by
 * someone who holds it:
 *  - a permission group (a staff group, or any group granting a module right) is changed only by holders of the staff
 *    right, and never by a change meant for a communication group;
 *  - nobody changes a group with a member of a higher role than theirs, nor adds or removes such a person;
 *  - nobody grants a right they do not hold;
 *  - nobody adds anyone, themselves included, to a group that grants more than they hold.
 */
export async function authorizeGroupChange(tx: TenantTx, ctx: AuthedContext, change: GroupChange): Promise<void> {
  const group = await tx.userGroup.findFirst({ where: { id: change.groupId }, select: { staff: true, access: { select: RIGHT_SELECT } } });
  if (!group) throw notFound();
  const after = change.rights ?? group.access;
  const permission = group.staff || group.access.length > 0 || after.length > 0;
  if (permission && change.audienceOnly) throw new AppError(-403, "api.groupAudienceOnly", 403);
  if (permission && !ctx.user.access.get(STAFF_RIGHT)?.write) {
    const [staff] = await moduleNames(tx, ctx, [STAFF_RIGHT]);
    throw new AppError(-403, "api.groupStaffRight", 403, { module: staff! });
  }
  const above = { roleCode: { gt: ctx.user.roleCode } };
  const people = change.members ?? [];
  const [higherMembers, higherPeople] = await Promise.all([
    tx.userGroupMember.count({ where: { groupId: change.groupId, user: above } }),
    people.length ? tx.user.count({ where: { id: { in: [...people] }, ...above } }) : 0,
  ]);
  if (higherMembers || higherPeople) throw new AppError(-403, "api.higherRole", 403);
  if (change.rights) {
    const held = new Map(group.access.map((r) => [r.moduleId, r]));
    const granted = rightsBeyond(
      ctx.user.access,
      change.rights.filter((r) => level(r) > level(held.get(r.moduleId))),
    );
    if (granted.length) throw new AppError(-403, "api.groupGrantNotHeld", 403, { modules: await rightNames(tx, ctx, granted) });
  }
  if (change.joins) {
    const beyond = rightsBeyond(ctx.user.access, after);
    if (beyond.length) throw new AppError(-403, "api.groupGrantsMore", 403, { modules: await rightNames(tx, ctx, beyond) });
  }
}

/** Adds people to a group (those already in stay as they are); the number added. */
export async function addMembers(tx: TenantTx, ctx: AuthedContext, groupId: number, userIds: readonly number[], audienceOnly = false): Promise<number> {
  await authorizeGroupChange(tx, ctx, { groupId, members: userIds, joins: true, audienceOnly });
  const { count } = await tx.userGroupMember.createMany({ data: userIds.map((userId) => ({ groupId, userId })), skipDuplicates: true });
  return count;
}

/** Makes `groupId` a person's only group (a staff member's permission group), checking each group they join or leave. */
export async function moveToGroup(tx: TenantTx, ctx: AuthedContext, userId: number, groupId: number): Promise<void> {
  const memberships = await tx.userGroupMember.findMany({ where: { userId }, select: { groupId: true } });
  for (const left of memberships.filter((m) => m.groupId !== groupId)) await authorizeGroupChange(tx, ctx, { groupId: left.groupId, members: [userId] });
  if (!memberships.some((m) => m.groupId === groupId)) await authorizeGroupChange(tx, ctx, { groupId, members: [userId], joins: true });
  await tx.userGroupMember.deleteMany({ where: { userId, groupId: { not: groupId } } });
  await tx.userGroupMember.upsert({ where: { groupId_userId: { groupId, userId } }, create: { groupId, userId }, update: {} });
}

/** Sets every module right of a group (admGroup's read and modify lists; none for a group that is no staff group). */
export async function setGroupRights(tx: TenantTx, ctx: AuthedContext, groupId: number, rights: readonly Right[]): Promise<void> {
  await authorizeGroupChange(tx, ctx, { groupId, rights });
  await tx.moduleAccess.deleteMany({ where: { groupId } });
  await tx.moduleAccess.createMany({ data: rights.map((r) => ({ groupId, ...r })) });
}

/**
 * Sets which groups may read and which may modify one module (the module screen, 000 §2.5): a group whose right on it
 * changes is checked with its other rights as they are.
 */
export async function setModuleGroups(
  tx: TenantTx,
  ctx: AuthedContext,
  moduleId: string,
  read: ReadonlySet<number>,
  write: ReadonlySet<number>,
): Promise<void> {
  const granted = new Set([...read, ...write]);
  const known = await tx.userGroup.count({ where: { id: { in: [...granted] } } });
  if (known !== granted.size) throw notFound();
  const current = await tx.moduleAccess.findMany({ where: { moduleId }, select: { groupId: true } });
  const touched = new Set([...granted, ...current.map((c) => c.groupId)]);
  const rows = await tx.moduleAccess.findMany({ where: { groupId: { in: [...touched] } }, select: { groupId: true, ...RIGHT_SELECT } });
  for (const groupId of touched) {
    const others = rows
      .filter((r) => r.groupId === groupId && r.moduleId !== moduleId)
      .map((r) => ({ moduleId: r.moduleId, canRead: r.canRead, canWrite: r.canWrite }));
    const was = rows.find((r) => r.groupId === groupId && r.moduleId === moduleId);
    const now = write.has(groupId) ? 2 : read.has(groupId) ? 1 : 0;
    if (now === level(was)) continue;
    const rights = now ? [...others, { moduleId, canRead: true, canWrite: now === 2 }] : others;
    await authorizeGroupChange(tx, ctx, { groupId, rights });
  }
  await tx.moduleAccess.deleteMany({ where: { moduleId } });
  await tx.moduleAccess.createMany({ data: [...granted].map((groupId) => ({ groupId, moduleId, canRead: true, canWrite: write.has(groupId) })) });
}
