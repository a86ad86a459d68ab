import { STAFF_PERSON_TYPES, type TInviteAnswer } from "@pizarra/contracts";
import { hasPassword, Prisma, tenantOf, type TenantTx, unusablePasswordHash } from "@pizarra/db";
import { randomUUID } from "node:crypto";
import type { ChannelName } from "../../channels/channel.ts";
import { CHANNEL_BY_NAME } from "../../channels/registry.ts";
import { escapeHtml } from "../../channels/mail.ts";
import { whatsappNumberOf } from "../../channels/whatsapp.ts";
import { addressOf, type Draft, queueMessages } from "../../delivery/ledger.ts";
import { personLocale } from "../../delivery/locale.ts";
import { env } from "../../env.ts";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { translator } from "../../i18n.ts";
import { audit } from "../../resource/audit.ts";
import { signInviteLink } from "./link-token.ts";

/** The ledger's source of an invitation: the checklist counts the staff it reached (company/checklist). */
export const INVITATION_SOURCE = "invitation";
/** Invitations are staff's, and audited under the staff list. */
const STAFF_MODULE = "admStaff";

/** The staff member's sign-in: theirs already, an account that signs in with their e-mail, or a new one without a password. */
async function accountFor(tx: TenantTx, ctx: AuthedContext, staff: { id: number; mail: string }) {
  // The staff row locked: two invitations of one person at once give them one sign-in.
  const [locked] = await tx.$queryRaw<
    { accountId: number | null }[]
  >`SELECT "accountId" FROM "User" WHERE id = ${staff.id} AND "tenantId" = ${tenantOf(tx)} FOR UPDATE`;
  if (!locked) throw new AppError(-409, "invite.changed", 409);
  const select = { id: true, email: true, passwordHash: true } as const;
  if (locked.accountId !== null) return tx.account.findUniqueOrThrow({ where: { id: locked.accountId }, select });
  const email = staff.mail.trim().toLowerCase();
  // The person may already sign in to another school with this e-mail: the same person, one sign-in for both.
  const account =
    (await tx.account.findUnique({ where: { email }, select })) ??
    (await tx.account.create({ data: { email, passwordHash: unusablePasswordHash() }, select }).catch((error: unknown) => {
      // Another school's invitation made a sign-in for this e-mail at the same moment: asked again, it is found.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError(-409, "invite.changed", 409);
      throw error;
    }));
  // One person of a school per account (a unique index): another staff row of this school already signs in with it.
  const linked = await tx.user.updateMany({ where: { id: staff.id, accountId: null }, data: { accountId: account.id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw fieldRefusal("mail", ctx.t("invite.mailTaken"));
    throw error;
  });
  if (linked.count === 0) throw new AppError(-409, "invite.changed", 409);
  return account;
}

/**
 * POST admStaff/invite/{id}: sends a staff member an invitation through the delivery pipeline, by e-mail and, when
 * they have a mobile and the school a WhatsApp number, by WhatsApp (a ledger row each). Someone without a sign-in gets
 * one (their e-mail, no password) and a link to choose their password; someone who already chose one (they sign in to
 * another school) is told they can sign in, with no link, so that an invitation never sets a known person's password.
 * The link goes by WhatsApp only to a sign-in of this school alone: a number typed here must not reach another
 * school's person.
 */
export async function inviteStaff(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TInviteAnswer>> {
  const staff = await ctx.db.user.findFirst({
    where: { id: ctx.params.id, type: { in: [...STAFF_PERSON_TYPES] } },
    select: { id: true, name: true, last: true, mail: true, cel: true, accountId: true, inactive: true, roleCode: true, locale: true, language: true },
  });
  if (!staff) throw new AppError(-404, "invite.notFound", 404);
  // As for every write of a person (person-rules.ts): nobody acts on a person of a higher role than their own.
  if (staff.roleCode > ctx.user.roleCode) throw new AppError(-403, "api.higherRole", 403);
  if (staff.inactive) throw fieldRefusal("inactive", ctx.t("invite.inactive"));
  const mail = staff.mail?.trim();
  if (!mail) throw fieldRefusal("mail", ctx.t("invite.noMail"));
  const tenantId = tenantOf(ctx.db);
  const [school, number] = await Promise.all([
    ctx.db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { title: true, defaultLocale: true } }),
    whatsappNumberOf(ctx.db, tenantId),
  ]);
  const notice = await ctx.db.localizationTemplate.findFirst({ where: { id: "school_notice", type: "w" }, select: { templateId: true } });
  const channels = await ctx.db.$transaction(async (tx) => {
    const account = await accountFor(tx, ctx, { id: staff.id, mail });
    const fresh = !hasPassword(account.passwordHash);
    const elsewhere = await ctx.system.user.count({ where: { accountId: account.id, tenantId: { not: tenantId } } });
    const locale = personLocale(staff, school.defaultLocale);
    const t = translator(locale);
    const link = fresh ? `${env().PUBLIC_URL.replace(/\/+$/, "")}/user/invite/${await signInviteLink(tenantId, account.id, account.passwordHash)}` : null;
    const login = `${env().PUBLIC_URL.replace(/\/+$/, "")}/user/login`;
    const values = { name: staff.name, school: school.title, link: link ?? login, email: account.email };
    const kind = fresh ? "link" : "signIn";
    const subject = t(`invite.message.${kind}.subject`, values);
    const text = t(`invite.message.${kind}.text`, values);
    const html = `<p>${escapeHtml(t(`invite.message.${kind}.greeting`, values))}</p><p>${escapeHtml(t(`invite.message.${kind}.body`, values))}</p><p><a href="${escapeHtml(values.link)}">${escapeHtml(t(`invite.message.${kind}.action`, values))}</a></p>`;
    const key = `${INVITATION_SOURCE}:${staff.id}:${randomUUID()}`;
    const whatsapp = staff.cel && number !== null && CHANNEL_BY_NAME.whatsapp.configured() && (!fresh || elsewhere === 0);
    const want: ChannelName[] = whatsapp ? ["mail", "whatsapp"] : ["mail"];
    const drafts: Draft[] = want.map((channel) => ({
      key: `${key}:${channel}`,
      source: INVITATION_SOURCE,
      sourceId: staff.id,
      userId: staff.id,
      channel,
      // The e-mail goes to the sign-in's own address: the one the link's account signs in with.
      address: channel === "mail" ? account.email : addressOf(staff, channel),
      locale,
      subject,
      text,
      html: channel === "mail" ? html : null,
      template: channel === "whatsapp" ? { name: notice?.templateId || "school_notice", language: locale, params: [school.title, subject, text] } : null,
      urgent: true,
    }));
    await queueMessages(tx, drafts);
    await audit(tx, ctx, STAFF_MODULE, "invite", staff.id);
    return want;
  });
  return { data: { ID: staff.id, channels: channels as TInviteAnswer["channels"] }, msgKey: "invite.sent", msgValues: { name: staff.name } };
}
