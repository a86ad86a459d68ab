import { env } from "./server/env.ts";
import { createLogger } from "./server/log.mjs";
import { serveMetrics } from "./server/metrics.ts";
import { SERVER_MARK } from "./server/net/client-address.ts";

/** Where the metrics server waits for apps/web/server.mjs to close it, once the requests in flight are answered. */
const METRICS_SERVER = Symbol.for("pizarra.metrics.server");

/**
 * Stops the process when the environment is unfit to serve: a missing or published AUTH_SECRET above all. Without
 * this, env() would first be read by a request, after the server had been up and listening. The process exits here
 * itself rather than throwing, so that it cannot depend on what the caller of register() does with an error. Then
 * serves the metrics (METRICS_PORT) from this process, whose requests they count.
 */
export async function checkAtBoot(): Promise<void> {
  try {
    env();
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  // Only apps/web/server.mjs overwrites the peer header: under `next start` any client could write it and pose as
  // any address, a trusted proxy's included.
  if (env().NODE_ENV === "production" && (globalThis as Record<symbol, unknown>)[SERVER_MARK] !== true) {
    refuse("start it with `node server.mjs` (pnpm start), not `next start`: only server.mjs records the caller's address.");
  }
  const port = env().METRICS_PORT;
  if (port) {
    try {
      (globalThis as Record<symbol, unknown>)[METRICS_SERVER] = await serveMetrics(port, env().METRICS_HOST);
    } catch (error) {
      refuse(`the metrics port ${env().METRICS_HOST}:${port} cannot be served: ${error instanceof Error ? error.message : error}`);
    }
  }
}

function refuse(message: string): never {
  // Not the server's logger: its level comes from the environment that may be what is refused.
  createLogger("fatal").fatal(`Pizarra refuses to start: ${message}`);
  process.exit(1);
}
