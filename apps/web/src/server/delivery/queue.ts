import { createHash } from "node:crypto";
import type { Prisma } from "@pizarra/db";
import type PgBoss from "pg-boss";
import { env } from "../env.ts";

/**
 * The job queue (pg-boss, on the application's own PostgreSQL, schema `pgboss`). Requests only enqueue, inside their
 * own transaction, so a job exists exactly when the change that asked for it was committed; the worker process
 * (`worker.ts`) runs them.
 */
export const JOBS = {
  /** Expands a notification's audience into ledger rows for one run and queues their sends. */
  notificationRun: "notification-run",
  /** Sends one ledger row. */
  messageSend: "message-send",
  /** Every minute: messages whose worker died mid-send go back to the queue. */
  ledgerRecovery: "ledger-recovery",
  /** A notification's counters and status from its ledger: at most one every two seconds while messages move. */
  notificationRefresh: "notification-refresh",
  /** A reminder round of a flow sent by a notification, to those who have not answered it. */
  flowFollowup: "flow-followup",
  /** A WhatsApp status callback (sent, delivered, read, failed), checked and queued by the webhook. */
  whatsappStatus: "whatsapp-status",
  /** An absence alert, once its attendance type's delay has passed: sent unless the mark was changed back meanwhile. */
  attendanceAlert: "attendance-alert",
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/**
 * Retries with exponential backoff (pg-boss doubles the delay each time): 10 s, 20 s, 40 s … for transient failures
 * (a send's first delay is WORKER_RETRY_SECONDS). The migration 20261126000100_job_queue creates the schema and these
 * queues; the worker keeps their settings as here.
 */
const queues = (): PgBoss.Queue[] => [
  { name: JOBS.notificationRun, policy: "standard", retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  { name: JOBS.messageSend, policy: "standard", retryLimit: 6, retryDelay: env().WORKER_RETRY_SECONDS, retryBackoff: true, expireInSeconds: 120 },
  // One recovery at a time; one held by a worker that died expires soon, so that the next can run.
  { name: JOBS.ledgerRecovery, policy: "singleton", retryLimit: 0, expireInSeconds: 15 },
  { name: JOBS.notificationRefresh, policy: "standard", retryLimit: 3, retryDelay: 2, expireInSeconds: 60 },
  { name: JOBS.flowFollowup, policy: "standard", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
  { name: JOBS.whatsappStatus, policy: "standard", retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  { name: JOBS.attendanceAlert, policy: "standard", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
];

/** The worker's queue client: it fetches and completes jobs, and does pg-boss's maintenance. */
export async function startBoss(connectionString = env().DATABASE_URL): Promise<PgBoss> {
  const { default: Boss } = await import("pg-boss");
  const instance = new Boss({ connectionString, max: 4, migrate: true, maintenanceIntervalSeconds: 30 });
  instance.on("error", (error) => console.error("Job queue error", error));
  await instance.start();
  for (const queue of queues()) {
    if (await instance.getQueue(queue.name)) await instance.updateQueue(queue.name, queue);
    else await instance.createQueue(queue.name, queue);
  }
  return instance;
}

/**
 * Requests enqueue with pg-boss's own statements on their own transaction: this client is never started, it only
 * writes those statements (no pool, no connection of its own). It is loaded by the first request that queues a job.
 */
let writer: Promise<PgBoss> | undefined;

/** A job id made from a key: the same key is the same job, so a job queued twice (a retried request) exists once. */
export function jobId(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** A transaction, or a client outside one (the job is then committed on its own). */
type Sql = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/** pg-boss's statements run on the caller's transaction: the job is committed, or rolled back, with the change. */
function onTransaction(tx: Sql): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const params = values.map((v) => (v === undefined ? null : v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v));
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...params) };
    },
  };
}

export interface JobRequest {
  name: JobName;
  data: object;
  /** Makes the job's id: queuing the same key again does nothing while the job is kept. */
  key: string;
  startAfter?: Date;
}

/** Queues jobs on a transaction (one statement whatever their number). */
export async function enqueue(tx: Sql, jobs: JobRequest[]): Promise<void> {
  if (jobs.length === 0) return;
  const queue = await (writer ??= import("pg-boss").then(({ default: Boss }) => new Boss({ connectionString: "postgres://unused/unused" })));
  for (let i = 0; i < jobs.length; i += 1000) {
    await queue.insert(
      jobs.slice(i, i + 1000).map((j) => ({ id: jobId(j.key), name: j.name, data: j.data, startAfter: j.startAfter })),
      { db: onTransaction(tx) },
    );
  }
}

/**
 * Queues jobs that come a few at a time but a hundred times a second, each with its own request (Meta's statuses while
 * a notification goes out): the calls of the next `ms` are queued together, one statement and one commit, and each
 * caller is answered once its jobs are stored. A commit waits for its log to reach the disk: one per webhook held the
 * web app's connections on the disk while a send's statuses came in, and the teachers' requests waited for those
 * connections (the grade sheet's p95 at 10 clients, 322 ms before a send, went past 1.6 s during it).
 */
export function gatherer(ms: number): (db: Sql, jobs: JobRequest[]) => Promise<void> {
  let waiting: { jobs: JobRequest[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const flush = async (db: Sql) => {
    const batch = waiting;
    waiting = [];
    // A status Meta sent twice within the window is one job, as it would be one when queued apart.
    const jobs = new Map(batch.flatMap((call) => call.jobs).map((job) => [job.key, job]));
    try {
      await enqueue(db, [...jobs.values()]);
      for (const call of batch) call.resolve();
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
  };
  return (db, jobs) =>
    jobs.length === 0
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          // The first call of a window opens it.
          if (waiting.push({ jobs, resolve, reject }) === 1) setTimeout(() => void flush(db), ms);
        });
}
