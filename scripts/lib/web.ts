import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./database.ts";
import { BASE_ENV, mustRun } from "./run.ts";

const WEB = path.join(ROOT, "apps/web");
const SOURCES = [
  "apps/web/src",
  "apps/web/messages",
  "apps/web/next.config.ts",
  "packages/contracts/src",
  "packages/ui/src",
  "packages/db/src",
  "pnpm-lock.yaml",
];
const DEMO_SECRET_FILE = path.join(ROOT, ".data/auth-secret");

/** A token secret nobody else has: 48 random bytes, as hex. */
export function randomAuthSecret(): string {
  return randomBytes(48).toString("hex");
}

/**
 * The token secret of the demo (and of `pnpm dev`, on the same data): AUTH_SECRET when set, else the one made on the
 * first run and kept with the data in .data/auth-secret, readable by its owner only, so sessions survive a restart.
 */
export function demoAuthSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  fs.mkdirSync(path.dirname(DEMO_SECRET_FILE), { recursive: true });
  try {
    const secret = randomAuthSecret();
    // "wx": a demo and a dev server starting together must not each write their own.
    fs.writeFileSync(DEMO_SECRET_FILE, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  fs.chmodSync(DEMO_SECRET_FILE, 0o600);
  const kept = fs.readFileSync(DEMO_SECRET_FILE, "utf8").trim();
  if (kept.length < 32) throw new Error(`${DEMO_SECRET_FILE} holds no secret of 32 characters or more: delete it and a new one is made.`);
  return kept;
}

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/**
 * Builds the web app unless the last build is newer than every source file. `besideTests`: at the lowest priority
 * but one, so that it takes the processor only when the tests beside it leave it idle, and never slows them.
 */
export async function buildIfNeeded({ besideTests = false }: { besideTests?: boolean } = {}): Promise<void> {
  const buildId = path.join(WEB, ".next/BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built > changed) {
    console.log("Web app is up to date: build skipped.");
    return;
  }
  const build = ["turbo", "run", "build", "--filter=@pizarra/web", "--output-logs=errors-only"];
  if (besideTests) await mustRun("nice", ["-n", "15", ...build]);
  else await mustRun(build[0]!, build.slice(1));
}

/**
 * Starts the production build through apps/web/server.mjs (which records each caller's address) on loopback and
 * resolves once /api/health answers 200. `env` must carry AUTH_SECRET: the build refuses to start without one. Its
 * standard output (its log) is this process's, or the file descriptor `stdout`.
 */
export async function startWeb(
  port: number,
  env: Record<string, string> & { AUTH_SECRET: string },
  { stdout }: { stdout?: number } = {},
): Promise<ChildProcess> {
  // A server left behind by a run that was stopped would answer the health check below in this one's stead.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${port} is taken by another server: stop it first.`);
  const child = spawn(process.execPath, ["server.mjs", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: WEB,
    stdio: ["ignore", stdout ?? "inherit", "inherit"],
    env: { ...process.env, ...BASE_ENV, NODE_ENV: "production", ...env },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the web app exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("The web app did not become healthy within 60 s");
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
