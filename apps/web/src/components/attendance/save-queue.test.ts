import type { TAttendanceSavedAnswer } from "@pizarra/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { batchesOf, isTransient, type QueueEvent, retryDelay, SaveQueue, type SendResult } from "./save-queue.ts";

const DEBOUNCE = 500;
const KEY = "queue";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const saved = (commentsNotSaved: number[] = []): SendResult => ({
  ok: true,
  transient: false,
  msg: commentsNotSaved.length ? "comment held" : "",
  saved: { rows: [], commentsNotSaved } satisfies TAttendanceSavedAnswer,
});
const dropped: SendResult = { ok: false, transient: true, msg: "", saved: null };
const refused: SendResult = { ok: false, transient: false, msg: "closed period", saved: null };

/** A queue whose sends are recorded and answered from `answers` in turn (the last one repeats). */
function setup(answers: SendResult[] = [saved()], storage = memoryStorage()) {
  const sent: { kind: "status" | "comment"; body: unknown[] }[] = [];
  const send = vi.fn(async (kind: "status" | "comment", body: unknown[]) => {
    sent.push({ kind, body });
    return answers.length > 1 ? answers.shift()! : answers[0]!;
  });
  const queue = new SaveQueue({ send, storage, key: KEY, debounceMs: DEBOUNCE });
  const events: QueueEvent[] = [];
  queue.subscribe((e) => events.push(e));
  return { queue, sent, send, storage, events };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the register's save queue", () => {
  it("sends one batch 500 ms after the last change, with the latest value per student", async () => {
    const { queue, sent } = setup();
    queue.push({ userId: 1, status: 1 });
    await vi.advanceTimersByTimeAsync(400);
    queue.push({ userId: 2, status: 3 });
    queue.push({ userId: 1, status: 2 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(sent).toEqual([]);
    expect(queue.snapshot().states.get(1)).toBe("saving");
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        kind: "status",
        body: [
          { userId: 1, status: 2 },
          { userId: 2, status: 3 },
        ],
      },
    ]);
    expect(queue.waiting).toBe(0);
    expect([...queue.snapshot().states]).toEqual([
      [1, "saved"],
      [2, "saved"],
    ]);
  });

  it("sends comments with their marks, and lone comments through the comment call", async () => {
    const { queue, sent } = setup();
    queue.push({ userId: 1, comment: "llegó con su madre" });
    queue.push({ userId: 1, status: 2 });
    queue.push({ userId: 2, comment: "lesión" });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(sent).toEqual([
      { kind: "status", body: [{ userId: 1, status: 2, comment: "llegó con su madre" }] },
      { kind: "comment", body: [{ userId: 2, comment: "lesión" }] },
    ]);
  });

  it("keeps everything through a network drop, retries with a growing pause and sends the latest values once back", async () => {
    const { queue, sent, events } = setup([dropped, dropped, saved()]);
    queue.push({ userId: 1, status: 1 });
    queue.push({ userId: 2, status: 1 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(sent).toHaveLength(1);
    expect(queue.snapshot().retrying).toBe(true);
    expect(queue.snapshot().states.get(1)).toBe("waiting");
    // A change made while offline joins the queue and replaces the student's earlier value.
    queue.push({ userId: 2, status: 3 });
    expect(queue.waiting).toBe(2);
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(retryDelay(2) - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toEqual({
      kind: "status",
      body: [
        { userId: 1, status: 1 },
        { userId: 2, status: 3 },
      ],
    });
    expect(queue.snapshot().retrying).toBe(false);
    expect(queue.waiting).toBe(0);
    expect(events.filter((e) => e.type === "saved")).toHaveLength(1);
  });

  it("sends at once when told the network is back, instead of waiting for the next retry", async () => {
    const { queue, sent } = setup([dropped, saved()]);
    queue.push({ userId: 1, status: 1 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(queue.waiting).toBe(0);
  });

  it("survives a reload: a queue made over the same storage sends what the last one left", async () => {
    const storage = memoryStorage();
    const first = setup([dropped], storage);
    first.queue.push({ userId: 5, status: 3, comment: "fiebre" });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(storage.items.has(KEY)).toBe(true);
    vi.clearAllTimers();

    const second = setup([saved()], storage);
    expect(second.queue.waiting).toBe(1);
    expect(second.queue.snapshot().states.get(5)).toBe("saving");
    await vi.advanceTimersByTimeAsync(0);
    expect(second.sent).toEqual([{ kind: "status", body: [{ userId: 5, status: 3, comment: "fiebre" }] }]);
    expect(storage.items.has(KEY)).toBe(false);
  });

  it("reads a damaged store as empty", () => {
    const storage = memoryStorage();
    storage.setItem(KEY, "{not json");
    expect(setup([saved()], storage).queue.waiting).toBe(0);
  });

  it("reports a refusal, marks its rows failed and does not send it again", async () => {
    const { queue, sent, events } = setup([refused]);
    queue.push({ userId: 1, status: 1 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(queue.snapshot().states.get(1)).toBe("failed");
    expect(events.find((e) => e.type === "refused")).toEqual({ type: "refused", userIds: [1], msg: "closed period" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
  });

  it("holds a pending student's comment the server did not keep and sends it with the student's mark", async () => {
    const { queue, sent, events } = setup([saved([3]), saved()]);
    queue.push({ userId: 3, comment: "trae justificante" });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(queue.snapshot().states.get(3)).toBe("held");
    expect(queue.snapshot().held.get(3)).toBe("trae justificante");
    expect(events.find((e) => e.type === "saved")).toMatchObject({ msg: "comment held" });

    queue.push({ userId: 3, status: 3 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(sent[1]).toEqual({ kind: "status", body: [{ userId: 3, status: 3, comment: "trae justificante" }] });
    expect(queue.snapshot().held.size).toBe(0);
    expect(queue.snapshot().states.get(3)).toBe("saved");
  });

  it("does not lose a change made while its student's earlier value was on its way", async () => {
    let answer: (r: SendResult) => void = () => undefined;
    const sent: unknown[][] = [];
    const queue = new SaveQueue({
      send: (_kind, body) => {
        sent.push(body);
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
      storage: null,
      key: KEY,
      debounceMs: DEBOUNCE,
    });
    queue.push({ userId: 1, status: 1 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    queue.push({ userId: 1, status: 3 });
    answer(saved());
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.waiting).toBe(1);
    expect(queue.snapshot().states.get(1)).toBe("saving");
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(sent[1]).toEqual([{ userId: 1, status: 3 }]);
    answer(saved());
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.waiting).toBe(0);
  });
});

describe("retry rules", () => {
  it("pauses 1, 2, 4, 8 s, then 15 s at most", () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
  });

  it("retries a missing answer, an ended session or a server error, never a refusal", () => {
    expect([0, 401, 408, 429, 500, 502, 503].every(isTransient)).toBe(true);
    expect([200, 400, 403, 404, 409].some(isTransient)).toBe(false);
  });

  it("sends at most one full list per call", () => {
    const entries = Array.from({ length: 501 }, (_, i) => ({ userId: i + 1, status: 1 as const, rev: i }));
    expect(batchesOf(entries).statusBody).toHaveLength(500);
  });
});
