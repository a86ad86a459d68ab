import {
  NOTIFICATION_STATUS,
  NOTIFICATION_TAGS,
  type TChannelPreview,
  type TScheduleAnswer,
  type TScheduleProblem,
  templateTags,
  WHATSAPP_BODY_MAX,
} from "@pizarra/contracts";
import { type TenantTx, tenantOf } from "@pizarra/db";
import type { ChannelName } from "../../channels/channel.ts";
import { mailSenderOf } from "../../channels/mail.ts";
import { personLocale } from "../../delivery/locale.ts";
import { addressOf, schoolChannelReady } from "../../delivery/ledger.ts";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { formatDateTime } from "../../resource/values.ts";
import { recipientsOf, type Audience } from "./recipients.ts";
import type { Recipient } from "../../delivery/guardians.ts";
import { refreshFlow } from "./flow-followups.ts";
import { channelsOf, contentOf, draftsOf, type NotificationRow } from "./drafts.ts";
import { render } from "./render.ts";
import { queueRun } from "./run-notification.ts";

/** A notification that is going out or went out is history: it is no longer changed or scheduled again. */
export function assertChangeable(status: number): void {
  if (status === NOTIFICATION_STATUS.sending || status === NOTIFICATION_STATUS.sent) throw new AppError(-409, "api.notificationLocked", 409);
}

/** The first minute that is not yet past (send dates are entered to the minute). */
const thisMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

/** 002 §5: the send date may not be in the past. */
export function assertNotPast(ctx: AuthedContext, sendOn: Date): void {
  if (sendOn < thisMinute()) throw fieldRefusal("sendOn", ctx.t("api.sendOnPast"));
}

const CHANNEL_FIELD: Record<ChannelName, string> = { whatsapp: "doWA", mail: "doMail", push: "doPush" };

/** What scheduling finds: the schedule answer's counts, problems and previews, all of them known. */
type ScheduleOutcome = Required<Omit<TScheduleAnswer, "ID" | "sendOn">>;

/** The field of the notification each tag it carries to WhatsApp comes from. */
const CARRIED_FIELD: Record<(typeof NOTIFICATION_TAGS)[number], "title" | "content"> = { subject: "title", message: "content" };

type School = { title: string; defaultLocale: string };

/**
 * A WhatsApp template that carries the notification's title and text needs them written, and its body, once filled for
 * each recipient, within Meta's 1,024 characters: a longer one would be refused by Meta for every family, so it is
 * refused here, naming the field to shorten, rather than cut short.
 */
function assertWhatsAppFits(ctx: AuthedContext, n: NotificationRow, recipients: Recipient[], school: School): void {
  const content = contentOf(n);
  if (!content.template) return;
  const tags = templateTags(content.template.content);
  for (const tag of NOTIFICATION_TAGS) {
    const field = CARRIED_FIELD[tag];
    const written = tag === "subject" ? content.title : content.content || content.body;
    if (tags.includes(tag) && !written?.trim()) throw fieldRefusal(field, ctx.t("delivery.whatsappNeeds", { template: n.template!.name }));
  }
  const longest = recipients.reduce(
    (most, r) => Math.max(most, render(content, "whatsapp", r, school.title, personLocale(r, school.defaultLocale)).text.length),
    0,
  );
  if (longest > WHATSAPP_BODY_MAX) {
    const field = tags.includes("message") ? "content" : tags.includes("subject") ? "title" : "placeholders";
    throw fieldRefusal(field, ctx.t("delivery.whatsappTooLong", { length: longest, max: WHATSAPP_BODY_MAX }));
  }
}

/** Problems listed in full up to this many; the count says the rest. */
const PROBLEMS_SHOWN = 50;

/**
 * The dry run and the confirmation of `admNotification/schedule/{id}` (002 §4), and the start-sending switch of the
 * form: a notification can go out when it has a configured way to be sent, a send date still ahead and someone to
 * reach. The dry run lists who it reaches on each channel, who cannot be reached there and why (no address, opted
 * out), and the message as its first recipient will read it. Confirming makes it ready (status 1) and queues its
 * first run at its send date: from then on the worker sends it.
 */
export async function schedule(tx: TenantTx, ctx: AuthedContext, n: NotificationRow & Audience, confirm: boolean): Promise<ScheduleOutcome> {
  assertChangeable(n.status);
  const channels = channelsOf(n);
  if (channels.length === 0) throw fieldRefusal("doWA", ctx.t("api.notificationNoChannel"));
  for (const channel of channels) await schoolChannelReady(tx, ctx, channel, CHANNEL_FIELD[channel]);
  if (n.fallbackChannel) await schoolChannelReady(tx, ctx, n.fallbackChannel as ChannelName, "fallbackChannel");
  assertNotPast(ctx, n.sendOn);
  const recipients = await recipientsOf(tx, n);
  if (recipients.length === 0) throw new AppError(-422, "api.notificationNoRecipients", 422);
  const school = await tx.tenant.findUniqueOrThrow({ where: { id: tenantOf(tx) }, select: { title: true, defaultLocale: true } });
  if (channels.includes("whatsapp")) assertWhatsAppFits(ctx, n, recipients, school);
  const nameOf = (r: (typeof recipients)[number]) => [r.name, r.last].filter(Boolean).join(" ");
  const byChannel: Partial<Record<ChannelName, number>> = {};
  const problems: TScheduleProblem[] = [];
  // The ledger gets a message for each person on each channel they did not opt out of (one without an address there
  // is written as failed).
  let messages = 0;
  // Counting needs each address, not each message: only the preview's message is written out here (the worker writes
  // them all when it sends).
  for (const r of recipients)
    for (const channel of channels) {
      const reason = !r.channels.includes(channel) ? "optedOut" : addressOf(r, channel) ? null : "noAddress";
      if (reason !== "optedOut") messages += 1;
      if (!reason) byChannel[channel] = (byChannel[channel] ?? 0) + 1;
      else problems.push({ userId: r.id, name: nameOf(r), channel, reason: ctx.t(`delivery.reason.${reason}`) });
    }
  const recipient = nameOf(recipients[0]!);
  const sender = channels.includes("mail") ? await mailSenderOf(tx, tenantOf(tx)) : null;
  const previews = draftsOf(n, n.run, recipients.slice(0, 1), school).map(
    (d): TChannelPreview => ({
      recipient,
      channel: d.channel,
      subject: d.subject ?? null,
      text: d.text,
      ...(d.channel === "mail" && sender ? { from: `${sender.from.name} <${sender.from.address}>`, replyTo: sender.replyTo } : {}),
    }),
  );
  const outcome = { total: recipients.length, messages, byChannel, problems: problems.slice(0, PROBLEMS_SHOWN), previews };
  if (!confirm) return { status: n.status, ...outcome };
  const scheduledAt = new Date();
  await tx.notification.updateMany({
    where: { id: n.id },
    data: {
      status: NOTIFICATION_STATUS.ready,
      recipients: recipients.length,
      total: messages,
      sent: 0,
      read: 0,
      failed: 0,
      scheduledAt,
      run: 0,
      nextRunAt: n.sendOn,
    },
  });
  await queueRun(tx, tenantOf(tx), { id: n.id, scheduledAt }, 0, n.sendOn);
  if (n.page === "fetch" && n.objectId !== null) await refreshFlow(tx, n.objectId);
  return { status: NOTIFICATION_STATUS.ready, ...outcome };
}

/**
 * The answer of a dry run or a confirmation (002 §4, §7): its status and counts, and the message saying how many
 * people it reaches and when; a stored notification's own counts stand for a confirmation made on save.
 */
export function scheduleReply(
  n: { id: number; sendOn: Date },
  outcome: Partial<ScheduleOutcome> & { status: number; total: number },
  confirm: boolean,
): Reply<TScheduleAnswer> {
  const sendOn = formatDateTime(n.sendOn);
  return {
    data: { ID: n.id, sendOn, ...outcome },
    msgKey: confirm ? "api.notificationScheduled" : "api.notificationPreview",
    msgValues: { total: outcome.total, sendOn },
  };
}
