import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { log } from "../log.ts";
import { metrics } from "../metrics.ts";
import { PEER_HEADER } from "../net/client-address.ts";
import { closeInStages } from "./close-in-stages.mjs";
import { handle } from "./handle.ts";
import type { Method } from "./route.ts";
import type { Router } from "./router.ts";

const API = "/api/";

/**
 * The providers' callbacks' one way in: the worker's own port (WORKER_CALLBACK_PORT). Meta calls the WhatsApp webhook
 * three times for every message sent (sent, delivered, read): a notification to 2,000 families brings 6,000 calls
 * within a minute. Served by the web app, through Next's request pipeline, those calls took most of its one thread
 * while a send ran and the teachers waited; on the worker they take none of it, and come with the sends that cause
 * them. The demo, the tests and docker-compose.yml send Meta's calls here. The route table answers them (`handle`),
 * with the same signature check, limits and answers as every other call.
 */

/** The route-table path (`whatsapp/webhook`) of a request's method and URL path when a route of `router` answers it, or null. */
function pathOf(router: Router, method: string, pathname: string): string | null {
  if (!pathname.startsWith(API)) return null;
  const path = pathname.slice(API.length);
  const match = router.match(method as Method, path);
  return match && match !== "method" ? path : null;
}

/**
 * What a provider's call refused by the lane means, for webhook_refusals_total: the signature (or the verify token of
 * Meta's subscription check) did not match, the body was past its limit, not JSON, or not of the route's shape. A burst
 * of them is someone knocking, or a secret that changed on one side only.
 */
const REFUSALS: Record<number, string> = { 400: "malformed", 401: "signature", 403: "verifyToken", 413: "tooLarge", 422: "invalid" };

/** Answers a Node request on that path, naming its TCP peer in PEER_HEADER over anything the caller sent there. */
async function serveNode(router: Router, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const peer = req.socket.remoteAddress;
  if (peer) headers.set(PEER_HEADER, peer);
  else headers.delete(PEER_HEADER);
  // The handler reads the path and the query only: a fixed origin, since the listening address may be "::" or 0.0.0.0.
  // The body goes as a stream, read no further than the route's limit (read-body.ts).
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(`http://localhost${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
  const response = await handle(router, request, path);
  const reason = REFUSALS[response.status];
  if (reason) metrics.webhookRefusals.inc({ route: path, reason });
  const body = Buffer.from(await response.arrayBuffer());
  // Refused before its body was read to its end (too large): the rest is still on the connection, which must close.
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...(req.complete ? {} : { connection: "close" }) });
  res.end(body);
}

/**
 * The routes of `router` (provider-routes.ts) on the worker's server: anything else is 404. Answers once it listens,
 * with the port it got (0 asks for a free one).
 */
export async function serveCallbacks(router: Router, port: number, hostname: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = pathOf(router, req.method ?? "", (req.url ?? "").split("?")[0]!);
    if (!path) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not a provider's callback.\n");
      return;
    }
    serveNode(router, req, res, path).catch((error: unknown) => {
      log().error({ err: error, path }, "callback failed");
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  closeInStages(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  return server;
}
