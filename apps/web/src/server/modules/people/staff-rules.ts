import { hashPassword, type TenantTx } from "@pizarra/db";
import { endSessions } from "../../auth/sessions.ts";
import { AppError, fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { moveToGroup } from "../groups/index.ts";

/**
 * Staff: `groupId` is the person's permission group (their memberships become exactly that group); `pass` gives
 * them a sign-in with their e-mail. An e-mail that already signs in elsewhere is linked, but its password can only
 * be set from a school that is its only one: no school can change how a person signs in to another.
 */
async function setGroup(tx: TenantTx, userId: number, groupId: number, ctx: AuthedContext) {
  const group = await tx.userGroup.findFirst({ where: { id: groupId }, select: { id: true } });
  if (!group) throw notFound();
  if (userId === ctx.user.id) {
    // Moving oneself to another group could only be a demotion by mistake or a promotion by one's own hand.
    const others = await tx.userGroupMember.count({ where: { userId, groupId: { not: groupId } } });
    if (others) throw fieldRefusal("groupId", ctx.t("api.selfGroup"));
  }
  await moveToGroup(tx, ctx, userId, groupId);
}

async function setSignIn(tx: TenantTx, userId: number, password: string, ctx: AuthedContext) {
  const user = await tx.user.findFirst({ where: { id: userId }, select: { mail: true, accountId: true } });
  if (!user?.mail) throw notFound();
  const email = user.mail.toLowerCase();
  // Accounts are shared by schools: looked up with the unscoped client, changed only when this school alone uses it.
  const account = await ctx.system.account.findUnique({ where: { email }, include: { users: { select: { tenantId: true } } } });
  const elsewhere = account?.users.some((u) => u.tenantId !== ctx.user.tenantId) ?? false;
  if (elsewhere) throw new AppError(-409, "api.accountElsewhere", 409);
  const passwordHash = await hashPassword(password);
  const saved = account
    ? await tx.account.update({ where: { id: account.id }, data: { passwordHash } })
    : await tx.account.create({ data: { email, passwordHash } });
  // A new password ends every session of the old one, on every device.
  if (account) await endSessions(tx, [account.id]);
  await tx.user.updateMany({ where: { id: userId }, data: { accountId: saved.id } });
}

export const staffRules: ResourceRules = {
  async afterSave(tx, id, virtual, ctx) {
    if (typeof virtual.groupId === "number") await setGroup(tx, Number(id), virtual.groupId, ctx);
    if (typeof virtual.pass === "string" && virtual.pass !== "") await setSignIn(tx, Number(id), virtual.pass, ctx);
  },
};
