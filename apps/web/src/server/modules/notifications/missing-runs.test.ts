import type { Db } from "@pizarra/db";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The queue as the worker sees it: which run jobs still wait (none here: the one asked about has completed), and what
// gets queued. The notifications are read from a stand-in whose answers change between the reads, as the rows do when
// a run ends while the check runs.
const queued = vi.hoisted((): unknown[] => []);
vi.mock("../../delivery/queue.ts", async (actual) => ({
  ...(await actual<typeof import("../../delivery/queue.ts")>()),
  pendingJobs: async () => new Set<string>(),
  enqueue: async (_tx: unknown, _kind: unknown, jobs: unknown[]) => void queued.push(...jobs),
}));
vi.mock("@pizarra/db", async (actual) => ({
  ...(await actual<typeof import("@pizarra/db")>()),
  forTenant: (system: Db) => system,
}));
const { queueMissingRuns } = await import("./run-notification.ts");

const scheduledAt = new Date("2026-12-07T12:00:00Z");
const row = (over: Record<string, unknown>) => ({ id: 505, tenantId: 1, run: 0, status: 2, scheduledAt, nextRunAt: scheduledAt, runJob: "job-0", ...over });

/** A database whose notification reads answer `reads` in turn. */
function system(reads: Record<string, unknown>[][]) {
  let read = 0;
  const db = {
    notification: { findMany: async () => reads[Math.min(read++, reads.length - 1)], updateMany: async () => ({ count: 1 }) },
    $transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn(db),
  };
  return db as unknown as Db;
}

describe("runs a notification lost with its queue", () => {
  beforeEach(() => void queued.splice(0));

  it("queues nothing for a run that ended while the queue was asked about it (its job completed, its next run is none)", async () => {
    // Read first while the run sent (job-0 active); by the time the queue answers it has completed and cleared nextRunAt.
    expect(await queueMissingRuns(system([[row({})], []]))).toBe(0);
    expect(queued).toEqual([]);
  });

  it("queues nothing when the run that ended queued the next one meanwhile (a recurring notification)", async () => {
    expect(await queueMissingRuns(system([[row({})], [row({ runJob: "job-1", nextRunAt: new Date("2026-12-14T12:00:00Z") })]]))).toBe(0);
    expect(queued).toEqual([]);
  });

  it("queues the next run of one still waiting on a job the queue no longer has, and the first of one that never had a job", async () => {
    const lost = row({ status: 3, runJob: "job-gone" });
    const seeded = row({ id: 506, status: 1, runJob: null });
    expect(
      await queueMissingRuns(
        system([
          [lost, seeded],
          [lost, seeded],
        ]),
      ),
    ).toBe(2);
    expect(queued.map((job) => (job as { data: { id: number; run: number } }).data)).toEqual([
      expect.objectContaining({ id: 505, run: 1 }),
      expect.objectContaining({ id: 506, run: 0 }),
    ]);
  });
});
