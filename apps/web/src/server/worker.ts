// The worker process (`pnpm worker`, started by `pnpm demo` beside the web app): runs the queued jobs — notification
// runs and recurrences, and every message's send. It is an entry of the web app's server code rather than a package of
// its own because a job needs exactly what a request needs (the tenant-scoped client, the recipients and templates of
// the publications domain, the channels, the catalogues of messages); a second package would import all of it anyway.
// Any number of workers may run at once: a job is taken by one (pg-boss, SKIP LOCKED) and a message is claimed by one
// (ledger lease), so nothing goes out twice.
import { Worker } from "node:worker_threads";
import { createDb } from "@pizarra/db";
import type { CallbackThreadData, FromCallbackThread, ToCallbackThread } from "./callback-thread.ts";
import { queueFigures, startBoss, work } from "./delivery/queue.ts";
import { releaseClaimed, stopSending } from "./delivery/send-message.ts";
import { env } from "./env.ts";
import { JOBS } from "./jobs.ts";
import { log } from "./log.ts";
import { gaugesOnScrape, type MetricsJson, serveMetrics } from "./metrics.ts";
import { answerAtOnce, sharedBacklog } from "./modules/conversations/index.ts";
import { startHeartbeat } from "./modules/service-status/index.ts";
import { yieldProcessor } from "./processor.ts";

/** How long a stopping worker waits for the sends it has begun before it gives them up (and queues them again). */
const STOP_GRACE_MS = 20_000;

const concurrency = env().WORKER_CONCURRENCY;
// Sends mostly wait on providers; their two short statements each share a modest pool.
const system = createDb(env().DATABASE_URL, Math.min(20, Math.max(4, Math.ceil(concurrency / 5))));
const queue = await startBoss(JOBS);

// Every job each domain declares (jobs.ts), taken as its policy says; scheduled ones also run once now.
for (const job of JOBS) await work(queue, system, job);
for (const { name, schedule } of JOBS) {
  if (!schedule) continue;
  await queue.schedule(name, schedule.cron);
  await schedule.atStart(system);
  if (schedule.againAfterSeconds) await queue.send(name, {}, { startAfter: schedule.againAfterSeconds() });
}
const heartbeat = await startHeartbeat(system);

/**
 * The providers' callbacks on a thread of its own (callback-thread.ts): Meta's statuses come with the sends, and the
 * families' messages it stores are handed here, to be filed and answered at once (conversations/inbound.ts).
 */
async function startCallbackThread(port: number, host: string) {
  const backlog = sharedBacklog();
  const file = answerAtOnce(system, backlog);
  const thread = new Worker(new URL("./callback-thread.ts", import.meta.url), { workerData: { port, host, backlog } satisfies CallbackThreadData });
  const asked: ((json: MetricsJson) => void)[] = [];
  const listening = new Promise<number>((resolve, reject) => {
    thread.once("error", reject);
    thread.on("message", (message: FromCallbackThread) => {
      if ("listening" in message) resolve(message.listening);
      else if ("inbound" in message) file(message.inbound);
      else asked.shift()?.(message.metrics);
    });
  });
  await listening;
  // A thread that fails later leaves Meta unanswered: the worker ends, and its supervisor starts another.
  thread.on("error", (error) => {
    log().fatal({ err: error }, "the callback thread failed");
    process.exit(1);
  });
  const say = (message: ToCallbackThread) => thread.postMessage(message);
  return {
    metrics: () =>
      new Promise<MetricsJson[]>((resolve) => {
        asked.push((json) => resolve([json]));
        say("metrics");
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        thread.once("exit", () => resolve());
        say("stop");
      }),
  };
}
const callbackPort = env().WORKER_CALLBACK_PORT;
const callbacks = callbackPort ? await startCallbackThread(callbackPort, env().WORKER_CALLBACK_HOST) : null;
// A teacher waiting on a page comes before a family's message a second later: on a machine shared with the web app the
// worker yields the processor to it (on a machine of its own this changes nothing). Only once the callback thread
// runs: a thread takes the nice level of the one that starts it, and Meta's answers keep theirs within the worker.
yieldProcessor(5);

// The queue's depth and age are the worker's to tell: it holds the queue's client (the web app only writes jobs).
const metricsPort = env().WORKER_METRICS_PORT;
if (metricsPort) {
  const names = JOBS.map((job) => job.name);
  gaugesOnScrape(
    {
      job_queue_depth: { help: "Jobs of a queue waiting (to run or to retry, due or not) or running, by queue and state", labelNames: ["queue", "state"] },
      job_queue_oldest_waiting_seconds: { help: "How long the first due job of a queue has waited for a worker", labelNames: ["queue"] },
    },
    async () => {
      const figures = await queueFigures(queue, names);
      return {
        job_queue_depth: figures.flatMap((f) => [
          { labels: { queue: f.name, state: "waiting" }, value: f.waiting },
          { labels: { queue: f.name, state: "active" }, value: f.active },
        ]),
        job_queue_oldest_waiting_seconds: figures.map((f) => ({ labels: { queue: f.name }, value: f.oldestWaitingSeconds })),
      };
    },
  );
}
const metricsServer = metricsPort ? await serveMetrics(metricsPort, env().METRICS_HOST, callbacks?.metrics) : null;
log().info(
  {
    concurrency,
    callbacks: callbackPort ? `http://${env().WORKER_CALLBACK_HOST}:${callbackPort}/api/whatsapp/webhook` : null,
    metrics: metricsPort ? `http://${env().METRICS_HOST}:${metricsPort}/metrics` : null,
  },
  "worker running",
);

const closed = (server: { close: (done: () => void) => unknown } | null) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/**
 * Stops in this order: no new callback or job is taken; the sends begun finish (those still waiting for their turn go
 * back to the queue at once), within STOP_GRACE_MS; whatever is still claimed then goes back to the queue too, so no
 * message is left "sending" for a lease; then the heartbeat's row and the connections go.
 */
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log().info({ signal }, "worker stopping");
  stopSending();
  const callbacksClosed = callbacks?.stop();
  await queue.stop({ graceful: true, timeout: STOP_GRACE_MS, wait: true });
  const released = await releaseClaimed(system);
  if (released) log().warn({ released }, "sends given up at stop were queued again");
  await heartbeat.stop();
  await Promise.all([callbacksClosed, closed(metricsServer)]);
  await system.$disconnect();
  log().info("worker stopped");
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () =>
    stop(signal).catch((error: unknown) => {
      log().fatal({ err: error }, "worker stop failed");
      process.exit(1);
    }),
  );
}
