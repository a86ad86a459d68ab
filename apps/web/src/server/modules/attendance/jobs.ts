import { type DeclaredJob, declareJob } from "../../delivery/queue.ts";
import { ATTENDANCE_ALERT, runAlert } from "./alerts.ts";

export const ATTENDANCE_JOBS: DeclaredJob[] = [
  declareJob({
    job: ATTENDANCE_ALERT,
    policy: () => ({ retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300, batchSize: 20, pollingIntervalSeconds: 2 }),
    run: async (system, jobs) => {
      for (const job of jobs) await runAlert(system, job.data);
    },
  }),
];
