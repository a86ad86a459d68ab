// `pnpm test`: every suite against a real PostgreSQL (embedded unless DATABASE_URL is set) and a real Chromium;
// `pnpm test -- <files…>` runs only those (lib/some.ts). Order of the whole run: static checks (types, Biome's format
// and lint, the house rules; run side by side) → Vitest (unit + API integration) beside the production build →
// Playwright (api + ui projects) on two stacks at once.
import fs from "node:fs";
import path from "node:path";
import { dropTestTemplates } from "@pizarra/db/testing";
import { dropDatabase, ensureDatabase, ROOT } from "./lib/database.ts";
import { type Outcome, playwrightOutcome, vitestOutcome } from "./lib/reports.ts";
import { mustRunAll } from "./lib/run.ts";
import { testSome } from "./lib/some.ts";
import { e2eDatabases, playwrightOn, prepareTemplate, runVitest, type Stacks, startStacks, type TestServer } from "./lib/suites.ts";
import { buildIfNeeded } from "./lib/web.ts";

const named = process.argv.slice(2).filter((a) => a !== "--");
if (named.length) {
  const code = await testSome(named).catch((error: Error) => {
    console.error(error.message);
    return 2;
  });
  process.exit(code);
}

const REPORTS = path.join(ROOT, ".data/reports");
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

const server = await ensureDatabase({ name: "test", port: Number(process.env.PIZARRA_TEST_PG_PORT ?? 54330), fresh: true, throwaway: true });
const suffix = process.env.DATABASE_URL ? `_${process.pid}` : "";
const databases: TestServer = { adminUrl: server.adminUrl, template: `pizarra_template${suffix}`, scratch: `pizarra_scratch${suffix}` };
const E2E = `pizarra_e2e${suffix}`;
/**
 * The web ports of the Playwright stacks. Two: the specs spend part of their time waiting on the browser, the app and
 * the worker in turn, so a second stack fills the cores the first leaves idle; a third found none left on two cores.
 */
const E2E_PORTS = [Number(process.env.PIZARRA_E2E_PORT ?? 3100), Number(process.env.PIZARRA_E2E_PORT_2 ?? 3102)];

/** How long each phase took, said at the end, so that a run that nears CI's budget shows where the time went. */
const phases: string[] = [];
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    phases.push(`${name} ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

function add(outcome: Outcome) {
  totals.passed += outcome.passed;
  totals.failed += outcome.failed;
  totals.skipped += outcome.skipped;
  failures.push(...outcome.failures);
}

let exitCode = 1;
/** The Playwright stacks once they started (null if they could not): stopped however the run ends. */
let stacking: Promise<Stacks | null> = Promise.resolve(null);
try {
  // The static checks do not depend on each other, and tsc uses one core: together they finish sooner on two. The
  // template database is migrated meanwhile, and its seeded copies made (test files copy those instead of seeding).
  const template = prepareTemplate(databases);
  const [checks, migrated] = await phase("static checks and templates", () =>
    Promise.allSettled([
      mustRunAll([
        ["pnpm", ["run", "--silent", "typecheck"]],
        ["biome", ["check", "."]],
        ["tsx", ["scripts/lint.ts"]],
      ]),
      template,
    ]),
  );
  for (const step of [checks, migrated]) if (step.status === "rejected") throw step.reason;

  // The build needs only the sources, and Vitest leaves a core idle while its files wait on PostgreSQL and while the
  // last file runs alone: the build takes that time, at a low priority so that Vitest's tests keep their pace. Then,
  // in the same idle time, the Playwright stacks start (database copies, web apps up and healthy, workers), so that
  // Playwright begins at once when Vitest ends.
  const build = phase("build", () => buildIfNeeded({ besideTests: true }));
  const stacksStarting = build.then(() => phase("stacks", () => startStacks(databases, { e2e: E2E, ports: E2E_PORTS, reports: REPORTS })));
  stacking = stacksStarting.catch(() => null);
  const [vitestRun, built, stacks] = await phase("vitest beside the build and the stacks", () =>
    Promise.allSettled([
      phase("vitest", () => runVitest(databases, ["--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`])),
      build,
      stacksStarting,
    ]),
  );
  if (vitestRun.status === "rejected") throw vitestRun.reason;
  add(vitestOutcome(`${REPORTS}/vitest.json`, ROOT));
  if (built.status === "rejected") throw built.reason;
  if (stacks.status === "rejected") throw stacks.reason;

  const playwrightCode = await phase("playwright", () => playwrightOn(stacks.value, { reports: REPORTS, args: [] }));
  add(playwrightOutcome(`${REPORTS}/playwright.json`));
  const vitestCode = vitestRun.value;

  exitCode = vitestCode === 0 && playwrightCode === 0 && totals.failed === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  totals.failed += 1;
  failures.push(`the test script stopped: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await (await stacking)?.stop().catch(() => {});
  // On a server we were given, leave nothing behind; the embedded one is thrown away whole.
  if (process.env.DATABASE_URL) {
    await dropTestTemplates(server.adminUrl, databases.template).catch(() => {});
    for (const name of [databases.template, ...e2eDatabases(E2E, E2E_PORTS.length), databases.scratch])
      await dropDatabase(server.adminUrl, name).catch(() => {});
  }
  await server.stop().catch(() => {});
}
console.log(`\nPhases: ${phases.join(", ")}`);
if (failures.length) console.log(`\nWhat failed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
