"use client";

import {
  columnKey,
  CONCEPT_TYPE,
  GRADE_MAX,
  GRADE_MIN,
  gradeOf,
  isEditable,
  isTextConcept,
  splitList,
  type Column,
  type HeaderConcept,
  type SheetLock,
  type StudentRow,
} from "@pizarra/contracts";
import { cn, NativeSelect } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { memo, type Ref, useState } from "react";
import { NAME_COLUMN } from "./name-column.ts";
import { ColumnSlots, type Slot } from "./sheet-window.tsx";
import type { CellChange, CellValue } from "./use-grade-sheet.ts";
import { onFirstUse } from "../on-first-use.tsx";

/** Fetched when a teacher first picks a value to fill a column with. */
const AutoCompleteConfirm = onFirstUse(
  () => import("./auto-complete-confirm.tsx").then((m) => m.AutoCompleteConfirm),
  () => null,
);

/** 000 §2.9: the row is offered only when every concept is numeric or a qualification. */
export const canAutoComplete = (header: readonly HeaderConcept[]) => header.length > 0 && header.every((c) => !isTextConcept(c.type));

const NUMBERS = Array.from({ length: GRADE_MAX - GRADE_MIN + 1 }, (_, i) => String(GRADE_MAX - i));
const choicesOf = (column: Column) => (column.concept.type === CONCEPT_TYPE.qualification ? splitList(column.concept.qualifications) : NUMBERS);
const choiceValue = (column: Column, choice: string): CellValue =>
  column.concept.type === CONCEPT_TYPE.qualification ? { gradeTxt: choice } : { gradeNum: Number(choice) };

/** The cells of a column that have no grade yet, each given the chosen value. */
export function missingCells(rows: readonly StudentRow[], column: Column, choice: string): CellChange[] {
  return rows.flatMap((student) => {
    const previous = gradeOf(student, column.concept);
    const empty = previous.gradeNum === null && (previous.gradeTxt ?? "") === "";
    return empty ? [{ studentId: student.studentId, conceptId: column.concept.ID, value: choiceValue(column, choice), previous }] : [];
  });
}

/**
 * 000 §2.9 'Auto completar notas faltantes con:': under each column that may be typed in, a choice of the grades it
 * takes; choosing one asks first ('Se perderán las evaluaciones actuales…') and then gives every student without a
 * grade in that column the chosen one, in one save. Grades already typed are kept.
 */
export const AutoCompleteRow = memo(function AutoCompleteRow({
  ref,
  ariaRow,
  columns,
  slots,
  rows,
  lock,
  onFill,
}: {
  ref: Ref<HTMLTableRowElement>;
  ariaRow: number;
  columns: Column[];
  /** The columns drawn (the grid draws a window of a large sheet). */
  slots: Slot[];
  /** The sheet's rows as they are when a fill is confirmed. */
  rows: () => readonly StudentRow[];
  /** Why no cell of the sheet may be typed in, if so. */
  lock: SheetLock | null;
  onFill: (cells: CellChange[]) => Promise<boolean>;
}) {
  const t = useTranslations("gradeSheet");
  const [pending, setPending] = useState<{ column: Column; choice: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    const cells = missingCells(rows(), pending.column, pending.choice);
    setBusy(true);
    if (cells.length) await onFill(cells);
    setBusy(false);
    setPending(null);
  };

  return (
    <tr ref={ref} aria-rowindex={ariaRow} data-testid="grade-autocomplete" className="bg-muted/40">
      <th scope="row" aria-colindex={1} className={cn(NAME_COLUMN, "z-10 bg-muted py-1 text-xs font-medium")}>
        {t("autoComplete")}
      </th>
      <ColumnSlots
        columns={columns}
        slots={slots}
        cell={(column, c) => (
          <td key={columnKey(column)} aria-colindex={c + 2} className="border-r border-b p-0.5">
            {isEditable(column, lock) && (
              <NativeSelect
                aria-label={t("autoCompleteColumn", { concept: column.concept.abrev })}
                data-testid={`grade-autocomplete-${column.concept.ID}`}
                className="h-8 min-w-14 text-xs"
                value=""
                onChange={(e) => e.target.value && setPending({ column, choice: e.target.value })}
              >
                <option value="" />
                {choicesOf(column).map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </NativeSelect>
            )}
          </td>
        )}
      />
      {pending && <AutoCompleteConfirm choice={pending.choice} busy={busy} onCancel={() => setPending(null)} onConfirm={() => void confirm()} />}
    </tr>
  );
});
