import { type Db, forTenant, type Prisma, type TenantTx } from "@pizarra/db";
import { CronExpressionParser } from "cron-parser";
import type { ChannelName } from "../../channels/channel.ts";
import { addressOf, type Draft, queueMessages, refreshNotification } from "../../delivery/ledger.ts";
import { enqueue, JOBS } from "../../delivery/queue.ts";
import type { Locale } from "../../i18n.ts";
import { formatDate, formatDateTime } from "../../resource/values.ts";
import { recipientsOf } from "./recipients.ts";
import { type Content, type Recipient, render } from "./render.ts";

export interface RunJob {
  tenantId: number;
  id: number;
  run: number;
  /** The confirmation this run belongs to: a notification confirmed again (new date) leaves older runs stale. */
  scheduledAt: string;
}

type NotificationRow = Prisma.NotificationGetPayload<{ include: { template: true } }>;

/** The channels a notification goes out on, in the order a person would want them tried. */
export function channelsOf(n: { doWA: boolean; doMail: boolean; doPush: boolean }): ChannelName[] {
  return [...(n.doWA ? (["whatsapp"] as const) : []), ...(n.doMail ? (["mail"] as const) : []), ...(n.doPush ? (["push"] as const) : [])];
}

export const contentOf = (n: NotificationRow): Content => ({
  title: n.title,
  content: n.content,
  body: n.body,
  placeholders: n.placeholders,
  template: n.template ? { id: n.template.id, templateId: n.template.templateId, content: n.template.content } : null,
});

export const localeOf = (recipient: Recipient, schoolLocale: string): Locale => ((recipient.locale ?? schoolLocale) === "en" ? "en" : "es");

/** Every message of one run: each recipient on each of the notification's channels. */
export function draftsOf(n: NotificationRow, run: number, recipients: Recipient[], school: { title: string; defaultLocale: string }): Draft[] {
  const content = contentOf(n);
  const fallback = (n.fallbackChannel as ChannelName | null) ?? null;
  return recipients.flatMap((r) =>
    channelsOf(n).map((channel) => {
      const locale = localeOf(r, school.defaultLocale);
      return {
        key: `n:${n.id}:${run}:${r.id}:${channel}`,
        source: "notification",
        sourceId: n.id,
        notificationId: n.id,
        run,
        userId: r.id,
        channel,
        address: addressOf(r, channel),
        locale,
        urgent: n.urgent,
        fallback,
        ...render(content, channel, r, school.title, locale),
      };
    }),
  );
}

/**
 * The next time a recurring notification fires after `after`, on the school's clock, or null when it does not recur
 * or its end date has passed. The expression is built from the send date at the school's time (recurrence.ts).
 */
export function nextRun(n: { hasRecurrence: boolean; recurrence: string | null; recurrenceEndDate: Date | null }, after: Date, timeZone: string): Date | null {
  if (!n.hasRecurrence || !n.recurrence) return null;
  const next = CronExpressionParser.parse(n.recurrence, { currentDate: after, tz: timeZone }).next().toDate();
  if (n.recurrenceEndDate && formatDateTime(next).slice(0, 10) > formatDate(n.recurrenceEndDate)) return null;
  return next;
}

/** Queues a run of a notification at its time (the confirmation, each recurrence, a resume). */
export async function queueRun(tx: TenantTx, tenantId: number, n: { id: number; scheduledAt: Date }, run: number, at: Date, tag = ""): Promise<void> {
  const data: RunJob = { tenantId, id: n.id, run, scheduledAt: n.scheduledAt.toISOString() };
  await enqueue(tx, [{ name: JOBS.notificationRun, data, key: `run:${tenantId}:${n.id}:${run}:${n.scheduledAt.getTime()}${tag}`, startAfter: at }]);
}

/**
 * A notification's run fires (worker): its audience as it is now becomes ledger rows (one per person and channel,
 * written once whatever happens to this job), their sends are queued, the notification is "sending", and a recurring
 * one queues its next run. A run of an older confirmation, of a paused or cancelled notification, is dropped.
 */
export async function runNotification(system: Db, job: RunJob): Promise<void> {
  const db = forTenant(system, job.tenantId);
  await db.$transaction(
    async (tx) => {
      const n = await tx.notification.findFirst({ where: { id: job.id }, include: { template: true } });
      if (!n || n.scheduledAt?.toISOString() !== job.scheduledAt || job.run < n.run) return;
      if (n.status !== 1 && n.status !== 2 && n.status !== 3 && n.status !== 5) return;
      const school = await tx.tenant.findUniqueOrThrow({ where: { id: job.tenantId }, select: { title: true, defaultLocale: true, timeZone: true } });
      const recipients = await recipientsOf(tx, n);
      await queueMessages(tx, draftsOf(n, job.run, recipients, school));
      const next = nextRun(n, new Date(Math.max(Date.now(), n.sendOn.getTime()) + 1000), school.timeZone);
      await tx.notification.updateMany({ where: { id: n.id }, data: { run: job.run, status: 2, nextRunAt: next } });
      if (next) await queueRun(tx, job.tenantId, { id: n.id, scheduledAt: n.scheduledAt }, job.run + 1, next);
      await refreshNotification(tx, n.id);
    },
    { timeout: 120_000 },
  );
}
