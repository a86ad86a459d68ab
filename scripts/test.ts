// `pnpm test`: every suite against a real PostgreSQL (embedded unless DATABASE_URL is set) and a real Chromium.
// Order: static checks (types, Biome's format and lint, the house rules; run side by side) → Vitest (unit + API
// integration) → production build → Playwright (api + ui projects).
import fs from "node:fs";
import path from "node:path";
import { copyTestTemplate, dropTestTemplates, prepareTestTemplates } from "@pizarra/db/testing";
import { ensureChromium } from "./lib/chromium.ts";
import { createDatabaseIfMissing, dropDatabase, ensureDatabase, ROOT } from "./lib/database.ts";
import { startOutside, startWorker } from "./lib/outside.ts";
import { mustRun, mustRunAll, run } from "./lib/run.ts";
import { buildIfNeeded, randomAuthSecret, startWeb } from "./lib/web.ts";

const REPORTS = path.join(ROOT, ".data/reports");
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

const chromium = ensureChromium("headless-shell");
const server = await ensureDatabase({ name: "test", port: Number(process.env.PIZARRA_TEST_PG_PORT ?? 54330), fresh: true });
const databaseUrl = (name: string) => {
  const u = new URL(server.adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const suffix = process.env.DATABASE_URL ? `_${process.pid}` : "";
const TEMPLATE = `pizarra_template${suffix}`;
const E2E = `pizarra_e2e${suffix}`;
// Tools that need some database to connect to (the schema engine's diffs) use this one, never the template:
// PostgreSQL cannot copy a template while anyone is connected to it.
const SCRATCH = `pizarra_scratch${suffix}`;
const E2E_PORT = Number(process.env.PIZARRA_E2E_PORT ?? 3100);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
let web: Awaited<ReturnType<typeof startWeb>> | undefined;
let worker: ReturnType<typeof startWorker> | undefined;
let outside: Awaited<ReturnType<typeof startOutside>> | undefined;

function add(counts: Counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null;
}

let exitCode = 1;
try {
  // The static checks do not depend on each other, and tsc uses one core: together they finish sooner on two. The
  // template database is migrated meanwhile, and its seeded copies made (test files copy those instead of seeding).
  const template = (async () => {
    await createDatabaseIfMissing(server.adminUrl, TEMPLATE);
    await mustRun("prisma", ["migrate", "deploy"], { DATABASE_URL: databaseUrl(TEMPLATE) });
    await createDatabaseIfMissing(server.adminUrl, SCRATCH);
    await prepareTestTemplates(server.adminUrl, TEMPLATE);
  })();
  const [checks, migrated] = await Promise.allSettled([
    mustRunAll([
      ["pnpm", ["run", "--silent", "typecheck"]],
      ["biome", ["check", "."]],
      ["tsx", ["scripts/lint.ts"]],
    ]),
    template,
  ]);
  for (const step of [checks, migrated]) if (step.status === "rejected") throw step.reason;

  const vitestCode = await run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`], {
    TEST_ADMIN_URL: server.adminUrl,
    TEST_TEMPLATE_DATABASE: TEMPLATE,
    DATABASE_URL: databaseUrl(SCRATCH),
  });
  const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(`${REPORTS}/vitest.json`);
  add(
    vitest
      ? { passed: vitest.numPassedTests, failed: vitest.numFailedTests, skipped: vitest.numPendingTests + vitest.numTodoTests }
      : { passed: 0, failed: 1, skipped: 0 },
  );

  await buildIfNeeded();
  await copyTestTemplate(server.adminUrl, TEMPLATE, "school", E2E);
  // The browser tests send for real: the web app and a worker on the e2e database, mail and WhatsApp to stand-ins whose
  // catch the specs read under OUTSIDE_DIR.
  const outsideDir = path.join(REPORTS, "outside");
  outside = await startOutside(E2E_PORT, { dir: outsideDir });
  const env = { DATABASE_URL: databaseUrl(E2E), AUTH_SECRET: randomAuthSecret(), AUTH_TOKEN_TTL: "1h", ...outside.env };
  web = await startWeb(E2E_PORT, env);
  worker = startWorker(env);

  const playwrightCode = await run("playwright", ["test"], {
    BASE_URL: `http://127.0.0.1:${E2E_PORT}`,
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
    TEST_DATABASE_URL: databaseUrl(E2E),
    OUTSIDE_DIR: outsideDir,
    WHATSAPP_APP_SECRET: outside.env.WHATSAPP_APP_SECRET ?? "",
  });
  const pw = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(`${REPORTS}/playwright.json`);
  add(pw ? { passed: pw.stats.expected + pw.stats.flaky, failed: pw.stats.unexpected, skipped: pw.stats.skipped } : { passed: 0, failed: 1, skipped: 0 });

  exitCode = vitestCode === 0 && playwrightCode === 0 && totals.failed === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  totals.failed += 1;
} finally {
  web?.kill("SIGTERM");
  worker?.kill("SIGTERM");
  await outside?.close().catch(() => {});
  // On a server we were given, leave nothing behind; the embedded one is thrown away whole.
  if (process.env.DATABASE_URL) {
    await dropTestTemplates(server.adminUrl, TEMPLATE).catch(() => {});
    for (const name of [TEMPLATE, E2E, SCRATCH]) await dropDatabase(server.adminUrl, name).catch(() => {});
  }
  await server.stop().catch(() => {});
}
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
