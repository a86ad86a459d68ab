import type { TInviteLinkAnswer, TInvitePassword, TLoginAnswer } from "@pizarra/contracts";
import { forTenant, hashPassword } from "@pizarra/db";
import { endSessions } from "../../auth/sessions.ts";
import { AppError } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { fullName } from "../../resource/display.ts";
import { fileUrl } from "../../storage/storage.ts";
import { loginAnswer } from "../session/index.ts";
import { fingerprintMatches, type InviteClaims, verifyInviteLink } from "./link-token.ts";

type LinkContext = BaseContext & { params: { token: string } };

/**
 * The invited person's link, checked before anything is read: a link that is not genuine is refused and logged; one past
 * its time, or whose account's password changed since it was made (it was used), is refused saying so. The person
 * must still be an active member of the school the link is for.
 */
async function invitationOf(ctx: LinkContext) {
  const claims: InviteClaims | "expired" | null = await verifyInviteLink(ctx.params.token);
  if (claims === "expired") throw new AppError(-410, "invite.link.expired", 410);
  if (!claims) {
    log().info({ address: ctx.address }, "invitation link refused: tampered or malformed");
    throw new AppError(-401, "invite.link.invalid", 401);
  }
  const account = await ctx.system.account.findUnique({ where: { id: claims.accountId }, select: { id: true, email: true, passwordHash: true } });
  if (!account) throw new AppError(-401, "invite.link.invalid", 401);
  if (!fingerprintMatches(claims, account.passwordHash)) throw new AppError(-410, "invite.link.used", 410);
  const db = forTenant(ctx.system, claims.tenantId);
  const person = await db.user.findFirst({ where: { accountId: account.id, inactive: false }, select: { id: true, name: true, last: true, last2: true } });
  if (!person) throw new AppError(-401, "invite.link.invalid", 401);
  return { claims, account, person, db };
}

/** GET user/invite/{token}: whom the link is for and the school, as its page shows them. */
export async function showInvitation(ctx: LinkContext): Promise<Reply<TInviteLinkAnswer>> {
  const { claims, account, person, db } = await invitationOf(ctx);
  const school = await db.tenant.findUniqueOrThrow({ where: { id: claims.tenantId }, select: { title: true, logo: true, themeColor: true } });
  return {
    data: { school: school.title, name: fullName(person, true), email: account.email, logo: fileUrl(school.logo), color: school.themeColor },
  };
}

/**
 * POST user/invite/{token}: the person's password, set once: the write is conditional on the hash the link was made
 * for, so two submissions of one link set it once and the second is refused as used. The person is then signed in
 * to the school that invited them, as a sign-in would (a new session).
 */
export async function acceptInvitation(ctx: LinkContext & { body: TInvitePassword }): Promise<Reply<TLoginAnswer>> {
  const { claims, account, person } = await invitationOf(ctx);
  const passwordHash = await hashPassword(ctx.body.password);
  const set = await ctx.system.$transaction(async (tx) => {
    const written = await tx.account.updateMany({ where: { id: account.id, passwordHash: account.passwordHash }, data: { passwordHash } });
    if (written.count === 0) return false;
    // A password chosen ends whatever sessions the account had, as a new password does anywhere.
    await endSessions(tx, [account.id]);
    await forTenant(tx, claims.tenantId).auditLog.create({
      data: { userId: person.id, userName: fullName(person, true), moduleId: "admStaff", action: "passwordSet", recordId: String(person.id), ip: ctx.address },
    });
    return true;
  });
  if (!set) throw new AppError(-410, "invite.link.used", 410);
  return { data: await loginAnswer(ctx.system, account.id, claims.tenantId), msgKey: "invite.done" };
}
