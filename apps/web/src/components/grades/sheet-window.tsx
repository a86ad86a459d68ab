"use client";

import { defaultRangeExtractor, measureElement, type Range, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import type { Column } from "@pizarra/contracts";
import { type ReactNode, type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";

/**
 * What the grid draws of a line of rows or columns: an index drawn, or a gap standing for `count` lines not drawn,
 * `size` pixels long.
 */
export type Slot = { index: number } | { gap: number; count: number; size: number };

/** A cell's place, "row:column": the grid's data-cell, by which it finds a cell to focus. */
export const placeOf = (row: number, column: number) => `${row}:${column}`;

/** A row as the sheet draws it (000 §2.9: an h-9 cell in a p-0.5 cell with a bottom border); measured once drawn. */
const ROW_PX = 41;
/** A grade column: a min-w-14 cell in its padding and border; measured from the header. */
const COLUMN_PX = 64;
/**
 * A sheet of up to this many cells is drawn whole (a window as large as the sheet): it still paints quickly, and the
 * browser's find sees every name and grade. A larger one is drawn by its window.
 */
const WHOLE_SHEET_CELLS = 1_000;
/** Lines drawn beyond the visible ones, so that a scroll or a key finds its cells already there. */
const ROWS_AHEAD = 4;
const COLUMNS_AHEAD = 3;

/**
 * The lines to draw: the virtualizer's (the visible ones and those ahead), the first one (it holds the grid's tab
 * stop) and the cursor's (the focused cell stays in the document however far the grid scrolls from it).
 */
const keeping = (first: number, cursor: number) => (range: Range) => {
  const drawn = defaultRangeExtractor(range);
  for (const index of [first, cursor]) if (index < range.count && !drawn.includes(index)) drawn.push(index);
  return drawn.sort((a, b) => a - b);
};

/** The slots of a line: the drawn indexes in order, with a gap for each run between them and after the last. */
function slotsOf<T extends Element>(virtualizer: Virtualizer<HTMLDivElement, T>): Slot[] {
  const items = virtualizer.getVirtualItems();
  const slots: Slot[] = [];
  let next = 0;
  let end = virtualizer.options.scrollMargin;
  const gapTo = (index: number, start: number) => {
    if (index > next) slots.push({ gap: next, count: index - next, size: start - end });
  };
  for (const item of items) {
    gapTo(item.index, item.start);
    slots.push({ index: item.index });
    next = item.index + 1;
    end = item.end;
  }
  gapTo(virtualizer.options.count, virtualizer.options.scrollMargin + virtualizer.getTotalSize());
  return slots;
}

/** Header cells whose widest width is to be pinned: written together after the measures that read them. */
const toPin = new Map<HTMLElement, number>();

/**
 * A column's width, measured on its header cell: the widest the column has been. A column is as wide as its widest
 * cell drawn (an average with its letter, a long qualification), so it would narrow again when its cells are dropped
 * and move the columns after it; its header cell keeps that width instead (its min-width, written once the measures of
 * a commit are done, so that measuring 65 header cells lays the table out once, not 65 times).
 */
function widestColumn(cell: HTMLElement, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, HTMLElement>): number {
  const width = Math.max(measureElement(cell, entry, instance), toPin.get(cell) ?? (Number.parseFloat(cell.style.minWidth) || 0));
  if (width > (Number.parseFloat(cell.style.minWidth) || 0)) {
    if (toPin.size === 0)
      queueMicrotask(() => {
        for (const [pinned, px] of toPin) pinned.style.minWidth = `${px}px`;
        toPin.clear();
      });
    toPin.set(cell, width);
  }
  return width;
}

/** The slots as the same array while they stay the same, so that memoized rows do not render again on a scroll. */
function useStableSlots(slots: Slot[]): Slot[] {
  const key = slots.map((s) => ("gap" in s ? `${s.gap}+${s.count}~${Math.round(s.size)}` : s.index)).join(",");
  // The key says all that the slots hold.
  return useMemo(() => slots, [key]);
}

/** Where the grade cells begin in the scroller: below the sticky header and the rows above the students, right of the names. */
interface Edges {
  head: number;
  top: number;
  names: number;
}

/**
 * Which rows and columns of a large sheet are in the document: those in view and a few ahead, the first ones and the
 * cursor's. Drawn whole, the bench's largest sheet spent most of its first paint on cells out of view; its window
 * draws a tenth of them (the bench's browser figures). Rows are measured as drawn; columns by their
 * header cells, which are always drawn and as wide as the cells below them, so the table keeps its widths.
 */
export function useSheetWindow({
  scroller,
  head,
  above,
  rowCount,
  columnCount,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  /** The sticky header, and the row above the students (auto-complete) when the sheet has one. */
  head: RefObject<HTMLTableSectionElement | null>;
  above: RefObject<HTMLTableRowElement | null> | null;
  rowCount: number;
  columnCount: number;
}) {
  const [cursor, setCursor] = useState<[number, number]>([0, 0]);
  const [edges, setEdges] = useState<Edges>({ head: 0, top: 0, names: 0 });
  const pendingFocus = useRef<string | null>(null);
  const getScrollElement = useCallback(() => scroller.current, [scroller]);
  const whole = rowCount * columnCount <= WHOLE_SHEET_CELLS;

  const rows = useVirtualizer({
    count: rowCount,
    getScrollElement,
    estimateSize: () => ROW_PX,
    overscan: whole ? rowCount : ROWS_AHEAD,
    scrollMargin: edges.top,
    rangeExtractor: useMemo(() => keeping(0, cursor[0]), [cursor[0]]),
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: columnCount,
    getScrollElement,
    estimateSize: () => COLUMN_PX,
    overscan: whole ? columnCount : COLUMNS_AHEAD,
    scrollMargin: edges.names,
    indexAttribute: "data-column",
    measureElement: widestColumn,
    rangeExtractor: useMemo(() => keeping(0, cursor[1]), [cursor[1]]),
  });

  useLayoutEffect(() => {
    const thead = head.current;
    if (!thead) return;
    const measure = () => {
      const next = {
        head: thead.offsetHeight,
        top: thead.offsetHeight + (above?.current?.offsetHeight ?? 0),
        names: thead.querySelector("th")?.offsetWidth ?? 0,
      };
      setEdges((now) => (now.head === next.head && now.top === next.top && now.names === next.names ? now : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(thead);
    if (above?.current) observer.observe(above.current);
    return () => observer.disconnect();
  }, [head, above]);

  /** The cell at a place, brought into view beside the sticky header and names (the scroller's scroll-padding). */
  const show = useCallback(
    (place: string) => {
      const cell = scroller.current?.querySelector<HTMLElement>(`[data-cell="${place}"]`);
      if (!cell) return false;
      cell.focus({ preventScroll: true });
      cell.scrollIntoView({ block: "nearest", inline: "nearest" });
      return true;
    },
    [scroller],
  );

  // The commit after a move to a cell not drawn draws it (the cursor's row and column are kept): focus it then, once.
  useLayoutEffect(() => {
    const place = pendingFocus.current;
    pendingFocus.current = null;
    if (place) show(place);
  });

  /** Puts the cursor on a cell: at once when it is drawn, else once the window has drawn it. */
  const focusCell = useCallback(
    (row: number, column: number) => {
      const place = placeOf(row, column);
      if (show(place)) return;
      pendingFocus.current = place;
      setCursor([row, column]);
    },
    [show],
  );

  /** The cursor follows the focus and the pointer, so that the cell in use is never taken out of the document. */
  const follow = useCallback((target: EventTarget) => {
    const place = (target as HTMLElement).closest?.<HTMLElement>("[data-cell]")?.dataset.cell;
    if (!place) return;
    const [row, column] = place.split(":").map(Number) as [number, number];
    setCursor((now) => (now[0] === row && now[1] === column ? now : [row, column]));
  }, []);

  return {
    rowSlots: useStableSlots(slotsOf(rows)),
    columnSlots: useStableSlots(slotsOf(columns)),
    measureRow: rows.measureElement,
    measureColumn: columns.measureElement,
    /** The scroller's scroll-padding: a cell brought into view is not left under the sticky header or names. */
    scrollPadding: { scrollPaddingTop: edges.head, scrollPaddingLeft: edges.names },
    focusCell,
    follow,
  };
}

/** A row's cells for the columns drawn, and an empty cell spanning each run of columns not drawn. */
export function ColumnSlots({ columns, slots, cell }: { columns: Column[]; slots: Slot[]; cell: (column: Column, index: number) => ReactNode }) {
  return slots.map((slot) =>
    "gap" in slot ? <td key={`gap-${slot.gap}`} colSpan={slot.count} aria-hidden className="p-0" /> : cell(columns[slot.index]!, slot.index),
  );
}
