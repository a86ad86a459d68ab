// The worker's callback thread: Meta's webhook (the providers' callbacks, callback-lane.ts) answered on an event loop
// of its own. Meta waits for each answer, and its calls come by the hundred a second while a notification goes out and
// families write back; in the worker's main thread an answer waited behind the jobs' work (filing, answering and
// sending messages) for every turn of the loop it needed. Here it waits for nothing but its own few statements: the
// message stored and its job queued. The messages it stores are handed to the main thread to be filed and answered at
// once (conversations/inbound.ts), and its counters go out with the main thread's metrics (worker.ts).
import { parentPort, workerData } from "node:worker_threads";
import { getDb } from "@pizarra/db";
import { serveCallbacks } from "./http/callback-lane.ts";
import { Router } from "./http/router.ts";
import { env } from "./env.ts";
import { type MetricsJson, metrics } from "./metrics.ts";
import { type Handed, handAtOnce } from "./modules/conversations/index.ts";
import { PROVIDER_ROUTES } from "./provider-routes.ts";

export interface CallbackThreadData {
  port: number;
  host: string;
  backlog: Int32Array;
}

/** What the callback thread says to the main thread. */
export type FromCallbackThread = { listening: number } | { inbound: Handed } | { metrics: MetricsJson };

/** What the main thread says to it. */
export type ToCallbackThread = "metrics" | "stop";

const port = parentPort!;
const say = (message: FromCallbackThread) => port.postMessage(message);
const { port: listenOn, host, backlog } = workerData as CallbackThreadData;

handAtOnce(backlog, (handed) => say({ inbound: handed }));
const server = await serveCallbacks(new Router(PROVIDER_ROUTES), listenOn, host);
port.on("message", (message: ToCallbackThread) => {
  if (message === "metrics") void metrics.registry.getMetricsAsJSON().then((json) => say({ metrics: json }));
  // No new call is taken; those begun are answered; then the thread's connections go and it ends.
  if (message === "stop")
    server.close(
      () =>
        void getDb(env().DATABASE_URL)
          .$disconnect()
          .then(() => process.exit(0)),
    );
});
const address = server.address();
say({ listening: typeof address === "object" && address ? address.port : listenOn });
