// The worker process (`pnpm worker`, started by `pnpm demo` beside the web app): runs the queued jobs — notification
// runs and recurrences, and every message's send. It is an entry of the web app's server code rather than a package of
// its own because a job needs exactly what a request needs (the tenant-scoped client, the recipients and templates of
// the publications domain, the channels, the catalogues of messages); a second package would import all of it anyway.
// Any number of workers may run at once: a job is taken by one (pg-boss, SKIP LOCKED) and a message is claimed by one
// (ledger lease), so nothing goes out twice.
import { createDb, forTenant } from "@pizarra/db";
import { claimMessages, deliver, recoverStale, type SendJob, SentLog, TransientFailure } from "./delivery/send-message.ts";
import { refreshSoon, SEND_CHUNK } from "./delivery/ledger.ts";
import { serveCallbacks } from "./http/callback-lane.ts";
import { Router } from "./http/router.ts";
import { JOBS, startBoss } from "./delivery/queue.ts";
import { env } from "./env.ts";
import { type AlertJob, runAlert } from "./modules/attendance/alerts.ts";
import { type FollowupJob, runFollowup } from "./modules/notifications/flow-followups.ts";
import { applyStatuses, type StatusUpdate } from "./modules/whatsapp/webhook.ts";
import { queueMissingRuns, refreshSending, type RunJob, runNotification } from "./modules/notifications/run-notification.ts";
import { yieldProcessor } from "./processor.ts";
import { PROVIDER_ROUTES } from "./provider-routes.ts";

// A teacher waiting on a page comes before a family's message a second later: on a machine shared with the web app the
// worker yields the processor to it (on a machine of its own this changes nothing).
yieldProcessor(5);

const concurrency = env().WORKER_CONCURRENCY;
// Sends mostly wait on providers; their two short statements each share a modest pool.
const system = createDb(env().DATABASE_URL, Math.min(20, Math.max(4, Math.ceil(concurrency / 5))));
const queue = await startBoss();

await queue.work<RunJob>(JOBS.notificationRun, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
  await runNotification(system, job!.data);
});

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
 * fails only its own job: the queue runs it again with backoff, and that run claims only its rows still queued. The
 * notifications touched get their counters once per batch rather than once per message.
 */
const sendBatch = Math.max(1, Math.round(concurrency / SEND_CHUNK));
await queue.work<SendJob>(JOBS.messageSend, { batchSize: sendBatch, pollingIntervalSeconds: 0.5 }, async (jobs) => {
  const claimed = await claimMessages(
    system,
    jobs.map((job) => job.data),
  );
  const log = new SentLog(system);
  const results = await Promise.allSettled(claimed.map((row) => paced(row.channel).then(() => deliver(system, row, log))));
  await log.flush();
  const retry = new Set<string>();
  const touched = new Map<string, { tenantId: number; id: number }>();
  results.forEach((result, i) => {
    const row = claimed[i]!;
    if (result.status === "rejected") {
      if (!(result.reason instanceof TransientFailure)) console.error("Send failed", { tenantId: row.tenantId, id: row.id }, result.reason);
      const job = jobs.find((j) => j.data.tenantId === row.tenantId && j.data.ids.includes(row.id));
      if (job) retry.add(job.id);
    } else if (result.value !== null) {
      touched.set(`${row.tenantId}:${result.value}`, { tenantId: row.tenantId, id: result.value });
    }
  });
  for (const { tenantId, id } of touched.values()) await refreshSoon(forTenant(system, tenantId), id);
  if (retry.size) await queue.fail(JOBS.messageSend, [...retry]);
});

await queue.work<{ tenantId: number; id: number }>(JOBS.notificationRefresh, { batchSize: 10, pollingIntervalSeconds: 1 }, async (jobs) => {
  const unique = new Map(jobs.map((job) => [`${job.data.tenantId}:${job.data.id}`, job.data]));
  for (const { tenantId, id } of unique.values()) await refreshSending(forTenant(system, tenantId), id);
});

await queue.work<FollowupJob>(JOBS.flowFollowup, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
  await runFollowup(system, job!.data);
});

await queue.work<StatusUpdate>(JOBS.whatsappStatus, { batchSize: 200, pollingIntervalSeconds: 0.5 }, async (jobs) => {
  await applyStatuses(
    system,
    jobs.map((job) => job.data),
  );
});

await queue.work<AlertJob>(JOBS.attendanceAlert, { batchSize: 20, pollingIntervalSeconds: 2 }, async (jobs) => {
  for (const job of jobs) await runAlert(system, job.data);
});

await queue.work(JOBS.ledgerRecovery, async () => {
  await recoverStale(system);
  await queueMissingRuns(system);
});
await queue.schedule(JOBS.ledgerRecovery, "* * * * *");
const recovered = await recoverStale(system);
if (recovered) console.log(`${recovered} messages of a stopped worker queued again.`);
await queueMissingRuns(system);
// A worker that died just now holds its messages for one more lease: look again as soon as it ends.
await queue.send(JOBS.ledgerRecovery, {}, { startAfter: env().WORKER_LEASE_SECONDS + 1 });

// The providers' callbacks, when this worker answers them (callback-lane.ts): Meta's statuses come with the sends.
const callbackPort = env().WORKER_CALLBACK_PORT;
const callbacks = callbackPort ? await serveCallbacks(new Router(PROVIDER_ROUTES), callbackPort, env().WORKER_CALLBACK_HOST) : null;
const answering = callbacks ? `; Meta's webhook on http://${env().WORKER_CALLBACK_HOST}:${callbackPort}/api/whatsapp/webhook` : "";
console.log(`Pizarra worker running (${concurrency} sends at a time${answering}). Ctrl+C stops it.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  callbacks?.close();
  await queue.stop({ graceful: true, timeout: 20_000, wait: true });
  await system.$disconnect();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
