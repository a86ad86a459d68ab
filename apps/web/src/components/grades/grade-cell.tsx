"use client";

import {
  cellText,
  CONCEPT_TYPE,
  GRADE_TEXT_MAX,
  isEditable,
  isNumericColumn,
  numericGrade,
  qualificationForKey,
  readOnlyReason,
  splitList,
  toneOf,
  type Column,
  type ReadOnlyReason,
  type SheetGrade,
  type SheetLock,
} from "@pizarra/contracts";
import { Button, cn, Popover, PopoverAnchor, PopoverContent, Textarea, toast } from "@pizarra/ui";
import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { TONE_CLASS } from "./tone-class.ts";
import type { CellValue } from "./use-grade-sheet.ts";

/** Where a key moves the cursor, spreadsheet-like: arrows, Enter down, Tab right, Shift+Tab left. */
export type Move = "up" | "down" | "left" | "right" | "next" | "previous";

export function moveOf(event: KeyboardEvent): Move | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case "ArrowUp":
      return "up";
    case "ArrowDown":
    case "Enter":
      return "down";
    case "ArrowLeft":
      return "left";
    case "ArrowRight":
      return "right";
    case "Tab":
      return event.shiftKey ? "previous" : "next";
    default:
      return null;
  }
}

/**
 * What every cell says, looked up once for the whole grid: a cell looking them up itself cost the sheet's first paint
 * 2,600 translators.
 */
export interface CellTexts {
  cell: string;
  refresh: string;
  range: string;
  /** Why a read-only cell is so, and the id of the grid's one element that says it (the cells' aria-describedby). */
  readOnly: Record<ReadOnlyReason, { text: string; id: string }>;
}

const READ_ONLY_REASONS: readonly ReadOnlyReason[] = ["average", "locked", "notEditable", "noWrite", "periodClosed", "notYourCourse"];

export function useCellTexts(): CellTexts {
  const t = useTranslations("gradeSheet");
  const validation = useTranslations("validation");
  const id = useId();
  return useMemo(
    () => ({
      cell: t("cell"),
      refresh: t("refresh"),
      range: validation("grade"),
      readOnly: Object.fromEntries(
        READ_ONLY_REASONS.map((reason) => [reason, { text: t(`readOnly.${reason}`), id: `${id}-${reason}` }]),
      ) as CellTexts["readOnly"],
    }),
    [t, validation, id],
  );
}

/**
 * The reasons read-only cells point at (aria-describedby), once for the grid rather than once per cell: a screen
 * reader says the reason after the cell's value, and the cell's text stays its value.
 */
export function ReadOnlyReasons({ texts }: { texts: CellTexts }) {
  return (
    <div hidden>
      {Object.values(texts.readOnly).map(({ text, id }) => (
        <span key={id} id={id}>
          {text}
        </span>
      ))}
    </div>
  );
}

export interface CellProps {
  column: Column;
  grade: SheetGrade;
  /** Why no cell of the sheet may be typed in, if so. */
  lock: SheetLock | null;
  /** data-cell "row:column": how the grid finds the cell to focus. */
  at: string;
  testId: string;
  texts: CellTexts;
  onSave: (value: CellValue) => void;
  onMove: (move: Move) => void;
  onRefresh: () => void;
}

const CELL = "flex h-9 w-full min-w-14 items-center justify-center rounded-sm px-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring";
/** A kind of cell's classes with its grade's tone, merged once per tone here rather than once per cell on each render. */
function toned(base: string): (value: number | string | null) => string {
  const plain = cn(base);
  const byTone = new Map(Object.entries(TONE_CLASS).map(([tone, tail]) => [tone, cn(base, tail)]));
  return (value) => {
    const tone = toneOf(value);
    return (tone && byTone.get(tone)) || plain;
  };
}
const NUMERIC_CELL = toned(cn(CELL, "bg-transparent text-center tabular-nums"));
const QUALIFICATION_CELL = toned(cn(CELL, "cursor-pointer font-medium"));
const TEXT_CELL = cn(CELL, "max-w-48 cursor-pointer justify-start truncate text-left");
const READ_ONLY_CELL = toned(cn(CELL, "truncate bg-muted/40 tabular-nums"));
const AVERAGE_CELL = toned(cn(CELL, "truncate bg-muted/40 tabular-nums font-semibold"));
/**
 * What makes an element a cell of the grid's cursor: its place ("row:column", which the grid looks it up by), its test
 * id, and the one tab stop (the first cell; the keys move on from there).
 */
const cellTarget = (at: string, testId: string) => ({ "data-cell": at, "data-testid": testId, tabIndex: at === "0:0" ? 0 : -1 });

/** Moves on a navigation key after the cell has had its say; true when the key was one. */
function navigate(event: KeyboardEvent, onMove: (move: Move) => void, before?: () => void): boolean {
  const move = moveOf(event);
  if (!move) return false;
  event.preventDefault();
  before?.();
  onMove(move);
  return true;
}

/** A button cell's name: what it shows, then what it is, so that a screen reader says the grade first. */
const shownName = (shown: string | null, what: string) => (shown ? `${shown}, ${what}` : what);

/**
 * A popover of a cell gives the focus back to the cell, so that the keys go on moving from there, unless a choice has
 * already moved it on to another cell.
 */
function backTo(event: Event, cell: HTMLElement | null) {
  event.preventDefault();
  if (!document.activeElement || document.activeElement === document.body) cell?.focus();
}

const refuse = (texts: CellTexts) => toast.error(texts.range, { id: "grade-range" });

/**
 * 000 §5: integers 0-8; empty is no grade. As in a spreadsheet, typing on a cell replaces its value, Delete or
 * Backspace empties it, Escape gives the stored value back. An entry is taken or refused whole when it ends (Enter,
 * Tab, an arrow, leaving the cell): one that is not a grade ("7.5", "9") says so as soon as it is typed, is marked
 * invalid while it stays, and ends with the stored value back, so that no part of it is ever saved.
 */
function NumericCell({ grade, at, testId, texts, onSave, onMove }: CellProps) {
  const [draft, setDraftState] = useState<string | null>(null);
  // The move after Enter blurs the cell before it re-renders: the ref makes the second commit see the first.
  const pending = useRef<string | null>(null);
  const setDraft = (text: string | null) => {
    pending.current = text;
    setDraftState(text);
  };
  const invalid = draft !== null && "error" in numericGrade(draft);
  const edit = (text: string) => {
    if ("error" in numericGrade(text)) refuse(texts);
    setDraft(text);
  };
  const commit = () => {
    const typed = pending.current;
    if (typed === null) return;
    setDraft(null);
    const parsed = numericGrade(typed);
    if ("error" in parsed) refuse(texts);
    else if (parsed.value !== grade.gradeNum) onSave({ gradeNum: parsed.value });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (navigate(e, onMove, commit)) return;
    if (e.key === "Escape") return setDraft(null);
    if (draft !== null || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key.length === 1 || e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      edit(e.key.length === 1 ? e.key : "");
    }
  };
  return (
    <input
      {...cellTarget(at, testId)}
      inputMode="numeric"
      autoComplete="off"
      aria-label={texts.cell}
      aria-invalid={invalid || undefined}
      value={draft ?? (grade.gradeNum === null ? "" : String(grade.gradeNum))}
      onChange={(e) => edit(e.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      className={cn(NUMERIC_CELL(draft === null ? grade.gradeNum : null), invalid && "ring-2 ring-destructive focus-visible:ring-destructive")}
    />
  );
}

/**
 * The option an arrow moves to in an open list of `count` options whose last is "no grade", from the one at `at` (-1:
 * none yet, the list itself). From none, down is the first choice and up the last grade before "no grade", so that
 * clearing stays deliberate; from an option the arrows wrap round the whole list.
 */
function optionAfter(at: number, down: boolean, count: number): number {
  if (at < 0) return down ? 0 : Math.max(0, count - 2);
  return (at + (down ? 1 : count - 1)) % count;
}

/**
 * A choice from the concept's list: its shortcut keys (z, a, +, b, -, c, d, f, s), else the first one the key starts,
 * or the list; a choice by key moves the cursor down the column, as Enter after a typed number does, so that a column
 * is filled a key per student. The same keys work with the list open. Opening it puts the cell's own value under the
 * cursor (an empty cell: no choice), never "no grade": a stray Enter keeps the grade, and clearing one is deliberate
 * (Delete, Backspace, or "no grade" chosen at the end of the list). The list is mounted only while open: a popover per
 * cell made the sheet's first paint slow.
 */
function QualificationCell({ column, grade, at, testId, texts, onSave, onMove }: CellProps) {
  const [open, setOpen] = useState(false);
  const cell = useRef<HTMLButtonElement>(null);
  const choose = (value: string | null) => {
    setOpen(false);
    if (value !== grade.gradeTxt) onSave({ gradeTxt: value });
  };
  /** The choice a typed key names, if any: a shortcut of the scale, else the first choice it starts. */
  const choiceFor = (e: KeyboardEvent): string | null | undefined => {
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return undefined;
    const shortcut = qualificationForKey(e.key, column.concept.qualifications);
    return shortcut !== undefined ? shortcut : splitList(column.concept.qualifications).find((c) => c.toLowerCase().startsWith(e.key.toLowerCase()));
  };
  /** The keys that pick, whether the list is open or not: Delete or Backspace clears, a letter chooses and moves on. */
  const pickByKey = (e: KeyboardEvent) => {
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      return choose(null);
    }
    const picked = choiceFor(e);
    if (picked === undefined) return;
    e.preventDefault();
    choose(picked);
    onMove("down");
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (navigate(e, onMove)) return;
    if (e.key === " ") {
      e.preventDefault();
      return setOpen(true);
    }
    pickByKey(e);
  };
  return (
    <>
      <button
        ref={cell}
        type="button"
        {...cellTarget(at, testId)}
        aria-label={shownName(grade.gradeTxt, texts.cell)}
        aria-haspopup="listbox"
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={QUALIFICATION_CELL(grade.gradeTxt)}
      >
        {grade.gradeTxt ?? ""}
      </button>
      {open && (
        <QualificationList anchor={cell} column={column} current={grade.gradeTxt} onClose={() => setOpen(false)} onChoose={choose} onPickKey={pickByKey} />
      )}
    </>
  );
}

/** The open list of a qualification cell, beside it: the arrows walk it, Tab and Escape close it on the cell. */
function QualificationList({
  anchor,
  column,
  current,
  onClose,
  onChoose,
  onPickKey,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  column: Column;
  current: string | null;
  onClose: () => void;
  onChoose: (value: string | null) => void;
  onPickKey: (e: KeyboardEvent) => void;
}) {
  const t = useTranslations("gradeSheet");
  const list = useRef<HTMLDivElement>(null);
  const options = () => [...(list.current?.querySelectorAll<HTMLButtonElement>("[role=option]") ?? [])];
  const onListKey = (e: KeyboardEvent) => {
    const buttons = options();
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      return buttons[optionAfter(buttons.indexOf(document.activeElement as HTMLButtonElement), e.key === "ArrowDown", buttons.length)]?.focus();
    }
    // Tab leaves the list as Escape does, on the cell and with its grade, rather than walking the options.
    if (e.key === "Tab") {
      e.preventDefault();
      return onClose();
    }
    onPickKey(e);
  };
  // An empty cell focuses the list itself, so that Enter there picks nothing either; the arrows go into it.
  const focusCurrent = (e: Event) => {
    e.preventDefault();
    (options().find((b) => b.getAttribute("aria-selected") === "true") ?? list.current)?.focus();
  };
  return (
    <Popover open onOpenChange={(open) => !open && onClose()}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        ref={list}
        tabIndex={-1}
        className="flex w-32 flex-col gap-0.5 p-1 outline-none"
        role="listbox"
        aria-label={column.concept.name}
        onOpenAutoFocus={focusCurrent}
        onCloseAutoFocus={(e) => backTo(e, anchor.current)}
        onKeyDown={onListKey}
      >
        {[...splitList(column.concept.qualifications), null].map((choice) => (
          <button
            key={choice ?? ""}
            type="button"
            role="option"
            aria-selected={choice !== null && choice === current}
            onClick={() => onChoose(choice)}
            className={cn(
              "cursor-pointer rounded-sm px-2 py-1 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent",
              choice === null && "mt-0.5 border-t text-muted-foreground",
            )}
          >
            {choice ?? t("noGrade")}
          </button>
        ))}
      </PopoverContent>
    </Popover>
  );
}

/** Free text up to 700 characters, written in a popover (mounted while open) and saved when it closes. */
function TextCell({ column, grade, at, testId, texts, onSave, onMove }: CellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const cell = useRef<HTMLButtonElement>(null);
  const close = (keep: boolean) => {
    if (draft === null) return;
    setDraft(null);
    // Spaces and line breaks around the text are no part of it: a stray Enter in the box changes no grade.
    const value = draft.trim() || null;
    if (keep && value !== (grade.gradeTxt?.trim() || null)) onSave({ gradeTxt: value });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (navigate(e, onMove)) return;
    if (e.key === " " || e.key === "F2") {
      e.preventDefault();
      setDraft(grade.gradeTxt ?? "");
    }
  };
  return (
    <>
      <button
        ref={cell}
        type="button"
        {...cellTarget(at, testId)}
        aria-label={shownName(grade.gradeTxt, texts.cell)}
        title={grade.gradeTxt ?? undefined}
        onClick={() => setDraft(grade.gradeTxt ?? "")}
        onKeyDown={onKeyDown}
        className={TEXT_CELL}
      >
        <span className="truncate">{grade.gradeTxt ?? ""}</span>
      </button>
      {draft !== null && <TextEditor anchor={cell} label={column.concept.name} testId={`${testId}-text`} draft={draft} onDraft={setDraft} onClose={close} />}
    </>
  );
}

/** The box a text cell is written in: closing saves it, Escape drops what was typed. */
function TextEditor({
  anchor,
  label,
  testId,
  draft,
  onDraft,
  onClose,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  label: string;
  testId: string;
  draft: string;
  onDraft: (text: string) => void;
  onClose: (keep: boolean) => void;
}) {
  const t = useTranslations("gradeSheet");
  return (
    <Popover open onOpenChange={(open) => !open && onClose(true)}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        className="flex w-80 flex-col gap-2 p-2"
        onCloseAutoFocus={(e) => backTo(e, anchor.current)}
        onEscapeKeyDown={(e) => {
          // Escape drops the text typed rather than saving it as closing otherwise does.
          e.preventDefault();
          onClose(false);
        }}
      >
        <Textarea
          autoFocus
          aria-label={label}
          data-testid={testId}
          maxLength={GRADE_TEXT_MAX}
          rows={5}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
        />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground">{t("textLength", { count: draft.length, max: GRADE_TEXT_MAX })}</span>
          <Button size="sm" onClick={() => onClose(true)}>
            {t("done")}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/**
 * What cannot be typed in: its value (an average with its letter), or the refresh button once a dependent average
 * changed. It says why it cannot be typed in on hover (its title) and to a screen reader (its description).
 */
function ReadOnlyCell({ column, grade, lock, at, testId, texts, onMove, onRefresh }: CellProps) {
  if (grade.sync) {
    return (
      <Button
        {...cellTarget(at, testId)}
        variant="ghost"
        size="icon"
        aria-label={texts.refresh}
        title={texts.refresh}
        onClick={onRefresh}
        onKeyDown={(e) => navigate(e, onMove)}
      >
        <RefreshCw className="size-4" aria-hidden />
      </Button>
    );
  }
  const numeric = isNumericColumn(column);
  const value = numeric ? grade.gradeNum : grade.gradeTxt;
  // Not editable, so there is a reason; "noWrite" only satisfies the type.
  const reason = readOnlyReason(column, lock) ?? "noWrite";
  const why = texts.readOnly[reason];
  return (
    <span
      {...cellTarget(at, testId)}
      title={numeric || !grade.gradeTxt ? why.text : `${grade.gradeTxt}\n\n${why.text}`}
      aria-describedby={why.id}
      data-read-only={reason}
      onKeyDown={(e) => navigate(e, onMove)}
      className={(column.average ? AVERAGE_CELL : READ_ONLY_CELL)(value)}
    >
      {cellText(column, grade)}
    </span>
  );
}

/** A grade cell by its concept's type (000 §3, §5), read-only when it cannot be typed in. */
export function GradeCell(props: CellProps) {
  if (!isEditable(props.column, props.lock)) return <ReadOnlyCell {...props} />;
  if (props.column.concept.type === CONCEPT_TYPE.numeric) return <NumericCell {...props} />;
  if (props.column.concept.type === CONCEPT_TYPE.qualification) return <QualificationCell {...props} />;
  return <TextCell {...props} />;
}
