import { randomUUID } from "node:crypto";
import type { TContactUsAnswer, ZContactUs } from "@pizarra/contracts";
import { lockKey } from "@pizarra/db";
import { z } from "zod";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { translator, type Locale } from "../../i18n.ts";
import { addressOf, channelReady, queueMessages, type Draft } from "../../delivery/ledger.ts";

/** Messages one person may send to support in an hour: enough for a real problem, too few to relay mail through the form. */
export const SUPPORT_PER_HOUR = 5;

/** Field labels of the support form in refusals. */
export const supportLabel = (field: string) => `support.fields.${field}`;

const isEmail = (text: string) => z.email().safeParse(text).success;
const asLocale = (value: string): Locale => (value === "en" ? "en" : "es");

/**
 * Two e-mails queued on the ledger, never sent from the request: one to the school's support inbox (its supportEmail,
 * else its general e-mail) answering to the sender, and a copy to the person's own e-mail as the school keeps it.
 * The copy never goes to the typed Sender: that would let anyone have the school's mail sent, in its name, to any
 * address they chose. Without a stored e-mail there is no copy, and the answer says so. Urgent, as someone is waiting.
 */
export async function contactUs(ctx: AuthedContext & { body: z.infer<typeof ZContactUs> }): Promise<Reply<TContactUsAnswer>> {
  const { Subject, Body, Sender } = ctx.body;
  if (!Subject) throw fieldRefusal("Subject", ctx.t("support.missingReasonOrSummary"));
  if (!Body) throw fieldRefusal("Body", ctx.t("support.missingReasonOrSummary"));
  if (!Sender.includes("@")) throw fieldRefusal("Sender", ctx.t("support.missingEmail"));
  if (!isEmail(Sender)) throw fieldRefusal("Sender", ctx.t("validation.email", { attribute: ctx.t(supportLabel("Sender")) }));
  channelReady(ctx, "mail");

  const [school, me] = await Promise.all([
    ctx.db.tenant.findUniqueOrThrow({
      where: { id: ctx.user.tenantId },
      select: { title: true, email: true, supportEmail: true, defaultLocale: true },
    }),
    ctx.db.user.findFirstOrThrow({ where: { id: ctx.user.id }, select: { id: true, mail: true, cel: true } }),
  ]);
  const inbox = [school.supportEmail, school.email].map((a) => a?.trim()).find((a): a is string => Boolean(a && isEmail(a)));
  if (!inbox) throw new AppError(-422, "support.noInbox", 422);
  const own = addressOf(me, "mail");
  const copyTo = own && isEmail(own) ? own : null;

  await ctx.db.$transaction(async (tx) => {
    // The person's messages take turns from the count to the write, so parallel ones cannot all pass under the limit.
    await lockKey(tx, "support", ctx.user.id);
    // Counted in the ledger (shared by every app instance), one school-bound row per message sent.
    const since = new Date(Date.now() - 3600_000);
    const lastHour = await tx.message.count({ where: { source: "support", sourceId: ctx.user.id, userId: null, createdAt: { gte: since } } });
    if (lastHour >= SUPPORT_PER_HOUR) throw new AppError(-429, "support.tooMany", 429, { max: SUPPORT_PER_HOUR });

    const stamp = `support:${ctx.user.id}:${randomUUID()}`;
    const staffLocale = asLocale(school.defaultLocale);
    const ts = translator(staffLocale);
    const toSchool: Draft = {
      key: `${stamp}:school`,
      source: "support",
      sourceId: ctx.user.id,
      userId: null,
      channel: "mail",
      address: inbox,
      replyTo: Sender,
      locale: staffLocale,
      subject: ts("support.mail.schoolSubject", { subject: Subject, name: ctx.user.name }),
      text: ts("support.mail.schoolText", { name: ctx.user.name, sender: Sender, subject: Subject, body: Body }),
      urgent: true,
    };
    const copy: Draft[] = copyTo
      ? [
          {
            key: `${stamp}:copy`,
            source: "support",
            sourceId: ctx.user.id,
            userId: ctx.user.id,
            channel: "mail",
            address: copyTo,
            locale: ctx.locale,
            subject: ctx.t("support.mail.copySubject", { subject: Subject }),
            text: ctx.t("support.mail.copyText", { name: ctx.user.name, school: school.title, subject: Subject, body: Body }),
            urgent: true,
          },
        ]
      : [];
    await queueMessages(tx, [toSchool, ...copy]);
  });
  return copyTo ? { data: { copy: true }, msgKey: "support.sent", msgValues: { sender: copyTo } } : { data: { copy: false }, msgKey: "support.sentNoCopy" };
}
