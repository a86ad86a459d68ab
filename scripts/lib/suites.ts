// What the whole `pnpm test` and `pnpm test -- <files>` share: the template databases each Vitest file copies, Vitest's
// environment, and the web app, worker and outside stand-ins the Playwright specs run against.
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
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

/**
 * Runs Playwright with `args` against what the specs need: the built app and a worker on a fresh copy of the school
 * template (`e2e`), sending for real to mail and WhatsApp stand-ins whose catch the specs read under OUTSIDE_DIR.
 */
export async function runPlaywright(server: TestServer, options: { e2e: string; port: number; reports: string; args: string[] }): Promise<number> {
  const chromium = ensureChromium("headless-shell");
  await buildIfNeeded();
  await dropDatabase(server.adminUrl, options.e2e);
  await copyTestTemplate(server.adminUrl, server.template, "school", options.e2e);
  const outsideDir = path.join(options.reports, "outside");
  const outside = await startOutside(options.port, { dir: outsideDir });
  const metricsPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl(server.adminUrl, options.e2e),
    AUTH_SECRET: randomAuthSecret(),
    AUTH_TOKEN_TTL: "1h",
    LOG_LEVEL: APP_LOG_LEVEL,
    ...outside.env,
  };
  let web: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  try {
    web = await startWeb(options.port, { ...env, METRICS_PORT: String(metricsPort) });
    worker = startWorker(env);
    return await run("playwright", ["test", ...options.args], {
      BASE_URL: `http://127.0.0.1:${options.port}`,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(options.reports, "playwright.json"),
      TEST_DATABASE_URL: env.DATABASE_URL,
      OUTSIDE_DIR: outsideDir,
      WHATSAPP_APP_SECRET: outside.env.WHATSAPP_APP_SECRET ?? "",
      WORKER_CALLBACK_URL: `http://127.0.0.1:${outside.env.WORKER_CALLBACK_PORT}`,
      METRICS_URL: `http://127.0.0.1:${metricsPort}/metrics`,
    });
  } finally {
    // Both stop gracefully, and must be gone before their database is dropped.
    const gone = [web, worker].map((child) => (child && child.exitCode === null ? once(child, "exit") : null));
    web?.kill("SIGTERM");
    worker?.kill("SIGTERM");
    await Promise.all(gone);
    await outside.close().catch(() => {});
  }
}
