// One app instance without Next: a Node HTTP server in a process of its own that hands every /api/ request to the
// app's one route handler (apps/web/src/server/http/handle.ts with the route table), as the catch-all route of the
// production build does, and records the TCP peer as apps/web/server.mjs does. Two of these on one database are two
// app instances sharing nothing but PostgreSQL and the configured storage, at a fraction of a production build's
// start-up and memory, which the two cores of CI cannot spare twice over (scale-out.test.ts).
//
//   node --import tsx scripts/lib/api-instance.ts        (listens on a free loopback port, reports it over IPC)
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ROOT } from "./database.ts";
import { BASE_ENV } from "./run.ts";

const SELF = fileURLToPath(import.meta.url);

export interface ApiInstance {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts an instance on `env` (DATABASE_URL and AUTH_SECRET at least) and resolves once it listens. */
export function startApiInstance(env: Record<string, string> & { DATABASE_URL: string; AUTH_SECRET: string }): Promise<ApiInstance> {
  const child = spawn(process.execPath, ["--import", "tsx", SELF], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, ...BASE_ENV, NODE_ENV: "production", ...env },
  });
  process.once("exit", () => child.kill("SIGKILL"));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("The app instance did not listen within 90 s"));
    }, 90_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The app instance exited with ${code} before listening`));
    });
    child.once("message", (message: { port: number }) => {
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve({ url: `http://127.0.0.1:${message.port}`, process: child, stop });
    });
  });
}

/** The body of a request as the route handler reads it: buffered, as Next hands it a whole JSON or upload body. */
async function bodyOf(req: http.IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function serve(): Promise<void> {
  // Imported by path, at run time: the server's sources are type-checked by apps/web's own project, not the scripts'.
  const server = (file: string) => import(pathToFileURL(path.join(ROOT, "apps/web/src/server", file)).href);
  const [{ handle }, { router }, { PEER_HEADER, SERVER_MARK }] = await Promise.all([
    server("http/handle.ts"),
    server("routes.ts"),
    server("net/client-address.ts"),
  ]);
  (globalThis as Record<symbol, unknown>)[SERVER_MARK] = true;

  const listener = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (!url.pathname.startsWith("/api/")) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && name !== PEER_HEADER) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      if (req.socket.remoteAddress) headers.set(PEER_HEADER, req.socket.remoteAddress);
      const request = new Request(url, { method: req.method, headers, body: await bodyOf(req) });
      const response: Response = await handle(router, request, url.pathname.slice("/api/".length));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
      else res.end();
    } catch (error) {
      console.error("Unhandled request error", error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  listener.listen(0, "127.0.0.1", () => {
    const { port } = listener.address() as { port: number };
    process.send?.({ port });
  });
  process.on("SIGTERM", () => process.exit(0));
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) await serve();
