import { defineConfig } from "@playwright/test";

// Started by `pnpm test`, which serves the production build with the demo school and passes these variables.
const baseURL = process.env.BASE_URL ?? "http://127.0.0.1:3100";
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
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
