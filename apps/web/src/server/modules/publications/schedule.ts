import { type TenantTx, tenantOf } from "@pizarra/db";
import type { ChannelName } from "../../channels/channel.ts";
import { addressOf, schoolChannelReady } from "../../delivery/ledger.ts";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import { recipientsOf, type Audience } from "./recipients.ts";
import { refreshFlow } from "../flows/followups.ts";
import { channelsOf, draftsOf, type NotificationRow } from "./drafts.ts";
import { queueRun } from "./run-notification.ts";

/** 002 §4: 0 draft, 1 ready, 2 sending, 3 sent, 4 cancelled (the filter's "paused"), 5 sending errors. */
export const STATUS = { draft: 0, ready: 1, sending: 2, sent: 3, cancelled: 4, errors: 5 } as const;

/** A notification that is going out or went out is history: it is no longer changed or scheduled again. */
export function assertChangeable(status: number): void {
  if (status === STATUS.sending || status === STATUS.sent) throw new AppError(-409, "api.notificationLocked", 409);
}

/** The first minute that is not yet past (send dates are entered to the minute). */
const thisMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

/** 002 §5: the send date may not be in the past. */
export function assertNotPast(ctx: AuthedContext, sendOn: Date): void {
  if (sendOn < thisMinute()) throw fieldRefusal("sendOn", ctx.t("api.sendOnPast"));
}

const CHANNEL_FIELD: Record<ChannelName, string> = { whatsapp: "doWA", mail: "doMail", push: "doPush" };

export interface Problem {
  userId: number;
  name: string;
  channel: ChannelName;
  reason: string;
}

export interface ScheduleOutcome {
  status: number;
  total: number;
  byChannel: Partial<Record<ChannelName, number>>;
  problems: Problem[];
  preview: { recipient: string; channel: ChannelName; subject: string | null; text: string } | null;
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
  const nameOf = (r: (typeof recipients)[number]) => [r.name, r.last].filter(Boolean).join(" ");
  const byChannel: Partial<Record<ChannelName, number>> = {};
  const problems: Problem[] = [];
  // Counting needs each address, not each message: only the preview's message is written out here (the worker writes
  // them all when it sends).
  for (const r of recipients)
    for (const channel of channels) {
      const reason = !r.channels.includes(channel) ? "optedOut" : addressOf(r, channel) ? null : "noAddress";
      if (!reason) byChannel[channel] = (byChannel[channel] ?? 0) + 1;
      else problems.push({ userId: r.id, name: nameOf(r), channel, reason: ctx.t(`delivery.reason.${reason}`) });
    }
  const first = draftsOf(n, n.run, recipients.slice(0, 1), school)[0]!;
  const preview = { recipient: nameOf(recipients[0]!), channel: first.channel, subject: first.subject ?? null, text: first.text };
  const outcome = { total: recipients.length, byChannel, problems: problems.slice(0, PROBLEMS_SHOWN), preview };
  if (!confirm) return { status: n.status, ...outcome };
  const scheduledAt = new Date();
  await tx.notification.updateMany({
    where: { id: n.id },
    data: { status: STATUS.ready, total: recipients.length, sent: 0, read: 0, failed: 0, scheduledAt, run: 0, nextRunAt: n.sendOn },
  });
  await queueRun(tx, tenantOf(tx), { id: n.id, scheduledAt }, 0, n.sendOn);
  if (n.page === "fetch" && n.objectId !== null) await refreshFlow(tx, n.objectId);
  return { status: STATUS.ready, ...outcome };
}
