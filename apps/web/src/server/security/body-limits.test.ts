import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { createRequire } from "node:module";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import es from "../../../messages/es.json";
import { serveCallbacks } from "../http/callback-lane.ts";
import { closeInStages } from "../http/close-in-stages.mjs";
import type { Route } from "../http/route.ts";
import { Router } from "../http/router.ts";
import { PROVIDER_ROUTES } from "../provider-routes.ts";
import { ROUTES } from "../routes.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { startServerMjs, WEB } from "../../test-support/server-mjs.ts";

/**
 * Bodies are limited while they are read, on every way in: each route anyone may call without signing in gets a
 * chunked body (no Content-Length, so nothing is refused on its headers) far past its limit, over real HTTP, through
 * the two servers that take such calls: apps/web/server.mjs's shape (Next's own request adapter and response writer
 * around the API route module), and the worker's callback port, the providers' one way in. Each must answer 413 and
 * close the connection soon after the limit, while this process (client and server both) holds about the limit, not
 * the body; and close it in stages, so that a client still sending finds the answer rather than a reset. server.mjs itself is started last, for the bodies of the pages.
 */
apiHarness();

const CHUNK = Buffer.alloc(64 * 1024, 0x20);
/** What each body carries past its route's limit. */
const PAST_LIMIT = 48 * 1024 * 1024;
/** Room for what is on the wire (socket buffers both ways, a few chunks in flight) and the collector's lag. */
const SLACK = 16 * 1024 * 1024;
const MB = 1024 * 1024;

interface Answer {
  status: number;
  connection: string | undefined;
  text: string;
  /** Bytes written before the answer came. */
  sent: number;
  /** The largest growth of the Buffers (arrayBuffers) this process holds, and of its resident memory, while sending. */
  buffers: number;
  rss: number;
}

function* chunks(bytes: number): Generator<Buffer> {
  for (let sent = 0; sent < bytes; sent += CHUNK.length) yield CHUNK;
}

/**
 * The memory this process holds, what it has dropped left out. Read bare, arrayBuffers also counts the chunks already
 * read and dropped until the collector runs, which V8 decides by pressure, not by time: a body read within the bound
 * showed as held past it now and then. A collection first leaves what is still referenced, the quantity the bound is
 * about (a server that kept the body would still show all of it). V8 frees a collection's dead Buffers concurrently
 * and finishes that at the start of the next collection, hence a young one after each. While sending, the chunks die
 * young: collecting the young generation frees them, at a small fraction of a full collection's cost. The start is
 * taken after a full one, so that a Buffer an earlier send dropped in the old generation cannot be counted at the
 * start and freed in the middle, which would hide as much growth.
 */
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc") as (options: { type: "minor" | "major" }) => void;
function heldMemory(type: "minor" | "major"): NodeJS.MemoryUsage {
  collect({ type });
  collect({ type: "minor" });
  return process.memoryUsage();
}

/**
 * Sends `bytes` in chunks from a generator, stops writing when the answer comes, and measures this process's memory
 * meanwhile when `measure` (its server is in this process).
 */
function sendChunked(url: string, method: string, bytes: number, measure = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = measure ? heldMemory("major") : process.memoryUsage();
    let peak = { buffers: 0, rss: 0 };
    const sample = () => {
      if (!measure) return;
      const now = heldMemory("minor");
      peak = { buffers: Math.max(peak.buffers, now.arrayBuffers - start.arrayBuffers), rss: Math.max(peak.rss, now.rss - start.rss) };
    };
    // Node frames a body as chunked on its own only for some verbs; naming it makes a GET's body chunked too.
    const req = http.request(url, { method, headers: { "content-type": "application/json", "transfer-encoding": "chunked" } });
    const source = chunks(bytes);
    let sent = 0;
    let answered = false;
    const write = () => {
      for (let next = source.next(); !answered; next = source.next()) {
        if (next.done) {
          req.end();
          return;
        }
        sent += next.value.length;
        if (sent % MB === 0) sample();
        if (!req.write(next.value)) {
          req.once("drain", write);
          return;
        }
      }
    };
    req.on("response", (res) => {
      answered = true;
      sample();
      const at = sent;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => {
        text += part;
      });
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text, sent: at, ...peak });
      });
    });
    // The server closes the connection once it has answered, while this side may still be writing.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    write();
  });
}

/**
 * A client that reads its answer late (a slow device, a long way off) while its body is still going out: the HTTP
 * status line it finds once it reads, or the error that took it.
 */
function lateReader(base: string, path: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let got = "";
    let done = false;
    const finish = (outcome: string) => {
      done = true;
      socket.destroy();
      resolve(got.split("\r\n")[0] || outcome);
    };
    socket.pause();
    socket.on("data", (part: Buffer) => {
      got += part.toString("latin1");
    });
    socket.on("end", () => finish("closed without an answer"));
    socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.write(`POST ${path} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`);
    const chunk = `${CHUNK.length.toString(16)}\r\n${CHUNK.toString("latin1")}\r\n`;
    let sent = 0;
    const write = () => {
      while (!done && sent < PAST_LIMIT) {
        sent += CHUNK.length;
        if (!socket.write(chunk)) return void socket.once("drain", write);
      }
    };
    write();
    setTimeout(() => socket.resume(), 300);
  });
}

/** A path the route answers: each `{param}` filled with a word. */
const pathOf = (route: Route) => route.path.replaceAll(/\{[^}]+\}/g, "x");
const limitOf = (route: Route) => route.maxBytes ?? MB;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** Sends each public route of `routes` its oversized body through `base` and lists what went wrong. */
async function walk(base: string, routes: readonly Route[], where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes.filter((r) => r.auth === "public")) {
    const limit = limitOf(route);
    const body = limit + PAST_LIMIT;
    const name = `${where} ${route.method} ${route.path}`;
    const answer = await sendChunked(`${base}/api/${pathOf(route)}`, route.method, body, true);
    console.info(
      `${name}: HTTP ${answer.status} (connection: ${answer.connection}) after ${mb(answer.sent)} of ${mb(body)} MB sent; limit ${mb(limit)} MB; Buffers +${mb(answer.buffers)} MB, rss +${mb(answer.rss)} MB`,
    );
    if (answer.status !== 413) problems.push(`${name}: HTTP ${answer.status}, not 413`);
    if (answer.connection !== "close") problems.push(`${name}: the connection stays open (${answer.connection})`);
    if (answer.sent > limit + SLACK) problems.push(`${name}: answered after ${mb(answer.sent)} MB of ${mb(body)} MB, not soon after the limit`);
    if (answer.buffers > limit + SLACK) problems.push(`${name}: Buffers grew ${mb(answer.buffers)} MB reading a ${mb(body)} MB body`);
  }
  return problems;
}

const listen = (server: http.Server) =>
  new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** Next's own code between the Node request and a route handler (what `app.getRequestHandler()` ends in for /api). */
interface NextInternals {
  NodeNextRequest: new (req: http.IncomingMessage) => object;
  NodeNextResponse: new (res: http.ServerResponse) => object;
  NextRequestAdapter: { fromNodeNextRequest(req: object, signal: AbortSignal): Request };
  signalFromNodeResponse(res: http.ServerResponse): AbortSignal;
  sendResponse(req: object, res: object, response: Response): Promise<void>;
}
const fromNext = createRequire(import.meta.url);
const next: NextInternals = {
  ...fromNext("next/dist/server/base-http/node.js"),
  ...fromNext("next/dist/server/web/spec-extension/adapters/next-request.js"),
  ...fromNext("next/dist/server/send-response.js"),
};

let web: string;
let worker: string;
const servers: http.Server[] = [];

beforeAll(async () => {
  const { POST: dispatch } = await import("../../app/api/[...path]/route.ts");
  const viaNext = async (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    const nodeReq = new next.NodeNextRequest(req);
    const request = next.NextRequestAdapter.fromNodeNextRequest(nodeReq, next.signalFromNodeResponse(res));
    const response = await dispatch(request, { params: Promise.resolve({ path: pathname.replace(/^\/api\//, "").split("/") }) });
    await next.sendResponse(nodeReq, new next.NodeNextResponse(res), response);
  };
  const app = http.createServer((req, res) => {
    viaNext(req, res, (req.url ?? "").split("?")[0]!).catch((error: unknown) => {
      console.error(error);
      res.destroy();
    });
  });
  closeInStages(app);
  const callbacks = await serveCallbacks(new Router(PROVIDER_ROUTES), 0, "127.0.0.1");
  servers.push(app, callbacks);
  web = await listen(app);
  worker = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}`;
});

afterAll(() => Promise.all(servers.map(close)));

describe("a chunked body past the limit, on every public route", () => {
  it("is refused at the limit by the web app (server.mjs: Next's route handler)", { timeout: 60_000 }, async () => {
    expect(await walk(web, ROUTES, "web")).toEqual([]);
  });

  it("is refused at the limit by the worker's callback port", { timeout: 60_000 }, async () => {
    expect(await walk(worker, PROVIDER_ROUTES, "worker")).toEqual([]);
  });

  it("reaches a client that reads it late: the connection closes in stages, not reset under the answer", async () => {
    expect(await lateReader(web, "/api/admStaff/login")).toBe("HTTP/1.1 413 Payload Too Large");
    expect(await lateReader(worker, "/api/whatsapp/webhook")).toBe("HTTP/1.1 413 Payload Too Large");
  });
});

/**
 * apps/web/server.mjs itself, started with Next replaced by what Next does with a request src/proxy.ts matches (its
 * own body-streams module: the body copied for the proxy, then read to its end before the page answers).
 */
describe("apps/web/server.mjs", () => {
  let base: string;
  let child: ChildProcess;

  beforeAll(async () => {
    ({ base, child } = await startServerMjs(
      `import { createRequire } from "node:module";
const { getCloneableBody } = createRequire(${JSON.stringify(path.join(WEB, "package.json"))})("next/dist/server/body-streams.js");
export default () => ({
  prepare: async () => {},
  getRequestHandler: () => async (req, res) => {
    const body = getCloneableBody(req);
    body.cloneBodyStream();
    await body.finalize();
    res.end("next");
  },
});`,
    ));
  });

  afterAll(() => {
    child.kill();
  });

  it("refuses a page's chunked body at once, before Next reads it, and closes the connection", async () => {
    const answer = await sendChunked(`${base}/app/home/start`, "POST", PAST_LIMIT);
    console.info(
      `server.mjs POST /app/home/start: HTTP ${answer.status} (connection: ${answer.connection}) after ${mb(answer.sent)} of ${mb(PAST_LIMIT)} MB sent`,
    );
    expect(answer.sent).toBeLessThan(SLACK);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
    expect(answer.text.trim()).toBe(es.api.payloadTooLarge);
    expect(await lateReader(base, "/app/home/start")).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("hands Next a page's small body that declares its length, and the API every body", async () => {
    const page = await fetch(`${base}/app/home/start`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect([page.status, await page.text()]).toEqual([200, "next"]);
    const api = await sendChunked(`${base}/api/admStaff/login`, "POST", 2 * MB);
    expect([api.status, api.text]).toEqual([200, "next"]);
  });
});
