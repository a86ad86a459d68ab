"use client";

import type { TAttendanceListAnswer, TAttendanceReadOnly } from "@pizarra/contracts";
import { Button, cn } from "@pizarra/ui";
import { ArrowLeft, CheckCheck, CloudOff, Lock, LoaderCircle, Play, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { TONES } from "../notifications/delivery-types.ts";
import { registerTitle } from "./day-choice.ts";
import { RegisterCounters } from "./register-counters.tsx";
import { focusStatus, RegisterList } from "./register-list.tsx";
import type { QueueSnapshot } from "./save-queue.ts";
import { countStatuses } from "./status-look.ts";
import { type RegisterRow, useRegister } from "./use-register.ts";

/** Where the register's saving stands, said once for the whole list (the rows say it one by one). */
function QueueStatus({ snapshot, rows, onRetry }: { snapshot: QueueSnapshot; rows: RegisterRow[]; onRetry: () => void }) {
  const t = useTranslations("attendance.queue");
  const waiting = snapshot.entries.size;
  const failed = rows.filter((r) => r.save === "failed").length;
  const saved = rows.some((r) => r.save === "saved" || r.save === "held");
  const state = snapshot.retrying && waiting > 0 ? "retrying" : waiting > 0 ? "saving" : failed > 0 ? "failed" : saved ? "saved" : "idle";
  return (
    <div
      role="status"
      data-testid="register-queue"
      data-state={state}
      className={cn(
        // Nothing to say yet: kept in the accessibility tree (a live region must be there before it speaks), out of sight.
        state === "idle" ? "sr-only" : "flex min-h-9 min-w-0 basis-full flex-wrap items-center gap-2 rounded-md px-3 py-1.5 text-sm sm:flex-1 sm:basis-0",
        state === "retrying" && TONES.warning,
        state === "failed" && TONES.danger,
        state === "saved" && TONES.success,
        state === "saving" && "text-muted-foreground",
      )}
    >
      {state === "retrying" && <CloudOff className="size-4" aria-hidden />}
      {state === "saving" && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
      {state !== "idle" && <span>{t(state, { count: state === "failed" ? failed : waiting })}</span>}
      {state === "retrying" && (
        <Button variant="outline" size="sm" className="ml-auto" onClick={onRetry} data-testid="register-retry">
          <RefreshCw className="size-4" aria-hidden />
          {t("retryNow")}
        </Button>
      )}
    </div>
  );
}

/** Why the register cannot be marked, when it cannot. */
function readOnlyText(list: TAttendanceListAnswer, canWrite: boolean): TAttendanceReadOnly | "module" {
  return list.readOnly ?? (canWrite ? null : "module");
}

/** 001 §2: until the register is started an overlay blocks the list, with the button that starts it. */
function StartOverlay({ blocked, starting, onStart }: { blocked: string | null; starting: boolean; onStart: () => void }) {
  const t = useTranslations("attendance");
  return (
    <div
      className="absolute inset-0 z-10 flex items-start justify-center rounded-lg bg-background/70 p-4 pt-10 backdrop-blur-[2px]"
      data-testid="register-overlay"
    >
      <div className="flex max-w-sm flex-col items-center gap-3 rounded-lg border bg-card p-5 text-center shadow-md">
        <h3 id="register-overlay-title" className="text-base font-semibold">
          {t("notStartedTitle")}
        </h3>
        <p className="text-sm text-muted-foreground">{blocked ?? t("notStartedText")}</p>
        {/* The overlay blocks everything else: the one thing to do goes under the keyboard. */}
        <Button size="lg" autoFocus disabled={blocked !== null || starting} onClick={onStart} data-testid="register-start">
          {starting ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Play className="size-4" aria-hidden />}
          {t("start")}
        </Button>
      </div>
    </div>
  );
}

/**
 * One register opened (001 §2): its counters, how its saving goes, "mark all present", and the list of students,
 * behind the start overlay until it is started. Focus goes to the first student still pending once it can be marked.
 */
export function RegisterView({ sessionId, part, canWrite, onBack }: { sessionId: number; part: number; canWrite: boolean; onBack: () => void }) {
  const t = useTranslations("attendance");
  const register = useRegister(sessionId, part);
  const { list, rows, snapshot } = register;
  const listRef = useRef<HTMLDivElement>(null);
  const reason = list ? readOnlyText(list, canWrite) : null;
  const started = list?.session.started ?? false;
  const counts = countStatuses(rows);

  useEffect(() => {
    if (!started) return;
    focusStatus(listRef.current?.querySelector('[data-status="0"]') ?? listRef.current?.querySelector("[data-status]"));
  }, [started, sessionId]);

  return (
    <section className="flex flex-col gap-3" aria-labelledby="register-title" data-testid="register-view" data-session={sessionId}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" onClick={onBack} data-testid="register-back">
          <ArrowLeft className="size-4" aria-hidden />
          {t("back")}
        </Button>
        <h3 id="register-title" className="min-w-0 basis-full break-words text-lg font-semibold sm:flex-1 sm:basis-0" data-testid="register-title">
          {list ? registerTitle(list.session) : t("loading")}
        </h3>
      </div>
      {!list ? (
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />
      ) : (
        <>
          {reason && started && (
            <p
              role="note"
              className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
              data-testid="register-readonly"
              data-reason={reason}
            >
              <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t(`readOnly.${reason}`)}
            </p>
          )}
          <RegisterCounters counts={counts} />
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              onClick={register.markAllPresent}
              disabled={!started || reason !== null || counts[0] === 0}
              data-testid="register-all-present"
            >
              <CheckCheck className="size-4" aria-hidden />
              {t("allPresent")}
            </Button>
            <QueueStatus snapshot={snapshot} rows={rows} onRetry={register.retryNow} />
          </div>
          <div ref={listRef} className="relative min-h-64">
            {rows.length === 0 ? (
              <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground" data-testid="register-empty">
                {t("noStudents")}
              </p>
            ) : (
              <div inert={!started || undefined}>
                <RegisterList rows={rows} disabled={!started || reason !== null} onStatus={register.setStatus} onComment={register.setComment} />
              </div>
            )}
            {!started && <StartOverlay blocked={reason ? t(`readOnly.${reason}`) : null} starting={register.starting} onStart={() => void register.start()} />}
          </div>
        </>
      )}
    </section>
  );
}
