import { type DeclaredJob, declareJob } from "../../delivery/queue.ts";
import { applyStatuses, WHATSAPP_STATUS } from "./status-job.ts";

export const WHATSAPP_JOBS: DeclaredJob[] = [
  declareJob({
    job: WHATSAPP_STATUS,
    // Statuses come by the thousand while a notification goes out: a large batch is two statements (recordProgress).
    policy: () => ({ retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, batchSize: 200, pollingIntervalSeconds: 0.5 }),
    run: (system, jobs) =>
      applyStatuses(
        system,
        jobs.map((job) => job.data),
      ),
  }),
];
