import { describe, expect, it } from "vitest";
import { z } from "zod";
import { logContext } from "../log.ts";
import { declareJob, enqueue, gatherer, jobId, jobKind } from "./queue.ts";

/** A transaction that keeps the statements pg-boss sends it (one insert of every job, their rows as JSON). */
function recorder(fail = false) {
  const statements: unknown[][] = [];
  return {
    statements,
    db: {
      $queryRawUnsafe: async (_text: string, ...values: unknown[]) => {
        statements.push(values);
        if (fail) throw new Error("database down");
        return [];
      },
    } as never,
  };
}
const STATUS = jobKind("whatsapp-status", z.object({ id: z.string(), status: z.string() }));
const status = (id: string) => ({ data: { id, status: "read" }, key: `wa:${id}:read` });

describe("gatherer: jobs of many calls queued in one statement", () => {
  it("queues the calls of one window together, a key twice once, and answers each call once they are stored", async () => {
    const { db, statements } = recorder();
    const queue = gatherer(STATUS, 30);
    const answered: string[] = [];
    await Promise.all([
      queue(db, [status("a"), status("b")]).then(() => answered.push("first")),
      queue(db, [status("b")]).then(() => answered.push("second")),
      queue(db, []).then(() => answered.push("empty")),
    ]);
    expect(statements).toHaveLength(1);
    const written = JSON.stringify(statements[0]);
    for (const id of ["a", "b"]) expect(written.split(jobId(`wa:${id}:read`)).length - 1).toBe(1);
    expect(answered.sort()).toEqual(["empty", "first", "second"]);
    // A later call opens a window of its own.
    await queue(db, [status("c")]);
    expect(statements).toHaveLength(2);
  });

  it("refuses every call of a window whose statement failed, so that none answers Meta as if stored", async () => {
    const { db } = recorder(true);
    const queue = gatherer(STATUS, 10);
    const results = await Promise.allSettled([queue(db, [status("a")]), queue(db, [status("b")])]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("a job's payload, checked by its kind", () => {
  it("is refused when queued if it does not parse, and nothing is written", async () => {
    const { db, statements } = recorder();
    await expect(enqueue(db, STATUS, [{ data: { id: 7 } as never, key: "wa:bad" }])).rejects.toThrow(/whatsapp-status/);
    expect(statements).toHaveLength(0);
  });

  it("is parsed again before the handler runs: a job that does not parse is dropped, the others run", async () => {
    const ran: unknown[] = [];
    const job = declareJob({
      job: STATUS,
      policy: () => ({ retryLimit: 0, expireInSeconds: 60, batchSize: 10, pollingIntervalSeconds: 1 }),
      run: async (_system, jobs, retry) => {
        ran.push(...jobs.map((j) => j.data));
        retry(jobs.map((j) => j.id));
      },
    });
    const again = await job.runBatch({} as never, [
      { id: "a", data: { id: "a", status: "read" } },
      { id: "b", data: { status: "read" } },
    ]);
    expect(ran).toEqual([{ id: "a", status: "read" }]);
    expect(again).toEqual(["a"]);
  });
});

describe("a job carries the request that queued it", () => {
  it("in its payload, each job of a gathered window its own call's", async () => {
    const { db, statements } = recorder();
    await logContext.run({ reqId: "req-one" }, () => enqueue(db, STATUS, [status("a")]));
    expect(JSON.stringify(statements[0])).toContain('\\"_reqId\\":\\"req-one\\"');
    const queue = gatherer(STATUS, 20);
    await Promise.all([
      logContext.run({ reqId: "req-two" }, () => queue(db, [status("b")])),
      logContext.run({ reqId: "req-three" }, () => queue(db, [status("c")])),
    ]);
    const gathered = JSON.stringify(statements[1]);
    expect(gathered).toContain('\\"_reqId\\":\\"req-two\\"');
    expect(gathered).toContain('\\"_reqId\\":\\"req-three\\"');
  });

  it("to the worker: its handler runs in that request's context (with its school), and gets the payload without it", async () => {
    const seen: unknown[] = [];
    const job = declareJob({
      job: STATUS,
      policy: () => ({ retryLimit: 0, expireInSeconds: 60, batchSize: 10, pollingIntervalSeconds: 1 }),
      run: async (_system, jobs) => {
        seen.push(logContext.getStore(), ...jobs.map((j) => j.data));
      },
    });
    await job.runBatch({} as never, [{ id: "a", data: { id: "a", status: "read", tenantId: 3, _reqId: "req-one" } }]);
    expect(seen).toEqual([
      { job: "whatsapp-status", reqId: "req-one", tenantId: 3 },
      { id: "a", status: "read" },
    ]);
    seen.length = 0;
    await job.runBatch({} as never, [
      { id: "a", data: { id: "a", status: "read", _reqId: "req-one" } },
      { id: "b", data: { id: "b", status: "read", _reqId: "req-two" } },
    ]);
    expect(seen[0]).toEqual({ job: "whatsapp-status", reqIds: ["req-one", "req-two"] });
  });
});
