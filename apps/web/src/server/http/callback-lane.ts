import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { PEER_HEADER } from "../net/client-address.ts";
import { closeInStages } from "./close-in-stages.mjs";
import { handle } from "./handle.ts";
import type { Method } from "./route.ts";
import { Router } from "./router.ts";

const API = "/api/";

/**
 * The callback lane. Meta calls the WhatsApp webhook three times for every message sent (sent, delivered, read): a
 * notification to 2,000 families brings 6,000 calls within a minute. Next's request pipeline costs the web app about
 * 3 ms of processor a call, the handler itself 0.35 ms (bench machine), so while a send ran those calls took most of
 * the web app's one thread and the teachers waited (the grade sheet's p95 at 10 clients: 0.34 s before a send, 3.1 s
 * during it). The routes marked `callback` are therefore served by the route table itself, past Next, in one of two
 * places:
 *  - by the worker, on a port of its own (WORKER_CALLBACK_PORT, `serveCallbacks`): the provider's calls then take
 *    none of the web app's thread at all, and come with the sends that cause them. The demo, the tests and
 *    docker-compose.yml send Meta's calls there;
 *  - by apps/web/server.mjs, which hands them to what the API route module offers here (`offerCallbackLane`): the same
 *    `handle` and route table as Next's route handler, in the same module instances. Until Next has loaded that module
 *    (on the first API call after boot) a callback goes through Next like any other call.
 * Either way the same signature check, limits and answers apply.
 */
export const CALLBACK_LANE = Symbol.for("pizarra.callbackLane");

export interface CallbackLane {
  /** The route-table path (`whatsapp/webhook`) of a request's method and URL path when a callback route answers it, or null. */
  pathOf(method: string, pathname: string): string | null;
  /** Answers a Node request on that path, naming its TCP peer in PEER_HEADER over anything the caller sent there. */
  serveNode(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
}

function callbackLane(router: Router): CallbackLane {
  const callbacks = new Router(router.routes.filter((route) => route.auth === "public" && route.callback));
  return {
    pathOf(method, pathname) {
      if (!pathname.startsWith(API)) return null;
      const path = pathname.slice(API.length);
      const match = callbacks.match(method as Method, path);
      return match && match !== "method" ? path : null;
    },
    async serveNode(req, res, path) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const peer = req.socket.remoteAddress;
      if (peer) headers.set(PEER_HEADER, peer);
      else headers.delete(PEER_HEADER);
      // The handler reads the path and the query only: a fixed origin, since the listening address may be "::" or 0.0.0.0.
      // The body goes as a stream, read no further than the route's limit (read-body.ts), as from Next.
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(`http://localhost${req.url}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
      } as RequestInit);
      const response = await handle(router, request, path);
      const body = Buffer.from(await response.arrayBuffer());
      // Refused before its body was read to its end (too large): the rest is still on the connection, which must close.
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...(req.complete ? {} : { connection: "close" }) });
      res.end(body);
    },
  };
}

/** Offers the lane to apps/web/server.mjs (from the API route module, once Next has loaded it). */
export function offerCallbackLane(router: Router): void {
  (globalThis as Record<symbol, unknown>)[CALLBACK_LANE] = callbackLane(router);
}

/**
 * The callback routes on a server of their own (the worker's, WORKER_CALLBACK_PORT): anything else is 404. Answers
 * once it listens, with the port it got (0 asks for a free one).
 */
export async function serveCallbacks(router: Router, port: number, hostname: string): Promise<http.Server> {
  const lane = callbackLane(router);
  const server = http.createServer((req, res) => {
    const path = lane.pathOf(req.method ?? "", (req.url ?? "").split("?")[0]!);
    if (!path) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not a provider's callback.\n");
      return;
    }
    lane.serveNode(req, res, path).catch((error: unknown) => {
      console.error("Unhandled callback error", error);
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
