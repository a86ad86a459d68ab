import {
  ATTENDANCE_MAX_ROWS,
  type TAttendanceCommentSaveInput,
  type TAttendanceSavedAnswer,
  type TAttendanceStatus,
  type TAttendanceStatusSaveInput,
} from "@pizarra/contracts";

/** A change the teacher made to one student: a status, a comment, or both. */
export interface MarkChange {
  userId: number;
  status?: TAttendanceStatus;
  comment?: string;
}

/** The latest unsent value per student; `rev` tells a change made while a send was on its way from the one sent. */
export interface QueueEntry extends MarkChange {
  rev: number;
}

/**
 * Where a student's last change stands: queued or on its way ("saving"), waiting for the network ("waiting"), kept
 * ("saved"), refused ("failed"), or a comment the server keeps only once the student is marked ("held", 001 §8).
 */
export type RowSaveState = "saving" | "waiting" | "saved" | "failed" | "held";

export interface QueueSnapshot {
  entries: ReadonlyMap<number, QueueEntry>;
  /** Comments of pending students the server did not keep: they stay in the box and go with the student's mark. */
  held: ReadonlyMap<number, string>;
  states: ReadonlyMap<number, RowSaveState>;
  /** The last send failed for want of a network or server: the queue retries on its own. */
  retrying: boolean;
}

/** What one POST answered, reduced to what the queue decides on. */
export interface SendResult {
  ok: boolean;
  /** No answer, or a server error: the same batch may be sent again. Otherwise a refusal, which sending again repeats. */
  transient: boolean;
  msg: string;
  saved: TAttendanceSavedAnswer | null;
}

export type QueueEvent =
  | { type: "change"; snapshot: QueueSnapshot }
  | { type: "saved"; saved: TAttendanceSavedAnswer; msg: string }
  | { type: "refused"; userIds: number[]; msg: string };

export interface QueueOptions {
  /** POST …/status with marks (comments with them), or POST …/comment with comments alone. */
  send: (kind: "status" | "comment", body: TAttendanceStatusSaveInput | TAttendanceCommentSaveInput) => Promise<SendResult>;
  /** Where the queue survives a reload (sessionStorage in the browser), under `key`. */
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  key: string;
  debounceMs: number;
}

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 15_000;

/** 1 s, 2 s, 4 s, 8 s, then every 15 s: a dropped classroom Wi-Fi is retried soon, a long outage without hammering. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}

/**
 * A failure worth repeating: no answer at all (httpStatus 0), a timeout, throttling, a server error, or an ended session
 * (the marks wait in storage for the teacher to sign in again rather than being dropped).
 */
export function isTransient(httpStatus: number): boolean {
  return httpStatus === 0 || httpStatus === 401 || httpStatus === 408 || httpStatus === 429 || httpStatus >= 500;
}

/** Folds a change into the student's queued entry: the latest value of each part wins, the other part is kept. */
export function mergeChange(previous: QueueEntry | undefined, change: MarkChange, rev: number, held: string | undefined): QueueEntry {
  const entry: QueueEntry = { ...previous, ...change, rev };
  if (change.status === undefined && previous?.status !== undefined) entry.status = previous.status;
  if (change.comment === undefined) {
    if (previous?.comment !== undefined) entry.comment = previous.comment;
    // A comment the server held back until the student is marked goes with the mark.
    else if (change.status !== undefined && held !== undefined) entry.comment = held;
  }
  return entry;
}

/** The two bodies a flush sends: marks (with their comments) to …/status, lone comments to …/comment. */
export function batchesOf(entries: Iterable<QueueEntry>) {
  const chosen = [...entries].slice(0, ATTENDANCE_MAX_ROWS);
  const marks = chosen.filter((e) => e.status !== undefined);
  const comments = chosen.filter((e) => e.status === undefined);
  return {
    marks,
    comments,
    statusBody: marks.map((e) => ({
      userId: e.userId,
      status: e.status!,
      ...(e.comment !== undefined ? { comment: e.comment } : {}),
    })) satisfies TAttendanceStatusSaveInput,
    commentBody: comments.map((e) => ({ userId: e.userId, comment: e.comment ?? "" })) satisfies TAttendanceCommentSaveInput,
  };
}

interface Stored {
  entries: QueueEntry[];
  held: [number, string][];
}

function restore(storage: QueueOptions["storage"], key: string): Stored {
  try {
    const parsed = JSON.parse(storage?.getItem(key) ?? "null") as Partial<Stored> | null;
    return {
      entries: Array.isArray(parsed?.entries) ? parsed.entries.filter((e) => Number.isInteger(e?.userId)) : [],
      held: Array.isArray(parsed?.held) ? parsed.held.filter((h) => Array.isArray(h) && Number.isInteger(h[0]) && typeof h[1] === "string") : [],
    };
  } catch {
    return { entries: [], held: [] };
  }
}

/**
 * The register's save queue (001 §8): every change waits `debounceMs` after the last one, then the queue goes as one
 * batch. Only the latest value per student is kept, in storage too, so a dropped network or a reload loses nothing:
 * a send that got no answer is retried with a growing pause until it gets one; a refusal is reported and dropped.
 */
export class SaveQueue {
  private entries = new Map<number, QueueEntry>();
  private held = new Map<number, string>();
  private states = new Map<number, RowSaveState>();
  private listeners = new Set<(event: QueueEvent) => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private rev = 0;
  private attempt = 0;
  private sending = false;
  private snapshotCache: QueueSnapshot | null = null;

  constructor(private readonly options: QueueOptions) {
    const stored = restore(options.storage, options.key);
    for (const entry of stored.entries) {
      this.entries.set(entry.userId, { ...entry, rev: ++this.rev });
      this.states.set(entry.userId, "saving");
    }
    this.held = new Map(stored.held);
    if (this.entries.size > 0) this.schedule(0);
  }

  subscribe(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): QueueSnapshot {
    this.snapshotCache ??= {
      entries: new Map(this.entries),
      held: new Map(this.held),
      states: new Map(this.states),
      retrying: this.attempt > 0,
    };
    return this.snapshotCache;
  }

  /** Marks or comments still to be kept by the server (the page warns before it is left). */
  get waiting(): number {
    return this.entries.size;
  }

  push(change: MarkChange): void {
    const previous = this.entries.get(change.userId);
    this.entries.set(change.userId, mergeChange(previous, change, ++this.rev, this.held.get(change.userId)));
    if (change.comment !== undefined) this.held.delete(change.userId);
    this.states.set(change.userId, this.attempt > 0 ? "waiting" : "saving");
    this.changed();
    // While a retry is pending the new change joins it; otherwise the debounce starts again.
    if (this.attempt === 0) this.schedule(this.options.debounceMs);
  }

  /** Sends what is queued now (the network came back, the register is being left). */
  retryNow(): void {
    if (this.entries.size > 0) this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private emit(event: QueueEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private changed(): void {
    this.snapshotCache = null;
    if (this.entries.size === 0 && this.held.size === 0) this.options.storage?.removeItem(this.options.key);
    else this.options.storage?.setItem(this.options.key, JSON.stringify({ entries: [...this.entries.values()], held: [...this.held] } satisfies Stored));
    this.emit({ type: "change", snapshot: this.snapshot() });
  }

  /** Drops the sent entries that did not change while on their way. */
  private settle(sent: QueueEntry[], state: (userId: number) => RowSaveState): void {
    for (const entry of sent) {
      if (this.entries.get(entry.userId)?.rev !== entry.rev) continue;
      this.entries.delete(entry.userId);
      this.states.set(entry.userId, state(entry.userId));
    }
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (this.sending || this.entries.size === 0) return;
    this.sending = true;
    const { marks, comments, statusBody, commentBody } = batchesOf(this.entries.values());
    let transient = false;
    for (const [kind, sent, body] of [
      ["status", marks, statusBody],
      ["comment", comments, commentBody],
    ] as const) {
      if (sent.length === 0) continue;
      const result = await this.options.send(kind, body);
      if (result.ok && result.saved) {
        const notKept = new Set(result.saved.commentsNotSaved);
        for (const entry of sent) {
          if (notKept.has(entry.userId) && entry.comment) this.held.set(entry.userId, entry.comment);
          else this.held.delete(entry.userId);
        }
        this.settle(sent, (userId) => (notKept.has(userId) ? "held" : "saved"));
        this.emit({ type: "saved", saved: result.saved, msg: result.msg });
      } else if (result.transient) {
        transient = true;
        for (const entry of sent) if (this.entries.has(entry.userId)) this.states.set(entry.userId, "waiting");
      } else {
        this.settle(sent, () => "failed");
        this.emit({ type: "refused", userIds: sent.map((e) => e.userId), msg: result.msg });
      }
    }
    this.sending = false;
    this.attempt = transient ? this.attempt + 1 : 0;
    this.changed();
    if (transient) this.schedule(retryDelay(this.attempt));
    else if (this.entries.size > 0) this.schedule(this.options.debounceMs);
  }
}
