// What the whole `pnpm test` and `pnpm test -- <files>` share: the template databases each Vitest file copies, Vitest's
// environment, and the web app, worker and outside stand-ins the Playwright specs run against.
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { copyTestTemplate, prepareTestTemplates } from "@pizarra/db/testing";
import { ensureChromium } from "./chromium.ts";
import { createDatabaseIfMissing, dropDatabase } from "./database.ts";
import { freePort, startOutside, startWorker } from "./outside.ts";
import { mustRun, run } from "./run.ts";
import { buildIfNeeded, randomAuthSecret, startWeb } from "./web.ts";

/** A PostgreSQL server's maintenance address and the names of the test databases on it. */
export interface TestServer {
  adminUrl: string;
  template: string;
  /** Tools that need some database to connect to (the schema engine's diffs) use this one, never the template:
   * PostgreSQL cannot copy a template while anyone is connected to it. */
  scratch: string;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates the template and seeds the copies test files start from (test files copy those instead of seeding). */
export async function prepareTemplate(server: TestServer): Promise<void> {
  await createDatabaseIfMissing(server.adminUrl, server.template);
  await mustRun("prisma", ["migrate", "deploy"], { DATABASE_URL: databaseUrl(server.adminUrl, server.template) });
  await createDatabaseIfMissing(server.adminUrl, server.scratch);
  await prepareTestTemplates(server.adminUrl, server.template);
}

/**
 * The level of the app's logs in the tests, so that a run shows what went wrong rather than what the tests ask for
 * (refusals, faults they cause on purpose): the web app and workers the specs run against log warnings and errors;
 * the route handlers Vitest calls in its own process nothing (a test says itself what it expected), while the workers
 * its tests start log their warnings (scripts/lib/outside.ts). LOG_LEVEL in the shell sets it for the specs' app and
 * for Vitest itself.
 */
const APP_LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
const VITEST_LOG_LEVEL = process.env.LOG_LEVEL ?? "silent";

export function runVitest(server: TestServer, args: string[]): Promise<number> {
  return run("vitest", ["run", ...args], {
    LOG_LEVEL: VITEST_LOG_LEVEL,
    TEST_ADMIN_URL: server.adminUrl,
    TEST_TEMPLATE_DATABASE: server.template,
    DATABASE_URL: databaseUrl(server.adminUrl, server.scratch),
  });
}

/** One isolated copy of what the specs run against: its own database, web app, worker, stand-ins and storage. */
interface Stack {
  /** What the specs of the Playwright worker on this stack read (playwright.config.ts). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The database of the stack numbered `index` (from 0): the first keeps the plain name. */
const stackDatabase = (e2e: string, index: number) => (index === 0 ? e2e : `${e2e}_${index + 1}`);

async function startStack(server: TestServer, e2e: string, port: number, dir: string): Promise<Stack> {
  await dropDatabase(server.adminUrl, e2e);
  await copyTestTemplate(server.adminUrl, server.template, "school", e2e);
  fs.rmSync(dir, { recursive: true, force: true });
  const outsideDir = path.join(dir, "outside");
  const outside = await startOutside(port, { dir: outsideDir });
  const metricsPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl(server.adminUrl, e2e),
    AUTH_SECRET: randomAuthSecret(),
    AUTH_TOKEN_TTL: "1h",
    LOG_LEVEL: APP_LOG_LEVEL,
    // Two stacks copy one template: the same ids, so the same file keys; each keeps its uploads apart.
    STORAGE_DIR: path.join(dir, "storage"),
    ...outside.env,
  };
  let web: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  const stop = async () => {
    // Both stop gracefully, and must be gone before their database is dropped.
    const gone = [web, worker].map((child) => (child && child.exitCode === null ? once(child, "exit") : null));
    web?.kill("SIGTERM");
    worker?.kill("SIGTERM");
    await Promise.all(gone);
    await outside.close().catch(() => {});
  };
  try {
    web = await startWeb(port, { ...env, METRICS_PORT: String(metricsPort) });
    worker = startWorker(env);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    env: {
      BASE_URL: `http://127.0.0.1:${port}`,
      TEST_DATABASE_URL: env.DATABASE_URL,
      OUTSIDE_DIR: outsideDir,
      WHATSAPP_APP_SECRET: outside.env.WHATSAPP_APP_SECRET ?? "",
      WORKER_CALLBACK_URL: `http://127.0.0.1:${outside.env.WORKER_CALLBACK_PORT}`,
      METRICS_URL: `http://127.0.0.1:${metricsPort}/metrics`,
    },
    stop,
  };
}

/** The stacks the Playwright specs run against, up and healthy, and the browser they drive. */
export interface Stacks {
  envs: Record<string, string>[];
  chromium: string;
  stop(): Promise<void>;
}

/**
 * What the specs need: the built app and a worker on a fresh copy of the school template, sending for real to mail and
 * WhatsApp stand-ins whose catch the specs read under OUTSIDE_DIR. One such stack per port in `ports`, each on its own
 * copy and folders. Apart from `runPlaywright` so that the whole run can start them while Vitest still runs.
 */
export async function startStacks(server: TestServer, options: { e2e: string; ports: number[]; reports: string }): Promise<Stacks> {
  const chromium = ensureChromium("headless-shell");
  await buildIfNeeded();
  const started = await Promise.allSettled(
    options.ports.map((port, index) => startStack(server, stackDatabase(options.e2e, index), port, path.join(options.reports, `stack-${index + 1}`))),
  );
  const stacks = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stop = async () => {
    await Promise.all(stacks.map((s) => s.stop()));
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { envs: stacks.map((s) => s.env), chromium, stop };
}

/**
 * Runs Playwright with `args` on `stacks`: one Playwright worker per stack (playwright.config.ts hands each worker its
 * stack), the files spread over them as workers come free, and one report counts every test once.
 */
export function playwrightOn(stacks: Stacks, options: { reports: string; args: string[] }): Promise<number> {
  return run("playwright", ["test", ...options.args], {
    // The first stack's variables for the runner itself; each worker takes its own stack's from E2E_STACKS.
    ...stacks.envs[0]!,
    E2E_STACKS: JSON.stringify(stacks.envs),
    CHROMIUM_PATH: stacks.chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(options.reports, "playwright.json"),
  });
}

/** Starts the stacks, runs Playwright with `args` on them and stops them. */
export async function runPlaywright(server: TestServer, options: { e2e: string; ports: number[]; reports: string; args: string[] }): Promise<number> {
  const stacks = await startStacks(server, options);
  try {
    return await playwrightOn(stacks, options);
  } finally {
    await stacks.stop();
  }
}

/** The databases `runPlaywright` makes on `ports.length` stacks, for a run that must leave nothing behind. */
export const e2eDatabases = (e2e: string, stacks: number): string[] => Array.from({ length: stacks }, (_, index) => stackDatabase(e2e, index));
