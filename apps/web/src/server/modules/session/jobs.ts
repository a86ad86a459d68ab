import { type DeclaredJob, declareJob } from "../../delivery/queue.ts";
import { PHONE_PIN } from "./pin.ts";
import { sendPin } from "./pin-job.ts";
import { SIGN_IN_SWEEP, sweepSignIn } from "./sweep.ts";

export const SESSION_JOBS: DeclaredJob[] = [
  declareJob({
    job: PHONE_PIN,
    // A person waits for it with the page open: polled often, retried soon; past its few minutes the PIN is dead anyway.
    policy: () => ({ retryLimit: 4, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, batchSize: 10, pollingIntervalSeconds: 0.5 }),
    run: async (system, jobs, retry) => {
      for (const job of jobs) if ((await sendPin(system, job.data.pinId)) === "retry") retry([job.id]);
    },
  }),
  declareJob({
    job: SIGN_IN_SWEEP,
    policy: () => ({ policy: "singleton", retryLimit: 0, expireInSeconds: 60, batchSize: 1, pollingIntervalSeconds: 30 }),
    run: async (system) => {
      await sweepSignIn(system);
    },
    // Hourly, and once when a worker starts.
    schedule: {
      cron: "23 * * * *",
      atStart: async (system) => {
        await sweepSignIn(system);
      },
    },
  }),
];
