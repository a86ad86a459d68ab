import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { startWorker } from "../../../../scripts/lib/outside.ts";

/**
 * The worker processes a test file starts on its database (each with a token secret of its own): `stopAll` stops
 * those still running and waits until they are gone, as a file must before its database is dropped.
 */
export function testWorkers(databaseUrl: () => string) {
  const running = new Set<ChildProcess>();
  return {
    start(env: Record<string, string>): ChildProcess {
      const worker = startWorker({ DATABASE_URL: databaseUrl(), AUTH_SECRET: randomBytes(32).toString("hex"), ...env });
      running.add(worker);
      worker.on("exit", () => running.delete(worker));
      return worker;
    },
    async stopAll(): Promise<void> {
      const stopped = [...running].map((worker) => once(worker, "exit"));
      for (const worker of running) worker.kill("SIGTERM");
      await Promise.all(stopped);
    },
  };
}
