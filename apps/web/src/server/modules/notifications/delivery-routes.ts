import {
  NOTIFICATION_STATUS,
  type TDeliveryCounts,
  type TDeliveryMessagesQuery,
  type TMessageChannel,
  type TMessageStatus,
  type TNotificationParams,
  ZDeliveryAnswer,
  ZDeliveryMessagesQuery,
  ZDeliveryRetryAnswer,
  ZDeliveryStatusAnswer,
  ZNotificationParams,
} from "@pizarra/contracts";
import { tenantOf } from "@pizarra/db";
import type { z } from "zod";
import { requeue } from "../../delivery/ledger.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { authedRoute, type Route } from "../../http/route.ts";
import { audit } from "../../resource/audit.ts";
import { formatDateTime } from "../../resource/values.ts";
import { FOLLOWUP_SOURCE } from "./flow-followups.ts";
import { queueRun, refreshSending } from "./run-notification.ts";

/** Failure reasons the product itself gives (the providers' own are shown as they said them). */
const OWN_REASONS = new Set(["noAddress", "notConfigured", "noDevice", "optedOut", "inactive", "unlinked"]);
const when = (d: Date | null) => (d ? formatDateTime(d) : null);

type Pausable = { status: number; scheduledAt: Date | null; nextRunAt: Date | null };
/** Pausing holds a confirmed notification that waits for its date, is going out, or has a recurrence still to come. */
const pausable = (n: Pausable) =>
  n.scheduledAt !== null &&
  (n.status === NOTIFICATION_STATUS.ready || n.status === NOTIFICATION_STATUS.sending || (n.nextRunAt !== null && n.status !== NOTIFICATION_STATUS.cancelled));
/** A paused one resumes; one cancelled with the start-sending switch (no confirmation left) is confirmed again instead. */
const resumable = (n: Pausable) => n.status === NOTIFICATION_STATUS.cancelled && n.scheduledAt !== null;

async function notificationOf(ctx: AuthedContext, id: number) {
  const n = await ctx.db.notification.findFirst({ where: { id } });
  if (!n) throw notFound();
  return n;
}

/**
 * GET admNotification/{id}/messages (designed here, 002 §2 shows counters only): the ledger of the notification's
 * current run, a page at a time, with who each message was for, on which channel, where it stands and why it failed.
 */
async function listMessages(
  ctx: AuthedContext & { params: TNotificationParams; query: TDeliveryMessagesQuery },
): Promise<Reply<z.input<typeof ZDeliveryAnswer>>> {
  const n = await notificationOf(ctx, ctx.params.id);
  const { status, channel, filter, page, PageSize } = ctx.query;
  const words = filter?.trim();
  const matching = words
    ? (await ctx.db.user.findMany({ where: { searchText: { contains: words.toLowerCase() } }, select: { id: true }, take: 5000 })).map((u) => u.id)
    : null;
  const where = {
    notificationId: n.id,
    run: n.run,
    ...(status ? { status } : {}),
    ...(channel ? { channel } : {}),
    ...(matching ? { OR: [{ userId: { in: matching } }, { address: { contains: words! } }] } : {}),
  };
  const [rows, count, groups] = await Promise.all([
    ctx.db.message.findMany({ where, orderBy: { id: "asc" }, skip: (page - 1) * PageSize, take: PageSize }),
    ctx.db.message.count({ where }),
    ctx.db.message.groupBy({ by: ["status"], where: { notificationId: n.id, run: n.run }, _count: { _all: true } }),
  ]);
  const users = await ctx.db.user.findMany({
    where: { id: { in: rows.map((r) => r.userId).filter((id): id is number => id !== null) } },
    select: { id: true, name: true, last: true },
  });
  const names = new Map(users.map((u) => [u.id, [u.name, u.last].filter(Boolean).join(" ")]));
  const counts: TDeliveryCounts = { queued: 0, sending: 0, sent: 0, delivered: 0, read: 0, failed: 0, total: 0 };
  for (const g of groups) {
    counts[g.status as TMessageStatus] = g._count._all;
    counts.total += g._count._all;
  }
  return {
    data: {
      Results: rows.map((r) => ({
        ID: r.id,
        userId: r.userId,
        name: (r.userId !== null && names.get(r.userId)) || r.address,
        // Text columns the ledger fills with these words only; the answer's schema refuses any other.
        channel: r.channel as TMessageChannel,
        address: r.address,
        status: r.status as TMessageStatus,
        error: r.error ? (OWN_REASONS.has(r.error) ? ctx.t(`delivery.reason.${r.error}`) : r.error) : null,
        permanent: r.permanent,
        attempts: r.attempts,
        sentAt: when(r.sentAt),
        deliveredAt: when(r.deliveredAt),
        readAt: when(r.readAt),
        failedAt: when(r.failedAt),
        fallbackOf: r.fallbackOf,
        reminder: r.source === FOLLOWUP_SOURCE,
        // Waiting for its time: the end of the school's quiet hours, or a date it was given.
        heldUntil: r.status === "queued" && r.notBefore > new Date() ? formatDateTime(r.notBefore) : null,
      })),
      RowCount: count,
      PageCount: Math.max(1, Math.ceil(count / PageSize)),
      counts,
      notification: {
        ID: n.id,
        name: n.name,
        status: n.status,
        run: n.run,
        nextRunAt: when(n.nextRunAt),
        recipients: n.recipients,
        total: n.total,
        sent: n.sent,
        read: n.read,
        failed: n.failed,
        canPause: pausable(n),
        canResume: resumable(n),
      },
    },
  };
}

/**
 * POST admNotification/{id}/retry: the messages of the current run that failed in a way a retry can mend (they ran out
 * of attempts) go out again, one attempt more each; those refused for good (an invalid number, a bounced address: the
 * same send would be refused again, and any fallback has been queued) stay failed. A row keeps its first failure's
 * time and its count of attempts, so that the ledger says how long and how often it was tried.
 */
async function retryFailed(ctx: AuthedContext & { params: TNotificationParams }): Promise<Reply<z.input<typeof ZDeliveryRetryAnswer>>> {
  const count = await ctx.db.$transaction(async (tx) => {
    const n = await tx.notification.findFirst({ where: { id: ctx.params.id } });
    if (!n) throw notFound();
    if (n.status === NOTIFICATION_STATUS.cancelled) throw new AppError(-409, "delivery.isPaused", 409);
    const retriable = await tx.message.updateManyAndReturn({
      where: { notificationId: n.id, run: n.run, status: "failed", permanent: false },
      data: { status: "queued", notBefore: new Date() },
      select: { id: true },
    });
    const queued = await requeue(tx, { id: { in: retriable.map((m) => m.id) } }, `retry${Date.now()}`);
    await refreshSending(tx, n.id);
    await audit(tx, ctx, "admNotification", "edit", n.id);
    return queued;
  });
  return { data: { count }, msgKey: "delivery.retried", msgValues: { count } };
}

/** POST admNotification/{id}/pause: nothing more goes out (messages already with a provider go on) until resumed. */
async function pause(ctx: AuthedContext & { params: TNotificationParams }): Promise<Reply<z.input<typeof ZDeliveryStatusAnswer>>> {
  await ctx.db.$transaction(async (tx) => {
    const n = await tx.notification.findFirst({ where: { id: ctx.params.id } });
    if (!n) throw notFound();
    if (!pausable(n)) throw new AppError(-409, "delivery.notPausable", 409);
    await tx.notification.updateMany({ where: { id: n.id }, data: { status: NOTIFICATION_STATUS.cancelled } });
    await refreshSending(tx, n.id);
    await audit(tx, ctx, "admNotification", "edit", n.id);
  });
  return { data: { status: NOTIFICATION_STATUS.cancelled }, msgKey: "delivery.pausedNow" };
}

/**
 * POST admNotification/{id}/resume: a paused notification picks up where it stopped — its waiting messages are queued
 * again, and a run (or the next recurrence) that came due while paused is queued for now.
 */
async function resume(ctx: AuthedContext & { params: TNotificationParams }): Promise<Reply<z.input<typeof ZDeliveryStatusAnswer>>> {
  const status = await ctx.db.$transaction(async (tx) => {
    const n = await tx.notification.findFirst({ where: { id: ctx.params.id } });
    if (!n) throw notFound();
    if (!resumable(n) || !n.scheduledAt) throw new AppError(-409, "delivery.notPaused", 409);
    const tag = `:resume${Date.now()}`;
    const started = (await tx.message.count({ where: { notificationId: n.id, run: n.run } })) > 0;
    const now = new Date();
    const later = (d: Date | null) => (d && d > now ? d : now);
    if (!started) {
      await tx.notification.updateMany({ where: { id: n.id }, data: { status: NOTIFICATION_STATUS.ready } });
      await queueRun(tx, tenantOf(tx), { id: n.id, scheduledAt: n.scheduledAt }, n.run, later(n.nextRunAt ?? n.sendOn), tag);
      return NOTIFICATION_STATUS.ready;
    }
    await tx.notification.updateMany({ where: { id: n.id }, data: { status: NOTIFICATION_STATUS.sending } });
    await requeue(tx, { notificationId: n.id, run: n.run }, tag);
    if (n.nextRunAt) await queueRun(tx, tenantOf(tx), { id: n.id, scheduledAt: n.scheduledAt }, n.run + 1, later(n.nextRunAt), tag);
    await refreshSending(tx, n.id);
    await audit(tx, ctx, "admNotification", "edit", n.id);
    return (await tx.notification.findFirstOrThrow({ where: { id: n.id }, select: { status: true } })).status;
  });
  return { data: { status }, msgKey: "delivery.resumed" };
}

/** The notification's delivery: its ledger, retry, pause and resume. */
export const DELIVERY_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admNotification/{id}/messages",
    auth: "user",
    module: "admNotification",
    params: ZNotificationParams,
    query: ZDeliveryMessagesQuery,
    answer: ZDeliveryAnswer,
    handler: listMessages,
  }),
  authedRoute({
    method: "POST",
    path: "admNotification/{id}/retry",
    auth: "user",
    module: "admNotification",
    params: ZNotificationParams,
    answer: ZDeliveryRetryAnswer,
    handler: retryFailed,
  }),
  authedRoute({
    method: "POST",
    path: "admNotification/{id}/pause",
    auth: "user",
    module: "admNotification",
    params: ZNotificationParams,
    answer: ZDeliveryStatusAnswer,
    handler: pause,
  }),
  authedRoute({
    method: "POST",
    path: "admNotification/{id}/resume",
    auth: "user",
    module: "admNotification",
    params: ZNotificationParams,
    answer: ZDeliveryStatusAnswer,
    handler: resume,
  }),
];
