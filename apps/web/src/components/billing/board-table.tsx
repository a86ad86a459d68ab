"use client";

import { GRID_STATE, type TGridAnswer, type TGridState } from "@pizarra/contracts";
import { cn } from "@pizarra/ui";
import { Ban, CircleAlert, CircleCheck, CircleDashed, CircleDot, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useDecimalText, useMonthNames } from "./board-money.ts";

export type BoardRow = TGridAnswer["rows"][number];
export type BoardCell = BoardRow["cells"][number];

/** Each state with its icon and colours: the state is also written, never told by colour alone. */
export const STATE_LOOK: Record<TGridState, { icon: LucideIcon; className: string }> = {
  [GRID_STATE.paid]: { icon: CircleCheck, className: "bg-success/15 text-success" },
  [GRID_STATE.partly]: { icon: CircleDot, className: "bg-warning/20 text-warning-foreground" },
  [GRID_STATE.pending]: { icon: CircleDashed, className: "bg-muted text-foreground" },
  [GRID_STATE.overdue]: { icon: CircleAlert, className: "bg-destructive/10 text-destructive" },
  [GRID_STATE.voided]: { icon: Ban, className: "bg-muted text-muted-foreground" },
};

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** What a cell shows: a voided cell its orders' struck-out amount (it counts in no total), any other its total. */
const shownAmount = (cell: BoardCell) => (cell.state === GRID_STATE.voided && cell.orders.length === 1 ? cell.orders[0]!.total : cell.total);

/**
 * The board's table (001 §7 getGrid): students by the twelve months, the student's name fixed at the left while the
 * months scroll, totals per row and per month. It is one ARIA grid with one tab stop: the arrow keys (and Home, End,
 * Page Up/Down) move between the month cells, Enter or Space opens one, a click does the same.
 */
export function BoardTable({ data, onOpen }: { data: TGridAnswer; onOpen: (row: BoardRow, cell: BoardCell) => void }) {
  const t = useTranslations("billing.board");
  const money = useDecimalText();
  const months = useMonthNames();
  const longMonths = useMonthNames("long");
  const captionId = useId();
  const table = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState({ row: 0, col: 0 });
  const rows = data.rows;
  const at = { row: Math.min(active.row, Math.max(rows.length - 1, 0)), col: active.col };
  const cellOf = (row: BoardRow, month: number) => row.cells.find((c) => c.month === month);

  const move = (row: number, col: number) => {
    const next = { row: Math.max(0, Math.min(rows.length - 1, row)), col: Math.max(0, Math.min(11, col)) };
    setActive(next);
    table.current?.querySelector<HTMLElement>(`[data-pos="${next.row}-${next.col}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowRight: [at.row, at.col + 1],
      ArrowLeft: [at.row, at.col - 1],
      ArrowDown: [at.row + 1, at.col],
      ArrowUp: [at.row - 1, at.col],
      Home: [event.ctrlKey ? 0 : at.row, 0],
      End: [event.ctrlKey ? rows.length - 1 : at.row, 11],
      PageDown: [rows.length - 1, at.col],
      PageUp: [0, at.col],
    };
    const target = moves[event.key];
    if (target) {
      event.preventDefault();
      move(...target);
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      const row = rows[at.row];
      const cell = row && cellOf(row, at.col + 1);
      if (!row || !cell) return;
      event.preventDefault();
      onOpen(row, cell);
    }
  };

  return (
    <div className="relative max-w-full overflow-x-auto rounded-lg border bg-card" data-testid="board-scroll">
      <table
        ref={table}
        role="grid"
        aria-labelledby={captionId}
        className="w-max min-w-full border-separate border-spacing-0 text-sm"
        onKeyDown={onKeyDown}
        data-testid="board-grid"
      >
        <caption id={captionId} className="sr-only">
          {t("caption", { year: data.year, curr: data.curr })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-20 border-b bg-card px-3 py-2 text-left font-medium">
              {t("student")}
            </th>
            {MONTHS.map((m) => (
              <th key={m} scope="col" className="min-w-24 border-b px-2 py-2 text-left font-medium capitalize">
                <abbr title={longMonths[m - 1]} className="no-underline">
                  {months[m - 1]}
                </abbr>
              </th>
            ))}
            <th scope="col" className="min-w-28 border-b px-3 py-2 text-right font-medium">
              {t("total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.studentId} data-testid={`board-row-${row.studentId}`}>
              <th scope="row" className="sticky left-0 z-10 max-w-36 border-b bg-card px-3 py-1.5 text-left align-top font-normal sm:max-w-56">
                <span className="block break-words text-sm leading-tight font-medium">{row.name}</span>
                {row.code && <span className="block text-xs text-muted-foreground">{row.code}</span>}
              </th>
              {MONTHS.map((m, c) => {
                const cell = cellOf(row, m);
                const focused = at.row === r && at.col === c;
                const look = cell ? STATE_LOOK[cell.state] : null;
                const Icon = look?.icon;
                // The cell's name is its content: who and which month for screen readers, then what is seen.
                const who = t("cellWho", { student: row.name, month: longMonths[m - 1]! });
                return (
                  <td
                    key={m}
                    role="gridcell"
                    tabIndex={focused ? 0 : -1}
                    data-pos={`${r}-${c}`}
                    data-testid={`board-cell-${row.studentId}-${m}`}
                    data-state={cell?.state ?? "none"}
                    onFocus={() => setActive({ row: r, col: c })}
                    onClick={() => cell && onOpen(row, cell)}
                    className={cn(
                      "border-b p-1 align-top outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                      cell && "cursor-pointer",
                    )}
                  >
                    <span className="sr-only">{who}</span>
                    {cell && look && Icon ? (
                      <div className={cn("flex flex-col gap-0.5 rounded px-1.5 py-1", look.className)}>
                        <span className="inline-flex items-center gap-1 text-xs font-medium">
                          <Icon className="size-3.5 shrink-0" aria-hidden />
                          {t(`states.${cell.state}`)}
                        </span>
                        <span className={cn("tabular-nums", cell.state === GRID_STATE.voided && "line-through")}>
                          {money(shownAmount(cell))}
                          <span className="sr-only"> {data.curr}</span>
                        </span>
                        {cell.orders.length > 1 && <span className="text-xs">{t("orders", { count: cell.orders.length })}</span>}
                      </div>
                    ) : (
                      <span className="sr-only">{t("noOrder")}</span>
                    )}
                  </td>
                );
              })}
              <td className="border-b px-3 py-1.5 text-right align-top font-medium tabular-nums" data-testid={`board-row-total-${row.studentId}`}>
                {money(row.total)}
                {row.balance !== "0.00" && (
                  <span className="block text-xs font-normal text-destructive">
                    {t("outstanding")} {money(row.balance)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-medium">
            <th scope="row" className="sticky left-0 z-10 bg-card px-3 py-2 text-left">
              {t("monthTotals")}
            </th>
            {data.columns.map((column) => (
              <td key={column.month} className="px-2 py-2 tabular-nums" data-testid={`board-month-total-${column.month}`}>
                {money(column.total)}
              </td>
            ))}
            <td className="px-3 py-2 text-right tabular-nums" data-testid="board-total">
              {money(data.total)} {data.curr}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
