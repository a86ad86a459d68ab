import http from "node:http";
import client from "prom-client";
import { log } from "./log.ts";

/** What an operator watches (README, "What to alert on"); each process serves its own on its metrics port. */
function makeMetrics() {
  const registry = new client.Registry();
  const registers = [registry];
  return {
    registry,
    /** Every API call, by the route table's path pattern (never the raw URL, whose ids would make a series each). */
    httpRequests: new client.Counter({
      name: "http_requests_total",
      help: "API requests answered, by method, route pattern and HTTP status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an API request, by method, route pattern and HTTP status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    /** A send's outcome on its channel: taken by the provider, to be retried, or failed for good. */
    sends: new client.Counter({
      name: "message_sends_total",
      help: "Messages handed to a provider, by channel and outcome (sent, retry, failed)",
      labelNames: ["channel", "outcome"] as const,
      registers,
    }),
    webhookRefusals: new client.Counter({
      name: "webhook_refusals_total",
      help: "Provider callbacks refused, by route and reason (signature, verifyToken, tooLarge, malformed, invalid)",
      labelNames: ["route", "reason"] as const,
      registers,
    }),
    signInFailures: new client.Counter({
      name: "sign_in_failures_total",
      help: "Sign-ins refused, by reason (credentials, throttled)",
      labelNames: ["reason"] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof makeMetrics>;

const METRICS = Symbol.for("pizarra.metrics");
/**
 * One set of metrics per process, kept on globalThis: Next bundles the route handlers and instrumentation apart, each
 * with its own copy of this module, and the requests a route handler counts must be those the metrics port shows.
 */
export const metrics: Metrics = ((globalThis as Record<symbol, unknown>)[METRICS] ??= makeMetrics()) as Metrics;

type GaugeSpec = { help: string; labelNames: readonly string[] };
/** A gauge's values, one per set of labels. */
type Series = { labels: Record<string, string>; value: number }[];

/**
 * Gauges read when Prometheus scrapes, from one read shared by all of them (`read` runs once a scrape, however many
 * gauges it feeds): each gauge's values are those `read` answers under its name.
 */
export function gaugesOnScrape<N extends string>(gauges: Record<N, GaugeSpec>, read: () => Promise<Record<N, Series>>): void {
  let scrape: Promise<Record<N, Series>> | null = null;
  for (const [name, { help, labelNames }] of Object.entries(gauges) as [N, GaugeSpec][]) {
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [metrics.registry],
      async collect() {
        // The first gauge collected starts the read; the others of the same scrape share it.
        scrape ??= read().finally(() => setTimeout(() => (scrape = null), 1000).unref());
        this.reset();
        try {
          for (const { labels, value } of (await scrape)[name]) this.set(labels, value);
        } catch (error) {
          // The gauge goes missing from this scrape (what an alert on its absence sees); the others are still served.
          log().warn({ err: error, gauge: name }, "a gauge could not be read");
        }
      },
    });
  }
}

/** A registry's metrics as JSON: what another thread of the process sends for its counters to be served here. */
export type MetricsJson = Awaited<ReturnType<client.Registry["getMetricsAsJSON"]>>;

/**
 * The process's metrics as text: this thread's, and where `others` answers the metrics of its other threads (a
 * worker's callback thread), theirs added to them, a counter counted in both threads summed.
 */
async function scrape(others?: () => Promise<MetricsJson[]>): Promise<string> {
  if (!others) return metrics.registry.metrics();
  const [own, theirs] = await Promise.all([metrics.registry.getMetricsAsJSON(), others()]);
  const shared = new Set(theirs.flat().map((metric) => metric.name));
  // A metric of this thread alone is kept as it is (some say how to combine processes: "omit" would drop it).
  const alone = own.map((metric) => (shared.has(metric.name) ? metric : { ...metric, aggregator: "first" as const }));
  return client.AggregatorRegistry.aggregate([alone, ...theirs]).metrics();
}

/**
 * Serves the metrics (GET /metrics, Prometheus's text format) with the process's own (memory, processor, event loop
 * lag, handles) on a port of their own; anything else is 404. Answers once it listens.
 */
export async function serveMetrics(port: number, hostname: string, others?: () => Promise<MetricsJson[]>): Promise<http.Server> {
  client.collectDefaultMetrics({ register: metrics.registry });
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Only GET /metrics is served here.\n");
      return;
    }
    scrape(others).then(
      (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      (error: Error) => res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  return server;
}
