import { FLOW_SEND_STATUS, NOTIFICATION_STATUS } from "@pizarra/contracts";
import { type Db, forTenant, type TenantDb, type TenantTx } from "@pizarra/db";
import { z } from "zod";
import { type Draft, queueMessages } from "../../delivery/ledger.ts";
import { enqueue, jobKind } from "../../delivery/queue.ts";
import { translator } from "../../i18n.ts";
import { draftsOf } from "./drafts.ts";
import { recipientsOf } from "./recipients.ts";

/**
 * Flow follow-ups (001 §3 "follow-up settings", 002 §3 "Followups", 002 §6 defaults): a flow is sent to families by a
 * notification about it (page "fetch", objectId the flow: the wizard's flow send). Once a run has gone out, a reminder
 * goes to each person who has not completed the flow, after the flow's delay, then again after each further delay, up
 * to its maximum number of follow-ups; the flow's budget caps the reminder messages it sends in all; with "stop on
 * engagement" a person who read the message or began answering gets no more. Reminders are ledger rows of the
 * notification's run (source FOLLOWUP_SOURCE), so its delivery view lists them and pausing it holds them.
 */
export const FOLLOWUP_SOURCE = "flow-followup";

/** A reminder round of a flow sent by a notification, to those who have not answered it. */
export const FLOW_FOLLOWUP = jobKind(
  "flow-followup",
  z.object({
    tenantId: z.number().int().positive(),
    notificationId: z.number().int().positive(),
    run: z.number().int().nonnegative(),
    /** 1 for the first reminder. */
    round: z.number().int().positive(),
    /** The confirmation the run belongs to: a notification confirmed again or cancelled drops its older reminders. */
    scheduledAt: z.iso.datetime(),
  }),
);
export type FollowupJob = z.infer<typeof FLOW_FOLLOWUP.payload>;

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

type FlowSettings = { followupDefaultDelay: number; followupUnit: string; followupMaxTotal: number };
type About = { id: number; page: string; objectId: number | null; scheduledAt: Date | null };

/** Queues reminder `round` of a run of a notification about a flow, one delay from now; nothing past the flow's maximum. */
export async function queueFollowup(tx: TenantTx, tenantId: number, n: About, run: number, round: number, flow?: FlowSettings | null): Promise<void> {
  if (n.page !== "fetch" || n.objectId === null || !n.scheduledAt) return;
  const settings = flow ?? (await tx.flow.findFirst({ where: { id: n.objectId } }));
  if (!settings || round > settings.followupMaxTotal) return;
  const delay = Math.max(1, settings.followupDefaultDelay) * (UNIT_MS[settings.followupUnit] ?? UNIT_MS.hours!);
  const data: FollowupJob = { tenantId, notificationId: n.id, run, round, scheduledAt: n.scheduledAt.toISOString() };
  const key = `followup:${tenantId}:${n.id}:${run}:${round}:${n.scheduledAt.getTime()}`;
  await enqueue(tx, FLOW_FOLLOWUP, [{ data, key, startAfter: new Date(Date.now() + delay) }]);
}

/**
 * The people of a run who still owe the flow an answer: reached on some channel (everyone whose messages all failed
 * is left alone), without a completed response, and — with stop on engagement — without a partial one or a message
 * of the run read.
 */
async function stillOwing(db: TenantDb, n: { id: number; run: number }, flow: { id: number; followupStopOnEngagement: boolean }): Promise<number[]> {
  const rows = await db.message.findMany({
    where: { notificationId: n.id, run: n.run, fallbackOf: null, NOT: { status: "failed", permanent: true, fallback: null } },
    select: { userId: true, readAt: true },
  });
  const reached = new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null));
  const engaged = new Set(flow.followupStopOnEngagement ? rows.filter((r) => r.readAt !== null).map((r) => r.userId) : []);
  const answered = await db.flowResponse.findMany({
    where: {
      fetchId: flow.id,
      userId: { in: [...reached] },
      ...(flow.followupStopOnEngagement ? {} : { dateCompleted: { not: null } }),
    },
    select: { userId: true },
  });
  for (const r of answered) engaged.add(r.userId);
  return [...reached].filter((id) => !engaged.has(id)).sort((a, b) => a - b);
}

/**
 * A reminder round fires (worker): the people who still owe the flow an answer get the notification's message again,
 * its subject marked as a reminder in their language, on the run's channels, within what is left of the flow's budget;
 * then the next round is queued. A paused notification's round waits one more delay; a cancelled or confirmed-again
 * one, a flow that is over (its window closed, its collections full) or out of budget sends no more.
 */
export async function runFollowup(system: Db, job: FollowupJob): Promise<number> {
  const db = forTenant(system, job.tenantId);
  const n = await db.notification.findFirst({ where: { id: job.notificationId }, include: { template: true } });
  if (n?.page !== "fetch" || n.objectId === null || n.scheduledAt?.toISOString() !== job.scheduledAt || n.run !== job.run) return 0;
  const flow = await db.flow.findFirst({ where: { id: n.objectId } });
  if (!flow || job.round > flow.followupMaxTotal || (flow.activeTo && flow.activeTo < new Date())) return 0;
  if (n.status === NOTIFICATION_STATUS.cancelled) {
    await db.$transaction((tx) => queueFollowup(tx, job.tenantId, n, job.run, job.round, flow));
    return 0;
  }
  const complete = await db.flowResponse.count({ where: { fetchId: flow.id, dateCompleted: { not: null } } });
  const used = await db.message.count({ where: { source: FOLLOWUP_SOURCE, sourceId: flow.id, fallbackOf: null } });
  if (complete >= flow.maxCollections || used >= flow.followupBudget) return 0;
  const owing = await stillOwing(db, n, flow);
  if (owing.length === 0) return 0;

  const school = await db.tenant.findUniqueOrThrow({ where: { id: job.tenantId }, select: { title: true, defaultLocale: true } });
  // Its audience read again, as its next run would read it: who was deactivated, opted out or left it since is not reminded.
  const recipients = await db.$transaction((tx) => recipientsOf(tx, n, { id: { in: owing } }));
  const drafts: Draft[] = draftsOf(n, n.run, recipients, school)
    .slice(0, flow.followupBudget - used)
    .map((d) => ({
      ...d,
      key: `${d.key}:f${job.round}`,
      source: FOLLOWUP_SOURCE,
      sourceId: flow.id,
      subject: d.channel === "whatsapp" ? null : translator(d.locale)("delivery.reminderSubject", { subject: d.subject ?? flow.name }),
    }));
  await db.$transaction(async (tx) => {
    await queueMessages(tx, drafts);
    await queueFollowup(tx, job.tenantId, n, job.run, job.round + 1, flow);
  });
  return drafts.length;
}

/**
 * A flow's sending figures (001 §3 target, sent, seen; sendStatus) follow the notifications that send it: the sums of
 * their counters, and the status of the latest one.
 */
export async function refreshFlow(db: TenantDb | TenantTx, flowId: number): Promise<void> {
  const where = { page: "fetch", objectId: flowId, scheduledAt: { not: null } };
  const [sums, latest] = await Promise.all([
    db.notification.aggregate({ where, _sum: { total: true, sent: true, read: true } }),
    db.notification.findFirst({ where, orderBy: { scheduledAt: "desc" }, select: { status: true } }),
  ]);
  await db.flow.updateMany({
    where: { id: flowId },
    data: { target: sums._sum.total ?? 0, sent: sums._sum.sent ?? 0, seen: sums._sum.read ?? 0, sendStatus: latest?.status ?? FLOW_SEND_STATUS.draft },
  });
}
