import { createHash } from "node:crypto";
import type { Db, Prisma } from "@pizarra/db";
import pg from "pg";
import type PgBoss from "pg-boss";
import { z } from "zod";
import { env } from "../env.ts";
import { currentRequestId, type LogContext, log, logContext } from "../log.ts";

/**
 * The job queue (pg-boss, on the application's own PostgreSQL, schema `pgboss`). Requests only enqueue, inside their
 * own transaction, so a job exists exactly when the change that asked for it was committed; the worker process
 * (`worker.ts`) runs them. Each domain declares its jobs in its `jobs.ts` (`declareJob`); this file is the mechanism.
 */

/**
 * What a job is to the code that queues it: its queue's name and the payload it carries, declared beside that code.
 * A payload that does not parse is refused when queued and dropped when run.
 */
export interface JobKind<T> {
  readonly name: string;
  readonly payload: z.ZodType<T>;
}

export function jobKind<T>(name: string, payload: z.ZodType<T>): JobKind<T> {
  return { name, payload };
}

/** A record's id in a job's payload. */
export const ZJobId = z.number().int().positive();

/** What the queue does with a job kind: pg-boss's queue settings, and how the worker takes its jobs. */
export interface QueuePolicy {
  policy?: "standard" | "singleton";
  retryLimit: number;
  /** Seconds before the first retry; with retryBackoff pg-boss doubles it each time. */
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds: number;
  /** Jobs handed to one run of the handler. */
  batchSize: number;
  pollingIntervalSeconds: number;
}

/** A job as its handler gets it: its payload parsed. */
export interface QueuedJob<T> {
  id: string;
  data: T;
}

export interface JobDeclaration<T> {
  job: JobKind<T>;
  /** Read when the worker starts (some settings come from its environment). */
  policy: () => QueuePolicy;
  /** Runs a batch of jobs; those whose ids it hands to `retry` run again later (the queue's retry and backoff). */
  run: (system: Db, jobs: QueuedJob<T>[], retry: (ids: string[]) => void) => Promise<void>;
  /** A job that runs on a clock (pg-boss's cron schedule), and whose `atStart` runs when a worker starts. */
  schedule?: {
    cron: string;
    atStart: (system: Db) => Promise<void>;
    /** One more run this many seconds after the start, besides the clock's. */
    againAfterSeconds?: () => number;
  };
}

/**
 * Where a queued job's payload carries the id of the request that queued it (or of the job whose run did): the worker's
 * lines for the job carry it too. Payload schemas do not name it, so the payload the handler gets is without it.
 */
const REQUEST_ID = "_reqId";

/** The requests a batch of jobs came from, and its school when it is one, as the worker's lines for it show them. */
function jobContext(name: string, jobs: { data: unknown }[]): LogContext {
  const field = (key: string) => [...new Set(jobs.map(({ data }) => (data as Record<string, unknown> | null)?.[key]).filter((v) => v !== undefined))];
  const reqIds = field(REQUEST_ID).filter((id): id is string => typeof id === "string");
  const tenants = field("tenantId");
  return {
    job: name,
    ...(reqIds.length === 1 ? { reqId: reqIds[0] } : reqIds.length > 1 ? { reqIds } : {}),
    ...(tenants.length === 1 && typeof tenants[0] === "number" ? { tenantId: tenants[0] } : {}),
  };
}

/** A declared job as the worker takes it, whatever its payload's type. */
export interface DeclaredJob {
  name: string;
  policy: () => QueuePolicy;
  schedule?: JobDeclaration<unknown>["schedule"];
  /** Parses each job's payload and runs the handler with those that parse; answers the ids to run again. */
  runBatch: (system: Db, jobs: { id: string; data: unknown }[]) => Promise<string[]>;
}

export function declareJob<T>(declaration: JobDeclaration<T>): DeclaredJob {
  const { job, policy, run, schedule } = declaration;
  return {
    name: job.name,
    policy,
    schedule,
    runBatch: (system, jobs) =>
      logContext.run(jobContext(job.name, jobs), async () => {
        const parsed: QueuedJob<T>[] = [];
        for (const { id, data } of jobs) {
          const payload = job.payload.safeParse(data);
          // A payload no retry can mend (queued by an older version, or written by hand) is dropped, never guessed at.
          if (payload.success) parsed.push({ id, data: payload.data });
          else log().warn({ jobId: id, issue: payload.error.issues[0]?.message }, "job dropped: its payload does not parse");
        }
        const started = performance.now();
        const again: string[] = [];
        if (parsed.length) await run(system, parsed, (ids) => again.push(...ids));
        log().debug({ jobs: parsed.length, again: again.length, ms: Math.round(performance.now() - started) }, "jobs run");
        return again;
      }),
  };
}

/** The worker's queue client, once started. */
let started: PgBoss | undefined;

/** The worker's queue client: it fetches and completes jobs, and does pg-boss's maintenance. */
export async function startBoss(jobs: DeclaredJob[], connectionString = env().DATABASE_URL): Promise<PgBoss> {
  const { default: Boss } = await import("pg-boss");
  const instance = new Boss({ connectionString, max: 4, migrate: true, maintenanceIntervalSeconds: 30 });
  instance.on("error", (error) => log().error({ err: error }, "job queue error"));
  await instance.start();
  for (const job of jobs) {
    const { batchSize, pollingIntervalSeconds, policy = "standard", ...settings } = job.policy();
    const queue = { name: job.name, policy, ...settings };
    if (await instance.getQueue(job.name)) await instance.updateQueue(job.name, queue);
    else await instance.createQueue(job.name, queue);
  }
  started = instance;
  return instance;
}

/** Takes a declared job's jobs from the queue, batch by batch as its policy says; those its handler answers go back for a retry. */
export async function work(boss: PgBoss, system: Db, job: DeclaredJob): Promise<void> {
  const { batchSize, pollingIntervalSeconds } = job.policy();
  await boss.work(job.name, { batchSize, pollingIntervalSeconds }, async (batch) => {
    const retry = await job.runBatch(system, batch);
    if (retry.length) await boss.fail(job.name, retry);
  });
}

/**
 * Requests enqueue with pg-boss's own statements on their own transaction: this client is never started, it only
 * writes those statements (no pool, no connection of its own). It is loaded by the first request that queues a job.
 */
let writer: Promise<PgBoss> | undefined;
const writerClient = () => (writer ??= import("pg-boss").then(({ default: Boss }) => new Boss({ connectionString: "postgres://unused/unused" })));

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

export interface JobRequest<T> {
  data: T;
  /** Makes the job's id: queuing the same key again does nothing while the job is kept. */
  key: string;
  startAfter?: Date;
  /** The request the job is queued for: the one running now unless said (a gatherer queues for several). */
  reqId?: string;
}

/**
 * Queues jobs of one kind on a transaction (one statement per thousand). A payload that does not parse is a bug of the
 * caller: it is refused, and with it the transaction, rather than left for the worker to drop.
 */
export async function enqueue<T>(tx: Sql, kind: JobKind<T>, jobs: JobRequest<T>[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((j) => {
    const payload = kind.payload.safeParse(j.data);
    if (!payload.success) throw new Error(`Job ${kind.name} refused: its payload does not parse (${payload.error.issues[0]?.message})`);
    // pg-boss types a payload as an object; the schemas of queued kinds are objects.
    const reqId = j.reqId ?? currentRequestId();
    return { id: jobId(j.key), name: kind.name, data: { ...(payload.data as object), ...(reqId ? { [REQUEST_ID]: reqId } : {}) }, startAfter: j.startAfter };
  });
  const queue = await writerClient();
  for (let i = 0; i < rows.length; i += 1000) await queue.insert(rows.slice(i, i + 1000), { db: onTransaction(tx) });
}

/**
 * Which of these jobs of a kind still wait (created, retry) or run (active, started less than `runningFor` seconds
 * ago), asked through pg-boss's API: a job that ended, or is gone, is not among them. On the worker's client, whose
 * pool reads pg-boss's own column types (Prisma's raw queries refuse its enum).
 */
export async function pendingJobs<T>(kind: JobKind<T>, ids: string[], runningFor = Number.POSITIVE_INFINITY): Promise<Set<string>> {
  if (!started) throw new Error("pendingJobs needs the worker's queue client: startBoss first");
  const pending = new Set<string>();
  for (const id of new Set(ids)) {
    const job = await started.getJobById(kind.name, id, { includeArchive: false });
    const running = job?.state === "active" && Date.now() - new Date(job.startedOn).getTime() < runningFor * 1000;
    if (job?.state === "created" || job?.state === "retry" || running) pending.add(id);
  }
  return pending;
}

/**
 * Queues jobs that come a few at a time but a hundred times a second, each with its own request (Meta's statuses while
 * a notification goes out): the calls of the next `ms` are queued together, one statement and one commit, and each
 * caller is answered once its jobs are stored. A commit waits for its log to reach the disk: one per webhook held the
 * web app's connections on the disk while a send's statuses came in, and the teachers' requests waited for those
 * connections (the grade sheet's p95 at 10 clients, 322 ms before a send, went past 1.6 s during it).
 */
export function gatherer<T>(kind: JobKind<T>, ms: number): (db: Sql, jobs: JobRequest<T>[]) => Promise<void> {
  let waiting: { jobs: JobRequest<T>[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const flush = async (db: Sql) => {
    const batch = waiting;
    waiting = [];
    // A status Meta sent twice within the window is one job, as it would be one when queued apart.
    const jobs = new Map(batch.flatMap((call) => call.jobs).map((job) => [job.key, job]));
    try {
      await enqueue(db, kind, [...jobs.values()]);
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
          // Each call's jobs keep its own request: the window's timer runs in the first call's.
          const reqId = currentRequestId();
          if (waiting.push({ jobs: jobs.map((job) => ({ reqId, ...job })), resolve, reject }) === 1) setTimeout(() => void flush(db), ms);
        });
}

/** How a queue stands: its jobs waiting (to run or to retry, due or not) and running, and how long the first due one has waited. */
export interface QueueFigures {
  name: string;
  waiting: number;
  active: number;
  oldestWaitingSeconds: number;
}

/** The one connection the queue's figures peek on (see queueFigures); it lets the process exit while idle. */
let peekPool: pg.Pool | undefined;

/**
 * The figures of some queues, through pg-boss's API only (this is the one function that reads how the queue stands).
 * Its counts come from getQueueSize. It has no call that reads a waiting job without taking it, so the job first in
 * line is taken (fetch, the same statement a worker runs) inside a transaction that is rolled back: no job changes,
 * and a worker fetching meanwhile skips that one job for the instant (SKIP LOCKED). How long it has waited is counted
 * from when it was due (its start, or its retry).
 */
export async function queueFigures(boss: PgBoss, names: string[]): Promise<QueueFigures[]> {
  peekPool ??= new pg.Pool({ connectionString: env().DATABASE_URL, max: 1, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  const figures: QueueFigures[] = [];
  for (const name of names) {
    const waiting = await boss.getQueueSize(name);
    const notEnded = await boss.getQueueSize(name, { before: "completed" });
    const client = await peekPool.connect();
    let first: PgBoss.JobWithMetadata | undefined;
    try {
      await client.query("BEGIN");
      [first] = await boss.fetch(name, { batchSize: 1, includeMetadata: true, db: { executeSql: (text, values) => client.query(text, values) } });
    } finally {
      await client.query("ROLLBACK").finally(() => client.release());
    }
    const oldestWaitingSeconds = first ? Math.max(0, (Date.now() - new Date(first.startAfter).getTime()) / 1000) : 0;
    figures.push({ name, waiting, active: notEnded - waiting, oldestWaitingSeconds });
  }
  return figures;
}
