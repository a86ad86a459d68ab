import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./database.ts";
import { BASE_ENV, mustRun } from "./run.ts";

const WEB = path.join(ROOT, "apps/web");
const SOURCES = ["apps/web/src", "apps/web/messages", "apps/web/next.config.ts", "packages/contracts/src", "packages/ui/src", "packages/db/src", "pnpm-lock.yaml"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** Builds the web app unless the last build is newer than every source file. */
export async function buildIfNeeded(): Promise<void> {
  const buildId = path.join(WEB, ".next/BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built > changed) {
    console.log("Web app is up to date: build skipped.");
    return;
  }
  await mustRun("turbo", ["run", "build", "--filter=@pizarra/web", "--output-logs=errors-only"]);
}

/** Starts `next start` on loopback and resolves once /api/health answers 200. */
export async function startWeb(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(path.join(WEB, "node_modules/.bin/next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: WEB,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...BASE_ENV, NODE_ENV: "production", ...env },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
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
