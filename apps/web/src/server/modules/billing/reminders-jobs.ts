import { type DeclaredJob, declareJob } from "../../delivery/queue.ts";
import { PAY_REMINDER_SCAN, PAY_REMINDER_SEND, scanReminders, sendReminder } from "./reminders.ts";

/** Payment reminders (reminders.ts): the hourly scan of the schools that have them on, and each family's send. */
export const BILLING_REMINDER_JOBS: DeclaredJob[] = [
  declareJob({
    job: PAY_REMINDER_SCAN,
    // One scan at a time; its sends are keyed, so a scan run twice queues each once.
    policy: () => ({ policy: "singleton", retryLimit: 2, retryDelay: 60, expireInSeconds: 600, batchSize: 1, pollingIntervalSeconds: 30 }),
    run: async (system) => {
      await scanReminders(system);
    },
    // Hourly (a school's day begins at its own midnight), and once when a worker starts.
    schedule: {
      cron: "7 * * * *",
      atStart: async (system) => {
        await scanReminders(system);
      },
    },
  }),
  declareJob({
    job: PAY_REMINDER_SEND,
    policy: () => ({ retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300, batchSize: 10, pollingIntervalSeconds: 5 }),
    run: async (system, jobs) => {
      for (const job of jobs) await sendReminder(system, job.data);
    },
  }),
];
