import { type DeclaredJob, declareJob } from "../../delivery/queue.ts";
import { decide } from "./assistant/index.ts";
import { considerMessage } from "./assistant-job.ts";
import type { Db } from "@pizarra/db";
import { CONVERSATION_ASSISTANT, CONVERSATION_INBOUND, fileAtOnce, fileInbound } from "./inbound.ts";
import { CONVERSATION_SUMMARY, writeSummary } from "./summary-job.ts";

export const CONVERSATION_JOBS: DeclaredJob[] = [
  declareJob({
    job: CONVERSATION_INBOUND,
    policy: () => ({ retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 120, batchSize: 20, pollingIntervalSeconds: 0.5 }),
    run: async (system, jobs) => {
      for (const job of jobs) await fileInbound(system, job.data);
    },
  }),
  declareJob({
    job: CONVERSATION_ASSISTANT,
    policy: () => ({ retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120, batchSize: 10, pollingIntervalSeconds: 0.5 }),
    run: async (system, jobs) => {
      await Promise.all(jobs.map((job) => considerMessage(system, decide, job.data)));
    },
  }),
  declareJob({
    job: CONVERSATION_SUMMARY,
    policy: () => ({ retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300, batchSize: 5, pollingIntervalSeconds: 2 }),
    run: async (system, jobs) => {
      for (const job of jobs) await writeSummary(system, job.data);
    },
  }),
];

/** A worker's main thread: files and answers at once the families' messages its callback thread hands over (fileAtOnce). */
export const answerAtOnce = (system: Db, shared: Int32Array) => fileAtOnce(system, shared, (db, job) => considerMessage(db, decide, job));
