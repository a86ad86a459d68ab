"use client";

import type { ColumnDef, ResourceDef } from "@pizarra/contracts";
import { Checkbox, cn, ContextMenu, ContextMenuTrigger } from "@pizarra/ui";
import { Inbox } from "lucide-react";
import { useTranslations } from "next-intl";
import { ALIGN_CLASS, cellValue, columnAlign, GridCell } from "./grid-cell.tsx";
import { GridPagination } from "./grid-pagination.tsx";
import { recordName } from "./record-sheet.tsx";
import type { ResourceText } from "./resource-text.ts";
import { RowActions, RowContextMenu, type RowAction } from "./row-actions.tsx";
import type { Row } from "./types.ts";
import type { ResourceList } from "./use-resource-list.ts";
import { isBlank } from "./values.ts";

/** Spec 000 §2.6: "a configured number" of inline row icons; 2 unless the definition says otherwise. */
const DEFAULT_INLINE_ACTIONS = 2;
/** A phone's card shows its title column and this many more (the record's own sheet shows the rest). */
const CARD_DETAILS = 4;

/**
 * The pinned actions cell must be opaque over the cells scrolling under it, yet take the row's hover, context-menu
 * and flash tints: the tint is mixed into the card colour instead of laid over it.
 */
const PINNED_CELL = cn(
  "sticky right-0 bg-card shadow-[inset_1px_0_0_var(--color-border),-6px_0_8px_-6px_rgb(0_0_0/0.18)]",
  "group-hover:bg-[color-mix(in_oklab,var(--color-accent)_50%,var(--color-card))]",
  "group-data-[state=open]:bg-[color-mix(in_oklab,var(--color-accent)_50%,var(--color-card))]",
  "group-data-[flash]:bg-[color-mix(in_oklab,var(--color-primary)_10%,var(--color-card))]",
);
/** A column shown only on wide screens (`wide`): 1536 px and up. */
const WIDE_ONLY = "hidden 2xl:table-cell";
/** The sticky header's cells: opaque, with the header's bottom line drawn on the cell so that it stays while scrolling. */
const HEAD_CELL = "sticky top-0 z-10 bg-[color-mix(in_oklab,var(--color-muted)_60%,var(--color-card))] shadow-[inset_0_-1px_0_var(--color-border)]";

interface ResourceGridProps {
  def: ResourceDef;
  text: ResourceText;
  list: ResourceList;
  actionsOf: (row: Row) => RowAction[];
  onRowClick: (row: Row) => void;
  /** The row saved last, flashing for a moment (spec 000 §4). */
  flashId: string | number | null;
  compact?: boolean;
  /** Phones get one card per row instead of the table. */
  cards: boolean;
  /**
   * The module screen's own table takes the height its screen leaves it, down to a floor of a few rows (then the page
   * scrolls), and scrolls inside it: its header, actions column, both scrollbars and the pagination stay in sight.
   */
  fill: boolean;
  /** `grid` for the screen's own grid; a detail grid is named after its resource so that the two never clash. */
  testId: string;
  /** The checked rows, when an action works on checked rows (each row then has a checkbox); by key. */
  checked?: ReadonlyMap<string | number, Row>;
  onCheck?: (next: ReadonlyMap<string | number, Row>) => void;
}

/** The paginated grid (spec 000 §2.7): translated headers, cells by kind, row icons, an indeterminate bar while loading. */
export function ResourceGrid({ def, text, list, actionsOf, onRowClick, flashId, compact, cards, fill, testId, checked, onCheck }: ResourceGridProps) {
  const t = useTranslations("moduleScreen");
  // Cards grow with the page, which scrolls; only the table scrolls inside its own box.
  const fills = fill && !cards;
  const inline = def.inlineActions ?? DEFAULT_INLINE_ACTIONS;
  const empty = list.rows.length === 0 && !list.loading && (
    <div className="px-3 py-10 text-center text-sm text-muted-foreground" data-testid="grid-empty">
      <Inbox className="mx-auto mb-2 size-6 opacity-60" aria-hidden />
      {t("noRecords")}
    </div>
  );
  const toggle = (rows: Row[], on: boolean) => {
    const next = new Map(checked);
    for (const row of rows) {
      if (on) next.set(row.ID, row);
      else next.delete(row.ID);
    }
    onCheck?.(next);
  };
  const pageChecked = list.rows.length > 0 && list.rows.every((row) => checked?.has(row.ID));
  const somePageChecked = list.rows.some((row) => checked?.has(row.ID));
  // A click on the checkbox checks the row; it does not open it.
  const checkbox = (row: Row) =>
    checked && (
      <Checkbox
        checked={checked.has(row.ID)}
        onCheckedChange={(on) => toggle([row], on === true)}
        onClick={(event) => event.stopPropagation()}
        aria-label={t("checkRow", { name: recordName(def, row) })}
        data-testid={`grid-check-${row.ID}`}
      />
    );
  const rowProps = (row: Row) => {
    const flashing = flashId !== null && String(row.ID) === String(flashId);
    return {
      "data-testid": `grid-row-${row.ID}`,
      "data-flash": flashing || undefined,
      onClick: () => onRowClick(row),
      className: cn("group cursor-pointer transition-colors hover:bg-accent/50 data-[state=open]:bg-accent/50", flashing && "animate-pulse bg-primary/10"),
    };
  };

  return (
    <div className={cn("flex flex-col gap-3", fills && "min-h-72 grow basis-0")}>
      <div className={cn("relative overflow-hidden rounded-lg border bg-card", fills && "flex min-h-0 flex-col")}>
        <div
          className={cn("absolute inset-x-0 top-0 z-30 h-0.5 overflow-hidden", !list.loading && "invisible")}
          role="progressbar"
          aria-busy={list.loading}
          aria-label={t("loading")}
        >
          <div className="h-full w-1/3 animate-grid-progress bg-primary" />
        </div>
        {cards ? (
          <ul data-testid={testId} aria-busy={list.loading} aria-label={text.title()} className="divide-y">
            {list.rows.map((row) => {
              const actions = actionsOf(row);
              return (
                <ContextMenu key={String(row.ID)}>
                  <ContextMenuTrigger asChild>
                    <li {...rowProps(row)} className={cn(rowProps(row).className, checked && "flex items-start pl-3")}>
                      {checked && <div className="pt-3.5">{checkbox(row)}</div>}
                      <div className="min-w-0 flex-1">
                        <RowCard def={def} text={text} row={row} actions={actions} inline={inline} />
                      </div>
                    </li>
                  </ContextMenuTrigger>
                  <RowContextMenu def={def} text={text} row={row} actions={actions} />
                </ContextMenu>
              );
            })}
          </ul>
        ) : (
          <div className={cn("overflow-auto overscroll-x-contain", fills && "min-h-0")}>
            <table data-testid={testId} aria-busy={list.loading} className="w-full caption-bottom text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  {checked && (
                    <th scope="col" className={cn(HEAD_CELL, "w-px px-3")}>
                      <Checkbox
                        checked={pageChecked ? true : somePageChecked ? "indeterminate" : false}
                        onCheckedChange={(on) => toggle(list.rows, on === true)}
                        aria-label={t("checkPage")}
                        data-testid="grid-check-page"
                      />
                    </th>
                  )}
                  {def.columns.map((column) => (
                    <th
                      key={column.field}
                      scope="col"
                      className={cn(
                        HEAD_CELL,
                        compact ? "px-3 py-1.5" : "px-3 py-2",
                        "font-medium whitespace-nowrap",
                        ALIGN_CLASS[columnAlign(column)],
                        column.wide && WIDE_ONLY,
                      )}
                    >
                      {text.field(column.field)}
                    </th>
                  ))}
                  <th
                    scope="col"
                    className={cn(HEAD_CELL, "right-0 z-20 w-px px-3 text-right shadow-[inset_1px_0_0_var(--color-border),inset_0_-1px_0_var(--color-border)]")}
                  >
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {list.rows.map((row) => {
                  const actions = actionsOf(row);
                  return (
                    <ContextMenu key={String(row.ID)}>
                      <ContextMenuTrigger asChild>
                        <tr {...rowProps(row)}>
                          {checked && <td className="w-px px-3 py-1">{checkbox(row)}</td>}
                          {def.columns.map((column) => (
                            <td
                              key={column.field}
                              className={cn(
                                // An image is as tall as the row's buttons: its padding is theirs.
                                column.kind === "image" ? "px-3 py-0.5" : compact ? "px-3 py-1.5" : "px-3 py-2",
                                "max-w-80 truncate",
                                ALIGN_CLASS[columnAlign(column)],
                                columnAlign(column) === "end" && "tabular-nums",
                                column.wide && WIDE_ONLY,
                              )}
                            >
                              <GridCell def={def} column={column} value={cellValue(column, row)} text={text} />
                            </td>
                          ))}
                          <td className={cn(PINNED_CELL, "px-3 py-0.5 text-right transition-colors")}>
                            <RowActions rowId={row.ID} actions={actions} inline={inline} />
                          </td>
                        </tr>
                      </ContextMenuTrigger>
                      <RowContextMenu def={def} text={text} row={row} actions={actions} />
                    </ContextMenu>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {empty}
      </div>
      <GridPagination list={list} />
    </div>
  );
}

/**
 * A row as a phone shows it: a title (the record's name as its pick list says it, when the columns hold that name;
 * else its first column), the next few columns that have something to show as label and value, and its actions.
 */
function RowCard({ def, text, row, actions, inline }: { def: ResourceDef; text: ResourceText; row: Row; actions: RowAction[]; inline: number }) {
  const image = def.columns.find((column) => column.kind === "image");
  const columns = def.columns.filter((column) => column !== image);
  const named = def.pick.name.length > 0 && def.pick.name.every((field) => columns.some((column) => column.field === field));
  const [first, ...others] = columns;
  const rest = named ? columns.filter((column) => !def.pick.name.includes(column.field)) : others;
  // A switch that is off says nothing worth a line on a small screen.
  const shows = (column: ColumnDef) => {
    const value = cellValue(column, row);
    return !isBlank(value) && !((column.kind === "bool" || column.kind === "checkbox") && !value);
  };
  const details = rest.filter(shows).slice(0, CARD_DETAILS);
  const cell = (column: ColumnDef) => <GridCell def={def} column={column} value={cellValue(column, row)} text={text} />;
  return (
    <div className="flex items-start gap-3 p-3 text-sm">
      {image && !isBlank(cellValue(image, row)) && <div className="shrink-0 pt-0.5">{cell(image)}</div>}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="truncate font-medium">{named ? recordName(def, row) : first && cell(first)}</p>
        {details.length > 0 && (
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 text-xs">
            {details.map((column) => (
              <div key={column.field} className="contents">
                <dt className="truncate text-muted-foreground">{text.field(column.field)}</dt>
                <dd className="min-w-0 truncate">{cell(column)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="shrink-0">
        <RowActions rowId={row.ID} actions={actions} inline={inline} />
      </div>
    </div>
  );
}
