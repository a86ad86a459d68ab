"use client";

import {
  ATTENDANCE_SAVE_DEBOUNCE_MS,
  ATTENDANCE_STATUS,
  type TAttendanceCommentSaveInput,
  type TAttendanceListAnswer,
  type TAttendanceRow,
  type TAttendanceSavedAnswer,
  type TAttendanceStatus,
  type TAttendanceStatusSaveInput,
} from "@pizarra/contracts";
import { toast } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { api } from "@/client/api.ts";
import { apiGet } from "@/client/api-query.ts";
import type { TSession } from "@/client/session.ts";
import { useAppSession } from "../shell/session-context.tsx";
import { isTransient, type QueueSnapshot, type RowSaveState, SaveQueue } from "./save-queue.ts";

const QUEUE_PREFIX = "pizarra.attendance.queue";

/** One queue per register for the life of the page: leaving a register while its marks wait does not stop them. */
const queues = new Map<string, SaveQueue>();
let listening = false;

/** The teacher's queues in this tab: another person signing in on the same device never sends them. */
const ownerPrefix = (session: TSession) => `${QUEUE_PREFIX}.${session.tenant.id}.${session.user.ID}.`;

interface QueueTexts {
  errorTitle: string;
}

async function sendMarks(sessionId: number, kind: "status" | "comment", body: TAttendanceStatusSaveInput | TAttendanceCommentSaveInput) {
  const result = await api.post<TAttendanceSavedAnswer>(`admAttendance/session/${sessionId}/${kind}`, body, { notify: false });
  return { ok: result.ok, transient: !result.ok && isTransient(result.httpStatus), msg: result.envelope.msg, saved: result.ok ? result.envelope.data : null };
}

function warnBeforeLeaving(event: BeforeUnloadEvent) {
  if ([...queues.values()].some((q) => q.waiting > 0)) event.preventDefault();
}

function queueFor(session: TSession, sessionId: number, texts: QueueTexts): SaveQueue {
  const key = `${ownerPrefix(session)}${sessionId}`;
  let queue = queues.get(key);
  if (queue) return queue;
  if (!listening) {
    listening = true;
    window.addEventListener("beforeunload", warnBeforeLeaving);
    window.addEventListener("online", () => {
      for (const q of queues.values()) q.retryNow();
    });
  }
  queue = new SaveQueue({
    send: (kind, body) => sendMarks(sessionId, kind, body),
    storage: window.sessionStorage,
    key,
    debounceMs: ATTENDANCE_SAVE_DEBOUNCE_MS,
  });
  // 001 §8: a comment kept back for a pending student says so; a refusal says why (toasts outlive the register's view).
  queue.subscribe((event) => {
    if (event.type === "refused") toast.error(texts.errorTitle, { description: event.msg });
    else if (event.type === "saved" && event.saved.commentsNotSaved.length > 0) toast.warning(event.msg, { id: `attendance-held-${sessionId}` });
  });
  queues.set(key, queue);
  return queue;
}

/** Sends what a reload left behind in the registers not opened yet (001 §8: no mark lost). */
export function useResumeStoredQueues(): void {
  const session = useAppSession();
  const tToast = useTranslations("toast");
  useEffect(() => {
    const prefix = ownerPrefix(session);
    const stored = Object.keys(window.sessionStorage).filter((key) => key.startsWith(prefix));
    for (const key of stored) {
      const sessionId = Number(key.slice(prefix.length));
      if (Number.isInteger(sessionId) && sessionId > 0) queueFor(session, sessionId, { errorTitle: tToast("errorTitle") });
    }
  }, [session, tToast]);
}

/** A row as the register shows it: the server's values under the changes still queued, and where its save stands. */
export interface RegisterRow extends TAttendanceRow {
  comment: string;
  save: RowSaveState | null;
}

export function displayRows(rows: TAttendanceRow[], snapshot: QueueSnapshot): RegisterRow[] {
  return rows.map((row) => {
    const queued = snapshot.entries.get(row.id);
    return {
      ...row,
      status: queued?.status ?? row.status,
      comment: queued?.comment ?? snapshot.held.get(row.id) ?? row.comment ?? "",
      save: snapshot.states.get(row.id) ?? null,
    };
  });
}

/** The rows the server kept replace the ones shown. */
function withSaved(list: TAttendanceListAnswer, saved: TAttendanceRow[]): TAttendanceListAnswer {
  const byId = new Map(saved.map((row) => [row.id, row]));
  return { ...list, rows: list.rows.map((row) => byId.get(row.id) ?? row) };
}

/**
 * One register (001 §2, §7): its list, starting it, and the marks and comments typed in, shown at once and saved
 * through the register's queue (debounced, batched, retried, kept across reloads).
 */
export function useRegister(sessionId: number, part: number) {
  const session = useAppSession();
  const tToast = useTranslations("toast");
  const client = useQueryClient();
  const [starting, setStarting] = useState(false);
  const queue = useMemo(() => queueFor(session, sessionId, { errorTitle: tToast("errorTitle") }), [session, sessionId, tToast]);
  const [snapshot, setSnapshot] = useState(() => queue.snapshot());
  // Read afresh at each opening (dropped once closed) and never again behind the teacher's back: the marks shown are
  // the server's under those still queued, and a read answered after a save could undo it on screen.
  const read = useMemo(() => apiGet<TAttendanceListAnswer>(`admAttendance/${part}/sessions/${sessionId}/list`), [part, sessionId]);
  const list = useQuery({ ...read, gcTime: 0, staleTime: Number.POSITIVE_INFINITY }).data ?? null;
  const { queryKey } = read;
  const setList = useCallback(
    (change: (list: TAttendanceListAnswer) => TAttendanceListAnswer) => client.setQueryData<TAttendanceListAnswer>(queryKey, (old) => old && change(old)),
    [client, queryKey],
  );

  useEffect(() => {
    setSnapshot(queue.snapshot());
    return queue.subscribe((event) => {
      if (event.type === "change") setSnapshot(event.snapshot);
      else if (event.type === "saved") setList((current) => withSaved(current, event.saved.rows));
    });
  }, [queue, setList]);

  const start = useCallback(async () => {
    setStarting(true);
    const result = await api.post<TAttendanceListAnswer>(`admAttendance/session/${sessionId}/init`);
    setStarting(false);
    if (!result.ok) return;
    client.setQueryData(queryKey, result.envelope.data);
    if (result.envelope.msg) toast.success(result.envelope.msg);
  }, [client, queryKey, sessionId]);

  const rows = useMemo(() => (list ? displayRows(list.rows, snapshot) : []), [list, snapshot]);
  const setStatus = useCallback((userId: number, status: TAttendanceStatus) => queue.push({ userId, status }), [queue]);
  const setComment = useCallback((userId: number, comment: string) => queue.push({ userId, comment }), [queue]);
  const markAllPresent = useCallback(() => {
    for (const row of rows) if (row.status === ATTENDANCE_STATUS.pending) queue.push({ userId: row.id, status: ATTENDANCE_STATUS.present });
  }, [rows, queue]);
  const retryNow = useCallback(() => queue.retryNow(), [queue]);

  return { list, rows, snapshot, starting, start, setStatus, setComment, markAllPresent, retryNow };
}
