"use client";

import { ATTENDANCE_COMMENT_MAX, JUSTIFIABLE_STATUSES, MARK_JUSTIFICATION, type TAttendanceStatus } from "@pizarra/contracts";
import { Avatar, AvatarFallback, AvatarImage, cn, Input } from "@pizarra/ui";
import { CircleAlert, CircleCheck, CloudOff, LoaderCircle, MessageSquare, MessageSquareWarning, ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { initials, studentName } from "../justifications/justification-model.ts";
import { TONES } from "../notifications/delivery-types.ts";
import type { RowSaveState } from "./save-queue.ts";
import { STATUS_BUTTONS, STATUS_LOOK, statusOfKey } from "./status-look.ts";
import type { RegisterRow } from "./use-register.ts";
import { useAppSession } from "../shell/session-context.tsx";

/** Each save state's icon and chip colours (the chips' tints keep their text readable in light and dark). */
const SAVE_LOOK: Record<RowSaveState, { icon: typeof CircleCheck; className: string }> = {
  saving: { icon: LoaderCircle, className: cn(TONES.muted, "[&>svg]:animate-spin") },
  waiting: { icon: CloudOff, className: TONES.warning },
  saved: { icon: CircleCheck, className: TONES.success },
  failed: { icon: CircleAlert, className: TONES.danger },
  held: { icon: MessageSquareWarning, className: TONES.warning },
};

function SaveState({ id, state }: { id: number; state: RowSaveState | null }) {
  const t = useTranslations("attendance.save");
  if (!state) return null;
  const { icon: Icon, className } = SAVE_LOOK[state];
  return (
    <span data-testid={`register-save-${id}`} data-state={state} className={cn("inline-flex items-center gap-1 rounded px-1", className)}>
      <Icon className="size-3.5" aria-hidden />
      {t(state)}
    </span>
  );
}

/**
 * A late or absent mark's justification (001 §4 "Attendance type justification"): excused once the office accepted it,
 * under review while it waits; the plain status says nothing of either.
 */
function JustifiedChip({ row }: { row: RegisterRow }) {
  const t = useTranslations("attendance.justification");
  if (!JUSTIFIABLE_STATUSES.includes(row.status)) return null;
  const accepted = row.justifType === MARK_JUSTIFICATION.accepted;
  if (!accepted && row.justifType !== MARK_JUSTIFICATION.received) return null;
  return (
    <span
      data-testid={`register-justified-${row.id}`}
      data-justification={row.justifType}
      className={cn("inline-flex items-center gap-1 rounded px-1", accepted ? TONES.success : TONES.info)}
    >
      <ShieldCheck className="size-3.5" aria-hidden />
      {t(String(row.justifType))}
    </span>
  );
}

function StatusButton({
  status,
  pressed,
  disabled,
  rowId,
  onPress,
}: {
  status: TAttendanceStatus;
  pressed: boolean;
  disabled: boolean;
  rowId: number;
  onPress: () => void;
}) {
  const t = useTranslations("attendance.status");
  const { icon: Icon, tone } = STATUS_LOOK[status];
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      data-testid={`register-status-${rowId}-${status}`}
      onClick={onPress}
      className={cn(
        "inline-flex size-11 shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-md border text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 lg:w-auto lg:px-3",
        pressed ? cn(tone, "border-current font-semibold ring-1 ring-current") : "border-input bg-background text-muted-foreground hover:bg-accent",
      )}
    >
      <Icon className="size-5" aria-hidden />
      <span className="sr-only lg:not-sr-only">{t(String(status))}</span>
    </button>
  );
}

interface RowProps {
  row: RegisterRow;
  disabled: boolean;
  hintId: string;
  rowRef: (el: HTMLDivElement | null) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>) => void;
  onStatus: (status: TAttendanceStatus) => void;
  onComment: (comment: string) => void;
  commentOpen: boolean;
  onToggleComment: () => void;
}

function RegisterRowView({ row, disabled, hintId, rowRef, onKey, onStatus, onComment, commentOpen, onToggleComment }: RowProps) {
  const { givenNamesFirst } = useAppSession().tenant;
  const t = useTranslations("attendance");
  const name = studentName(row, givenNamesFirst);
  const nameId = useId();
  const commentId = `register-comment-${row.id}`;
  return (
    <li>
      <div
        ref={rowRef}
        role="group"
        aria-labelledby={nameId}
        aria-describedby={hintId}
        data-testid={`register-row-${row.id}`}
        data-status={row.status}
        onKeyDown={onKey}
        className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-2 rounded-lg border bg-card p-2 focus-within:border-ring sm:grid-cols-[minmax(0,1fr)_auto_minmax(9rem,18rem)] sm:gap-x-3"
      >
        <div className="flex min-w-0 items-center gap-2">
          <Avatar className="size-8 shrink-0 max-[359px]:hidden">
            {row.img && <AvatarImage src={row.img} alt="" />}
            <AvatarFallback className="text-xs">{initials(row)}</AvatarFallback>
          </Avatar>
          <div className="flex min-w-0 flex-col gap-0.5">
            <span id={nameId} className="break-words text-sm font-medium leading-tight">
              {name}
            </span>
            <span className="flex flex-wrap items-center gap-x-2 text-xs">
              <JustifiedChip row={row} />
              <SaveState id={row.id} state={row.save} />
              <button
                type="button"
                className="inline-flex cursor-pointer items-center gap-1 text-muted-foreground underline-offset-2 hover:underline sm:hidden"
                aria-expanded={commentOpen}
                aria-controls={commentId}
                data-testid={`register-comment-toggle-${row.id}`}
                onClick={onToggleComment}
              >
                <MessageSquare className="size-3.5" aria-hidden />
                {row.comment ? t("commentShow") : t("commentAdd")}
              </button>
            </span>
          </div>
        </div>
        <div role="group" aria-label={t("statusFor", { name })} className="flex gap-1">
          {STATUS_BUTTONS.map((status) => (
            <StatusButton key={status} status={status} rowId={row.id} pressed={row.status === status} disabled={disabled} onPress={() => onStatus(status)} />
          ))}
        </div>
        <div className={cn("col-span-2 sm:col-span-1 sm:block", commentOpen ? "block" : "hidden")}>
          <Input
            id={commentId}
            data-testid={commentId}
            value={row.comment}
            maxLength={ATTENDANCE_COMMENT_MAX}
            disabled={disabled}
            placeholder={t("commentPlaceholder")}
            aria-label={t("commentFor", { name })}
            onChange={(e) => onComment(e.target.value)}
            className="h-9"
          />
        </div>
      </div>
    </li>
  );
}

const typing = (target: EventTarget) => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/** A row takes the keyboard on its pressed status button (its first one while nothing is marked). */
export function focusStatus(row: Element | null | undefined): void {
  const buttons = row?.querySelectorAll<HTMLButtonElement>("button[aria-pressed]");
  ([...(buttons ?? [])].find((b) => b.getAttribute("aria-pressed") === "true") ?? buttons?.[0])?.focus();
}

/** ← → step through the row's four statuses. */
function stepStatus(row: Element, from: EventTarget, step: number): void {
  const buttons = [...row.querySelectorAll<HTMLButtonElement>("button[aria-pressed]")];
  const at = buttons.indexOf(from as HTMLButtonElement);
  buttons[(Math.max(at, 0) + step + buttons.length) % buttons.length]?.focus();
}

/**
 * The students of a register (001 §2, §3 "Attendance row"), one row each: photo, name by surname, the four statuses as
 * large buttons and the comment box. Within a row the keys mark (and move on to the next student), ↑ ↓ move between
 * students, ← → between statuses, C opens the comment; Escape in a comment goes back to its row.
 */
export function RegisterList({
  rows,
  disabled,
  onStatus,
  onComment,
}: {
  rows: RegisterRow[];
  disabled: boolean;
  onStatus: (userId: number, status: TAttendanceStatus) => void;
  onComment: (userId: number, comment: string) => void;
}) {
  const t = useTranslations("attendance");
  const hintId = useId();
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const letters = { "1": t("keys.1"), "2": t("keys.2"), "3": t("keys.3") };

  const focusRow = (index: number) => focusStatus(refs.current[Math.max(0, Math.min(rows.length - 1, index))]);
  const toggle = (id: number, force?: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (force ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKey = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const row = rows[index]!;
    if (typing(event.target)) {
      if (event.key === "Escape") {
        event.preventDefault();
        focusRow(index);
      }
      return;
    }
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      stepStatus(event.currentTarget, event.target, event.key === "ArrowLeft" ? -1 : 1);
      return;
    }
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]!);
      return;
    }
    if (event.key === "c" || event.key === "C") {
      event.preventDefault();
      toggle(row.id, true);
      // The box shows on the next paint on a phone, where it is folded.
      requestAnimationFrame(() => document.getElementById(`register-comment-${row.id}`)?.focus());
      return;
    }
    const status = statusOfKey(event.key, letters);
    if (status === null || disabled) return;
    event.preventDefault();
    onStatus(row.id, status);
    if (index < rows.length - 1) focusRow(index + 1);
  };

  return (
    <div className="flex flex-col gap-2">
      <p id={hintId} className="text-xs text-muted-foreground" data-testid="register-keys">
        {t("keysHint", { present: letters["1"], late: letters["2"], absent: letters["3"] })}
      </p>
      <div
        aria-hidden
        className="hidden px-2 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_auto_minmax(9rem,18rem)] sm:gap-x-3"
      >
        <span>{t("columns.student")}</span>
        <span>{t("columns.status")}</span>
        <span>{t("columns.comment")}</span>
      </div>
      <ul className="flex flex-col gap-1.5" aria-label={t("students")} data-testid="register-list">
        {rows.map((row, index) => (
          <RegisterRowView
            key={row.id}
            row={row}
            disabled={disabled}
            hintId={hintId}
            rowRef={(el) => {
              refs.current[index] = el;
            }}
            onKey={onKey(index)}
            onStatus={(status) => onStatus(row.id, status)}
            onComment={(comment) => onComment(row.id, comment)}
            commentOpen={open.has(row.id)}
            onToggleComment={() => toggle(row.id)}
          />
        ))}
      </ul>
    </div>
  );
}
