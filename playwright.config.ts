import { defineConfig } from "@playwright/test";

/**
 * `pnpm test` serves the production build with the demo school on one or more stacks, each its own database, web
 * app, worker and outside stand-ins (scripts/lib/suites.ts), and lists each stack's variables in E2E_STACKS: one
 * worker per stack. Each worker process loads this file after Playwright has set its slot (TEST_PARALLEL_INDEX, kept
 * by the worker that replaces it after a failure) and before any spec, so every spec and fixture of that worker reads
 * its own stack's BASE_URL, TEST_DATABASE_URL, OUTSIDE_DIR, … from process.env, whichever files it is given.
 */
const stacks = JSON.parse(process.env.E2E_STACKS ?? "[]") as Record<string, string>[];
const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined && stacks.length > 0) Object.assign(process.env, stacks[Number(slot) % stacks.length]);

const baseURL = process.env.BASE_URL ?? "http://127.0.0.1:3100";
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  // A spec file runs whole on one worker, in order: its tests share what they made.
  fullyParallel: false,
  workers: Math.max(1, stacks.length),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL,
    // Recording a trace (DOM snapshots around every action) more than doubled the browser's CPU time on the
    // every-module spec, for a file kept only when a test fails: so it is recorded on a retry only. To trace a failing
    // test locally, run it again with `--trace on`; the screenshot is kept on every failure anyway.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  outputDir: ".data/playwright",
  projects: [
    { name: "api", testMatch: /api\/.*\.spec\.ts/ },
    {
      name: "ui",
      testMatch: /ui\/.*\.spec\.ts/,
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
});
