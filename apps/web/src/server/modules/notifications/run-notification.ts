import { NOTIFICATION_STATUS, RUNNING_NOTIFICATION_STATUSES, type TNotificationStatus } from "@pizarra/contracts";
import { type Db, forTenant, type TenantDb, type TenantTx } from "@pizarra/db";
import { CronExpressionParser } from "cron-parser";
import { z } from "zod";
import { queueMessages, refreshNotification } from "../../delivery/ledger.ts";
import { enqueue, jobId, jobKind, pendingJobs } from "../../delivery/queue.ts";
import { formatDate, formatDateTime } from "../../resource/values.ts";
import { queueFollowup, refreshFlow } from "./flow-followups.ts";
import { draftsOf } from "./drafts.ts";
import { recipientsOf } from "./recipients.ts";

/** Expands a notification's audience into ledger rows for one run and queues their sends. */
export const NOTIFICATION_RUN = jobKind(
  "notification-run",
  z.object({
    tenantId: z.number().int().positive(),
    id: z.number().int().positive(),
    run: z.number().int().nonnegative(),
    /** The confirmation this run belongs to: a notification confirmed again (new date) leaves older runs stale. */
    scheduledAt: z.iso.datetime(),
  }),
);
export type RunJob = z.infer<typeof NOTIFICATION_RUN.payload>;

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
  const key = `run:${tenantId}:${n.id}:${run}:${n.scheduledAt.getTime()}${tag}`;
  await enqueue(tx, NOTIFICATION_RUN, [{ data, key, startAfter: at }]);
  await tx.notification.updateMany({ where: { id: n.id }, data: { runJob: jobId(key) } });
}

/** Recipients expanded to messages per transaction: memory and lock time stay the same whatever the audience. */
const CHUNK = 250;

/**
 * A notification's run fires (worker): its audience as it is now becomes ledger rows (one per person and channel,
 * written once whatever happens to this job: a retried run skips the keys it wrote), a chunk of recipients per
 * transaction, their sends queued with them; then the notification is "sending" and a recurring one queues its next
 * run. A run of an older confirmation, of a paused or cancelled notification, is dropped.
 */
export async function runNotification(system: Db, job: RunJob): Promise<void> {
  const db = forTenant(system, job.tenantId);
  const n = await db.notification.findFirst({ where: { id: job.id }, include: { template: true } });
  if (!n || n.scheduledAt?.toISOString() !== job.scheduledAt || job.run < n.run) return;
  if (!RUNNING_NOTIFICATION_STATUSES.includes(n.status as TNotificationStatus)) return;
  const school = await db.tenant.findUniqueOrThrow({ where: { id: job.tenantId }, select: { title: true, defaultLocale: true, timeZone: true } });
  const recipients = await db.$transaction((tx) => recipientsOf(tx, n));
  await db.notification.updateMany({ where: { id: n.id }, data: { run: job.run, status: NOTIFICATION_STATUS.sending, recipients: recipients.length } });
  for (let i = 0; i < recipients.length; i += CHUNK) {
    await db.$transaction((tx) => queueMessages(tx, draftsOf(n, job.run, recipients.slice(i, i + CHUNK), school)));
  }
  const next = nextRun(n, new Date(Math.max(Date.now(), n.sendOn.getTime()) + 1000), school.timeZone);
  await db.$transaction(async (tx) => {
    await tx.notification.updateMany({ where: { id: n.id }, data: { nextRunAt: next } });
    if (next) await queueRun(tx, job.tenantId, { id: n.id, scheduledAt: n.scheduledAt! }, job.run + 1, next);
    await queueFollowup(tx, job.tenantId, n, job.run, 1);
    await refreshSending(tx, n.id);
  });
}

const RUNNING_WHERE = { status: { in: [...RUNNING_NOTIFICATION_STATUSES] }, scheduledAt: { not: null }, nextRunAt: { not: null } };
const RUN_SELECT = { id: true, tenantId: true, run: true, status: true, scheduledAt: true, nextRunAt: true, runJob: true } as const;

/**
 * Notifications confirmed or recurring whose next run has no job waiting (a database restored from a copy, seeded
 * data, a job lost with its queue) get one, at their time or now if it passed: the queue is asked about the job each
 * keeps (runJob). Run by the worker at start and every minute: a run queued twice is written once (its job id is its
 * key, and the queue holds it unique).
 */
export async function queueMissingRuns(system: Db): Promise<number> {
  const running = await system.notification.findMany({ where: RUNNING_WHERE, select: { id: true, runJob: true } });
  const pending = await pendingJobs(
    NOTIFICATION_RUN,
    running.flatMap((n) => (n.runJob ? [n.runJob] : [])),
  );
  const gone = new Map(running.filter((n) => !n.runJob || !pending.has(n.runJob)).map((n) => [n.id, n.runJob]));
  if (gone.size === 0) return 0;
  // A run that ended between the read above and the queue's answer would look lost, and queueing "the next run" would
  // send it all again. Its last transaction (nextRunAt, the next run's job) commits before its job completes, so the
  // notifications are read again now that the queue has answered: one still waiting on the job found gone is lost.
  const now = await system.notification.findMany({ where: { ...RUNNING_WHERE, id: { in: [...gone.keys()] } }, select: RUN_SELECT });
  const orphans = now.filter((n) => gone.get(n.id) === n.runJob);
  for (const n of orphans) {
    const run = n.status === NOTIFICATION_STATUS.ready ? n.run : n.run + 1;
    const at = n.nextRunAt! > new Date() ? n.nextRunAt! : new Date();
    await forTenant(system, n.tenantId).$transaction((tx) => queueRun(tx, n.tenantId, { id: n.id, scheduledAt: n.scheduledAt! }, run, at));
  }
  return orphans.length;
}

/** A notification's counters and status from its ledger, and, for one that sends a flow, the flow's figures from it. */
export async function refreshSending(db: TenantDb | TenantTx, notificationId: number): Promise<void> {
  const about = await refreshNotification(db, notificationId);
  if (about?.page === "fetch" && about.objectId !== null) await refreshFlow(db, about.objectId);
}
