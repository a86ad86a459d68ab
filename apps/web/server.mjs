// Pizarra's HTTP server: Next's request handler (its custom-server API) behind a plain Node server that writes every
// connection's peer address into x-pizarra-peer, over anything a client sent under that name. `next start` will not
// do: it offers the peer only as X-Forwarded-For, and only when the client did not send that header itself. On SIGTERM
// (or SIGINT) it stops in stages: no new connection, the requests in flight answered, then the metrics port closed.
//
//   node server.mjs [--dev] [--hostname 127.0.0.1] [--port 3000]
import http from "node:http";
import { parseArgs } from "node:util";
import en from "./messages/en.json" with { type: "json" };
import es from "./messages/es.json" with { type: "json" };
import { closeInStages } from "./src/server/http/close-in-stages.mjs";
import { createLogger } from "./src/server/log.mjs";

// The name src/server/net/client-address.ts reads (PEER_HEADER, SERVER_MARK); this file cannot import TypeScript.
const PEER_HEADER = "x-pizarra-peer";
globalThis[Symbol.for("pizarra.server.mjs")] = true;
/** Where src/instrumentation-node.ts leaves the metrics server it started (METRICS_PORT). */
const METRICS_SERVER = Symbol.for("pizarra.metrics.server");
/** How long a stopping server waits for the requests in flight before it cuts their connections. */
const STOP_GRACE_MS = 25_000;
/** The API's default body limit (src/server/http/handle.ts). */
const BODY_LIMIT = 1024 * 1024;

/**
 * Only the API reads bodies, each stopped at its route's limit as it is read (src/server/http/read-body.ts). The pages
 * take none (the app has no server actions), yet Next copies a page request's body for src/proxy.ts, keeping up to
 * 10 MB of it twice, and reads it to its end before the page answers. So a request outside the API may bring only a
 * body whose length it declares within the API's default limit (Next's development tools post small JSON); any other
 * is refused here, before Next reads it, and its connection closed.
 */
function refusesBody(req, pathname) {
  if (pathname.startsWith("/api/")) return false;
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > BODY_LIMIT;
}

/** The refusal in the caller's language, picked as src/server/i18n.ts requestLocale picks it. */
function tooLarge(req, res) {
  const explicit = (req.headers["x-locale"] ?? "").toLowerCase();
  const asked = /^e[ns]/.test(explicit) ? explicit : (req.headers["accept-language"] ?? "").toLowerCase();
  const messages = asked.startsWith("en") ? en : es;
  res.writeHead(413, { "content-type": "text/plain; charset=utf-8", connection: "close" }).end(`${messages.api.payloadTooLarge}\n`);
}

let logger;
try {
  // The level src/server/env.ts validates for the rest of the server (this file cannot import TypeScript).
  logger = createLogger(process.env.LOG_LEVEL || "info");
} catch (error) {
  process.stderr.write(`Pizarra refuses to start: ${error.message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    hostname: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "3000" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  logger.fatal(`Not a port: ${values.port}`);
  process.exit(2);
}

// A production build always runs as production, whatever the shell says, since development relaxes the rules on
// AUTH_SECRET. Set before Next and React are loaded: they pick their builds from it.
process.env.NODE_ENV = values.dev ? "development" : "production";
const { default: next } = await import("next");

const app = next({ dev: values.dev, dir: import.meta.dirname, hostname: values.hostname, port });
const handle = app.getRequestHandler();
try {
  await app.prepare();
} catch (error) {
  logger.fatal({ err: error }, "Pizarra refuses to start");
  process.exit(1);
}

let stopping = false;
const server = http.createServer((req, res) => {
  // A request on a connection kept alive from before the stop is answered, and its connection closed after it.
  if (stopping) res.setHeader("connection", "close");
  const peer = req.socket.remoteAddress;
  if (peer) req.headers[PEER_HEADER] = peer;
  else delete req.headers[PEER_HEADER];
  const pathname = (req.url ?? "").split("?")[0];
  if (refusesBody(req, pathname)) return tooLarge(req, res);
  handle(req, res).catch((error) => {
    logger.error({ err: error, method: req.method, path: pathname }, "request failed outside the API's wrapper");
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
closeInStages(server);
server.listen(port, values.hostname, () => {
  logger.info({ url: `http://${values.hostname}:${port}`, development: values.dev }, "Pizarra is listening");
});

/**
 * A graceful stop, as an orchestrator asks for one before it kills: the listening socket closes (the load balancer's
 * next try goes to another instance), idle connections close, the requests in flight are answered, then the metrics
 * port closes and the process exits 0. Requests still running after STOP_GRACE_MS have their connections cut.
 */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "stopping: no new connections; the requests in flight are answered");
  const closed = new Promise((resolve) => server.close(resolve));
  // A connection becomes idle once its last answer is sent: closed then rather than after its keep-alive timeout.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => {
    logger.warn({ afterMs: STOP_GRACE_MS }, "requests still in flight were cut");
    server.closeAllConnections();
  }, STOP_GRACE_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(cut);
  const metrics = globalThis[METRICS_SERVER];
  if (metrics) await new Promise((resolve) => metrics.close(resolve));
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
