import { forTenant } from "@pizarra/db";
import { z } from "zod";
import { MESSAGE_SEND, NOTIFICATION_REFRESH, SEND_CHUNK } from "../../delivery/ledger.ts";
import { type DeclaredJob, declareJob, jobKind } from "../../delivery/queue.ts";
import { recoverStale, sendBatch } from "../../delivery/send-message.ts";
import { env } from "../../env.ts";
import { log } from "../../log.ts";
import { FLOW_FOLLOWUP, runFollowup } from "./flow-followups.ts";
import { NOTIFICATION_RUN, queueMissingRuns, refreshSending, runNotification } from "./run-notification.ts";

/**
 * Every minute: messages whose worker died mid-send go back to the queue, and runs that lost their job get one. Only
 * the worker queues it (its schedule), so its kind is declared here.
 */
const LEDGER_RECOVERY = jobKind("ledger-recovery", z.object({}).nullish());

/**
 * The jobs of sending: a notification's runs and their follow-ups, and the delivery ledger's own (sends, counters,
 * recovery), whose code lives in delivery/ but which only notifications' sends and callbacks set moving. Retries back
 * off exponentially (pg-boss doubles the delay each time: 10 s, 20 s, 40 s …) for transient failures; a send's first
 * delay is WORKER_RETRY_SECONDS.
 */
export const NOTIFICATIONS_JOBS: DeclaredJob[] = [
  declareJob({
    job: NOTIFICATION_RUN,
    policy: () => ({ retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60, batchSize: 1, pollingIntervalSeconds: 1 }),
    run: async (system, jobs) => {
      for (const job of jobs) await runNotification(system, job.data);
    },
  }),
  declareJob({
    job: MESSAGE_SEND,
    // A batch is about WORKER_CONCURRENCY messages, sent side by side at the worker's pace (sendBatch).
    policy: () => ({
      retryLimit: 6,
      retryDelay: env().WORKER_RETRY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 120,
      batchSize: Math.max(1, Math.round(env().WORKER_CONCURRENCY / SEND_CHUNK)),
      pollingIntervalSeconds: 0.5,
    }),
    run: async (system, jobs, retry) => retry(await sendBatch(system, jobs)),
  }),
  declareJob({
    job: NOTIFICATION_REFRESH,
    policy: () => ({ retryLimit: 3, retryDelay: 2, expireInSeconds: 60, batchSize: 10, pollingIntervalSeconds: 1 }),
    run: async (system, jobs) => {
      const unique = new Map(jobs.map((job) => [`${job.data.tenantId}:${job.data.id}`, job.data]));
      for (const { tenantId, id } of unique.values()) await refreshSending(forTenant(system, tenantId), id);
    },
  }),
  declareJob({
    job: FLOW_FOLLOWUP,
    policy: () => ({ retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60, batchSize: 1, pollingIntervalSeconds: 2 }),
    run: async (system, jobs) => {
      for (const job of jobs) await runFollowup(system, job.data);
    },
  }),
  declareJob({
    job: LEDGER_RECOVERY,
    // One recovery at a time; one held by a worker that died expires soon, so that the next can run.
    policy: () => ({ policy: "singleton", retryLimit: 0, expireInSeconds: 15, batchSize: 1, pollingIntervalSeconds: 2 }),
    run: async (system) => {
      await recoverStale(system);
      await queueMissingRuns(system);
    },
    schedule: {
      cron: "* * * * *",
      atStart: async (system) => {
        const recovered = await recoverStale(system);
        if (recovered) log().info({ recovered }, "messages of a stopped worker queued again");
        await queueMissingRuns(system);
      },
      // A worker that died just now holds its messages for one more lease: look again as soon as it ends.
      againAfterSeconds: () => env().WORKER_LEASE_SECONDS + 1,
    },
  }),
];
