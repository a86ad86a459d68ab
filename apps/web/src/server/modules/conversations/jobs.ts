import { type DeclaredJob, declareJob } from "../../delivery/queue.ts";
import { considerMessage, type Decide } from "./assistant-job.ts";
import { CONVERSATION_ASSISTANT, CONVERSATION_INBOUND, fileInbound } from "./inbound.ts";

/** Until the school's assistant is in place every message goes to a person, as with no answer at hand. */
const handOverAll: Decide = async () => ({ action: "handover", reason: "unanswered" });

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
      await Promise.all(jobs.map((job) => considerMessage(system, handOverAll, job.data)));
    },
  }),
];
