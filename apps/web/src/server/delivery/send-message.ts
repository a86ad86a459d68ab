import { NOTIFICATION_STATUS } from "@pizarra/contracts";
import { type Db, forTenant, type MessageModel } from "@pizarra/db";
import type { ChannelName, Outgoing, WhatsAppTemplate } from "../channels/channel.ts";
import { CHANNEL_BY_NAME } from "../channels/registry.ts";
import { mailSenderOf } from "../channels/mail.ts";
import { whatsappNumberOf } from "../channels/whatsapp.ts";
import { env } from "../env.ts";
import type { Locale } from "../i18n.ts";
import { log, loggable } from "../log.ts";
import { metrics } from "../metrics.ts";
import { aboutPairs, readRecipients, stillToldAbout } from "./guardians.ts";
import { fallBack, MESSAGE_SEND, refreshSoon, requeue, type SendJob } from "./ledger.ts";
import { pendingJobs, type QueuedJob } from "./queue.ts";
import { unsubscribeUrl } from "./unsubscribe-link.ts";

/** Transient failures are retried (with the queue's backoff) up to this many attempts; then the row fails. */
export const MAX_ATTEMPTS = 6;

/** Thrown to have the queue retry the job later: the provider failed in a way that may mend. */
export class TransientFailure extends Error {}

/** A claimed row, and why it may no longer go out: its person left (or was deleted), or opted out of its channel since. */
export type Claimed = MessageModel & { withdrawn: "inactive" | "optedOut" | "unlinked" | null };

/**
 * Claims the ledger rows of a batch of jobs for sending, one statement per school: a row is taken when queued (or held
 * by a worker whose lease ran out), due, and not of a paused notification, so two workers handed the same job, or a job
 * run again after some of its rows went out, send each row once. Rows not taken (sent meanwhile, paused, not yet due)
 * are simply not returned. Their people are read again as every sender reads them: a row written before its person
 * was deactivated or unsubscribed (held by quiet hours, a notice's date, a retry) is withdrawn rather than sent.
 */
export async function claimMessages(system: Db, jobs: SendJob[]): Promise<Claimed[]> {
  const byTenant = new Map<number, number[]>();
  for (const job of jobs) byTenant.set(job.tenantId, [...(byTenant.get(job.tenantId) ?? []), ...job.ids]);
  const now = new Date();
  const claimed = await Promise.all(
    [...byTenant].map(async ([tenantId, ids]) => {
      const db = forTenant(system, tenantId);
      const rows = await db.message.updateManyAndReturn({
        where: {
          id: { in: ids },
          notBefore: { lte: now },
          AND: [
            { OR: [{ status: "queued" }, { status: "sending", lockedUntil: { lt: now } }] },
            { OR: [{ notificationId: null }, { notification: { status: { not: 4 } } }] },
          ],
        },
        data: { status: "sending", lockedUntil: new Date(now.getTime() + env().WORKER_LEASE_SECONDS * 1000), attempts: { increment: 1 } },
      });
      const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
      const [people, told] = await Promise.all([
        userIds.length ? readRecipients(db, { people: { id: { in: userIds } } }).then((found) => new Map(found.map((p) => [p.id, p]))) : new Map(),
        stillToldAbout(db, aboutPairs(rows)),
      ]);
      return rows.map((row): Claimed => {
        const person = row.userId === null ? null : people.get(row.userId);
        const withdrawn =
          person === undefined
            ? "inactive"
            : person && !person.channels.includes(row.channel as ChannelName)
              ? "optedOut"
              : row.aboutId !== null && !told.has(`${row.userId}:${row.aboutId}`)
                ? "unlinked"
                : null;
        return { ...row, withdrawn };
      });
    }),
  );
  return claimed.flat();
}

/** How long a sent message may wait to be written down, and how many wait at most: a few statements a second, not one a message. */
const RECORD_EVERY_MS = 50;
const RECORD_AT_MOST = 25;

/**
 * Writes down the messages a provider took, a few at a time in one statement: a callback that got there first (a
 * WhatsApp "delivered" matched by the row's key) keeps its status; the provider's id and the time are recorded all the
 * same. A worker killed in between sends those few again on recovery, under the same key (and Message-ID).
 */
export class SentLog {
  private rows: { id: number; tenantId: number; pid: string; at: string }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly system: Db) {}

  add(row: MessageModel, providerId: string): void {
    this.rows.push({ id: row.id, tenantId: row.tenantId, pid: providerId, at: new Date().toISOString() });
    if (this.rows.length >= RECORD_AT_MOST) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), RECORD_EVERY_MS);
  }

  /** Writes what waits; resolves once everything added so far is written. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.rows.splice(0);
    if (rows.length) {
      this.writing = this.writing.then(() =>
        this.system
          .$executeRawUnsafe(
            `UPDATE "Message" m SET
             status = CASE WHEN m.status = 'sending' THEN 'sent' ELSE m.status END,
             "providerId" = v.pid, "sentAt" = COALESCE(m."sentAt", v.at), error = NULL, "lockedUntil" = NULL, "updatedAt" = now()
           FROM jsonb_to_recordset($1::jsonb) AS v(id int, "tenantId" int, pid text, at timestamptz)
           WHERE m.id = v.id AND m."tenantId" = v."tenantId"`,
            JSON.stringify(rows),
          )
          .then(() => {}),
      );
    }
    return this.writing;
  }
}

/**
 * Sends one claimed row through its channel. Taken: written down by `sent`. Refused: retried with the queue's backoff
 * (TransientFailure) until MAX_ATTEMPTS, or failed for good at once when no retry can mend it (a withdrawn row among
 * them), then handed to its fallback channel; a row retried by hand that fails again keeps its first failure's time. Returns the notification whose counters moved, if any.
 */
export async function deliver(system: Db, row: Claimed, sent: SentLog): Promise<number | null> {
  const channel = CHANNEL_BY_NAME[row.channel as keyof typeof CHANNEL_BY_NAME];
  const outcome = row.withdrawn
    ? { ok: false as const, permanent: true, error: row.withdrawn }
    : !row.address
      ? { ok: false as const, permanent: true, error: "noAddress" }
      : !channel.configured()
        ? { ok: false as const, permanent: false, error: "notConfigured" }
        : await toOutgoing(system, row)
            .then((message) => channel.send(message))
            .catch((error: Error) => ({ ok: false as const, permanent: false, error: error.message }));
  if (outcome.ok) {
    metrics.sends.inc({ channel: row.channel, outcome: "sent" });
    sent.add(row, outcome.providerId);
    return row.notificationId;
  }
  const db = forTenant(system, row.tenantId);
  const final = outcome.permanent || row.attempts >= MAX_ATTEMPTS;
  metrics.sends.inc({ channel: row.channel, outcome: final ? "failed" : "retry" });
  await db.$transaction(async (tx) => {
    const failed = await tx.message.update({
      where: { id: row.id },
      data: final
        ? { status: "failed", permanent: outcome.permanent, error: outcome.error.slice(0, 500), failedAt: row.failedAt ?? new Date(), lockedUntil: null }
        : { status: "queued", error: outcome.error.slice(0, 500), lockedUntil: null },
    });
    if (final && outcome.permanent) await fallBack(tx, failed);
  });
  if (!final) {
    if (row.notificationId !== null) await refreshSoon(db, row.notificationId);
    throw new TransientFailure(outcome.error);
  }
  return row.notificationId;
}

/**
 * The next moment a send may start on each channel: each keeps its steady pace (WORKER_SENDS_PER_SECOND) across
 * batches, since each provider limits its own (Meta's throughput is a WhatsApp number's, not the mail server's).
 */
const nextSlot = new Map<string, number>();
function paced(channel: string): Promise<void> {
  const now = Date.now();
  const slot = Math.max(now, nextSlot.get(channel) ?? 0);
  nextSlot.set(channel, slot + 1000 / env().WORKER_SENDS_PER_SECOND);
  return slot > now ? new Promise((resolve) => setTimeout(resolve, slot - now)) : Promise.resolve();
}

/**
 * Sends a batch of jobs (about WORKER_CONCURRENCY messages) side by side, at the worker's pace. A transient failure
 * fails only its own job: answered for the queue to run again with backoff, that run claims only its rows still
 * queued. The notifications touched get their counters once per batch rather than once per message.
 */
export async function sendBatch(system: Db, jobs: QueuedJob<SendJob>[]): Promise<string[]> {
  const claimed = await claimMessages(
    system,
    jobs.map((job) => job.data),
  );
  for (const row of claimed) inFlight.set(rowKey(row), row);
  const sentLog = new SentLog(system);
  // A row whose turn comes once the worker is stopping goes back to the queue instead: its job runs again elsewhere.
  const results = await Promise.allSettled(
    claimed.map((row) => paced(row.channel).then(() => (stopping ? giveBack(system, row) : deliver(system, row, sentLog)))),
  );
  await sentLog.flush();
  for (const row of claimed) inFlight.delete(rowKey(row));
  const retry = new Set<string>();
  const touched = new Map<string, { tenantId: number; id: number }>();
  results.forEach((result, i) => {
    const row = claimed[i]!;
    if (result.status === "rejected") {
      if (!(result.reason instanceof TransientFailure))
        log().error({ tenantId: row.tenantId, messageId: row.id, channel: row.channel, err: loggable(result.reason) }, "send failed");
      const job = jobs.find((j) => j.data.tenantId === row.tenantId && j.data.ids.includes(row.id));
      if (job) retry.add(job.id);
    } else if (result.value !== null) {
      touched.set(`${row.tenantId}:${result.value}`, { tenantId: row.tenantId, id: result.value });
    }
  });
  for (const { tenantId, id } of touched.values()) await refreshSoon(forTenant(system, tenantId), id);
  return [...retry];
}

/** The rows this worker has claimed and not yet written down (sent, failed or queued again), by school and id. */
const inFlight = new Map<string, Claimed>();
const rowKey = (row: MessageModel) => `${row.tenantId}:${row.id}`;
let stopping = false;

/** Rows claimed but not sent go back to the queue, as they were before the claim (the attempt not counted). */
async function release(system: Db, rows: MessageModel[]): Promise<number> {
  let count = 0;
  const byTenant = new Map<number, number[]>();
  for (const row of rows) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row.id]);
  for (const [tenantId, ids] of byTenant) {
    const { count: released } = await forTenant(system, tenantId).message.updateMany({
      where: { id: { in: ids }, status: "sending" },
      data: { status: "queued", lockedUntil: null, attempts: { decrement: 1 } },
    });
    count += released;
  }
  return count;
}

/** A row not sent because the worker is stopping: queued again, and its job answered for a retry (by another worker). */
async function giveBack(system: Db, row: MessageModel): Promise<never> {
  await release(system, [row]);
  throw new TransientFailure("the worker stopped before its turn");
}

/** From now on, rows whose turn comes go back to the queue unsent: the worker is stopping (worker.ts). */
export function stopSending(): void {
  stopping = true;
}

/**
 * What is still claimed once the worker's jobs have ended or been given up (a provider that did not answer within the
 * stop's grace period) goes back to the queue now, rather than wait a lease for recovery. A provider that took one of
 * them after all gets it again under the same key (and Message-ID), which it takes as the same message.
 */
export async function releaseClaimed(system: Db): Promise<number> {
  const rows = [...inFlight.values()];
  inFlight.clear();
  return rows.length ? release(system, rows) : 0;
}

/**
 * How long a worker keeps what it read of a school (its WhatsApp number and country, its mail sender) before reading
 * it again: a send of thousands reads it once, and a number or sender changed by an operator is used within this.
 */
const SCHOOL_TTL_MS = 60_000;

/** `load` of a school, read again once SCHOOL_TTL_MS has passed. */
function perSchool<T>(load: (system: Db, tenantId: number) => Promise<T>): (system: Db, tenantId: number) => Promise<T> {
  const known = new Map<number, { value: T; until: number }>();
  return async (system, tenantId) => {
    const kept = known.get(tenantId);
    if (kept && kept.until > Date.now()) return kept.value;
    const value = await load(system, tenantId);
    known.set(tenantId, { value, until: Date.now() + SCHOOL_TTL_MS });
    return value;
  };
}

/** The WhatsApp number a school sends from (whatsappNumberOf; null: it has none, and its messages are refused), and its country. */
const whatsappOf = perSchool(async (system, tenantId) => ({
  from: await whatsappNumberOf(system, tenantId),
  country: (await system.tenant.findUnique({ where: { id: tenantId }, select: { defaultCountry: true } }))?.defaultCountry ?? null,
}));

const senderOf = perSchool(mailSenderOf);

async function toOutgoing(system: Db, row: MessageModel): Promise<Outgoing> {
  return {
    id: row.id,
    key: row.key,
    tenantId: row.tenantId,
    userId: row.userId,
    address: row.address,
    replyTo: row.replyTo,
    locale: row.locale === "en" ? "en" : ("es" as Locale),
    subject: row.subject,
    text: row.text,
    html: row.html,
    template: (row.template as WhatsAppTemplate | null) ?? null,
    unsubscribe: row.channel === "mail" && row.userId !== null ? await unsubscribeUrl(row.tenantId, row.userId) : null,
    sender: row.channel === "mail" ? await senderOf(system, row.tenantId) : null,
    ...(row.channel === "whatsapp" ? await whatsappOf(system, row.tenantId) : { from: null }),
  };
}

/**
 * Messages whose worker died mid-send (their lease ran out while "sending") are queued again, school by school. Run
 * when a worker starts and every minute; the claim's lease check keeps a live worker's messages out of it.
 */
export async function recoverStale(system: Db): Promise<number> {
  const stale = await system.message.groupBy({ by: ["tenantId"], where: { status: "sending", lockedUntil: { lt: new Date() } } });
  let count = await requeueOrphans(system);
  for (const { tenantId } of stale) {
    const db = forTenant(system, tenantId);
    count += await db.$transaction(async (tx) => {
      const ids = (await tx.message.findMany({ where: { status: "sending", lockedUntil: { lt: new Date() } }, select: { id: true } })).map((m) => m.id);
      await tx.message.updateMany({ where: { id: { in: ids }, status: "sending" }, data: { status: "queued", lockedUntil: null } });
      return requeue(tx, { id: { in: ids } }, `recover${Date.now()}`);
    });
  }
  return count;
}

/**
 * Messages due for longer than a lease that are still queued but whose send job no longer waits (asked of the queue,
 * by the job id each row keeps): a worker that died after taking their jobs from the queue and before claiming them
 * (its sends wait for their turn at the worker's pace), a job lost with its queue. Each gets a new job; those of a
 * paused notification wait for its resume instead. Two recoveries that requeue the same row send it once all the same:
 * the claim takes a row once.
 */
async function requeueOrphans(system: Db): Promise<number> {
  const lease = env().WORKER_LEASE_SECONDS;
  const waiting = await system.message.findMany({
    where: {
      status: "queued",
      notBefore: { lt: new Date(Date.now() - lease * 1000) },
      OR: [{ notificationId: null }, { notification: { status: { not: NOTIFICATION_STATUS.cancelled } } }],
    },
    select: { id: true, tenantId: true, sendJob: true },
  });
  const carried = waiting.flatMap((m) => (m.sendJob ? [m.sendJob] : []));
  const pending = await pendingJobs(MESSAGE_SEND, carried, lease);
  const byTenant = new Map<number, number[]>();
  for (const o of waiting) if (!o.sendJob || !pending.has(o.sendJob)) byTenant.set(o.tenantId, [...(byTenant.get(o.tenantId) ?? []), o.id]);
  let count = 0;
  for (const [tenantId, ids] of byTenant) {
    count += await forTenant(system, tenantId).$transaction((tx) => requeue(tx, { id: { in: ids } }, `orphan${Date.now()}`));
  }
  return count;
}
