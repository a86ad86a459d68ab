import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** What a test file does when it starts processes of its own: workers, app instances, servers, database servers. */
const STARTS_PROCESSES = /\b(testWorkers|startWorker|startApiInstance|startServerMjs|startWeb|ensureDatabase|spawn|execFile|fork)\(/;

/**
 * Vitest's order (the longest first when a run before left its durations, else the largest file first; a clean
 * checkout, as in CI, has none) with the files that start processes put first. Those are the longest of the run, and
 * little of it is the size of their source: they wait on their workers and servers to start, send, stop. Started last,
 * one of them runs alone at the end of the run while the other core has nothing left to take.
 */
class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const starts = new Set(sorted.filter((file) => STARTS_PROCESSES.test(fs.readFileSync(file.moduleId, "utf8"))));
    return [...sorted.filter((file) => starts.has(file)), ...sorted.filter((file) => !starts.has(file))];
  }
}

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src") } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/web/src/**/*.test.ts", "prisma/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    sequence: { sequencer: ProcessesFirst },
  },
});
