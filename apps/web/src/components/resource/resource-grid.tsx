"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { cn, ContextMenu, ContextMenuTrigger } from "@pizarra/ui";
import { Inbox } from "lucide-react";
import { useTranslations } from "next-intl";
import { ALIGN_CLASS, cellValue, columnAlign, GridCell } from "./grid-cell.tsx";
import { GridPagination } from "./grid-pagination.tsx";
import type { ResourceText } from "./resource-text.ts";
import { RowActions, RowContextMenu, type RowAction } from "./row-actions.tsx";
import type { Row } from "./types.ts";
import type { ResourceList } from "./use-resource-list.ts";

/** Spec 000 §2.6: "a configured number" of inline row icons; 2 unless the definition says otherwise. */
const DEFAULT_INLINE_ACTIONS = 2;

interface ResourceGridProps {
  def: ResourceDef;
  text: ResourceText;
  list: ResourceList;
  actionsOf: (row: Row) => RowAction[];
  onRowClick: (row: Row) => void;
  /** The row saved last, flashing for a moment (spec 000 §4). */
  flashId: string | number | null;
  compact?: boolean;
  /** `grid` for the screen's own grid; a detail grid is named after its resource so that the two never clash. */
  testId: string;
}

/** The paginated grid (spec 000 §2.7): translated headers, cells by kind, row icons, an indeterminate bar while loading. */
export function ResourceGrid({ def, text, list, actionsOf, onRowClick, flashId, compact, testId }: ResourceGridProps) {
  const t = useTranslations("moduleScreen");
  const cellPad = compact ? "px-3 py-1.5" : "px-3 py-2";
  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-lg border bg-card">
        <div
          className={cn("absolute inset-x-0 top-0 h-0.5 overflow-hidden", !list.loading && "invisible")}
          role="progressbar"
          aria-busy={list.loading}
          aria-label={t("loading")}
        >
          <div className="h-full w-1/3 animate-grid-progress bg-primary" />
        </div>
        <div className="overflow-x-auto">
          <table data-testid={testId} aria-busy={list.loading} className="w-full caption-bottom text-sm">
            <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
              <tr>
                {def.columns.map((column) => (
                  <th key={column.field} scope="col" className={cn(cellPad, "font-medium whitespace-nowrap", ALIGN_CLASS[columnAlign(column)])}>
                    {text.field(column.field)}
                  </th>
                ))}
                <th scope="col" className={cn(cellPad, "w-px text-right")}>
                  <span className="sr-only">{t("actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {list.rows.map((row) => {
                const flashing = flashId !== null && String(row.ID) === String(flashId);
                const actions = actionsOf(row);
                return (
                  <ContextMenu key={String(row.ID)}>
                    <ContextMenuTrigger asChild>
                      <tr
                        data-testid={`grid-row-${row.ID}`}
                        data-flash={flashing || undefined}
                        onClick={() => onRowClick(row)}
                        className={cn(
                          "cursor-pointer transition-colors hover:bg-accent/50 data-[state=open]:bg-accent/50",
                          flashing && "animate-pulse bg-primary/10",
                        )}
                      >
                        {def.columns.map((column) => (
                          <td
                            key={column.field}
                            className={cn(cellPad, "max-w-80 truncate", ALIGN_CLASS[columnAlign(column)], columnAlign(column) === "end" && "tabular-nums")}
                          >
                            <GridCell def={def} column={column} value={cellValue(column, row)} text={text} />
                          </td>
                        ))}
                        <td className={cn(cellPad, "py-1 text-right")}>
                          <RowActions rowId={row.ID} actions={actions} inline={def.inlineActions ?? DEFAULT_INLINE_ACTIONS} />
                        </td>
                      </tr>
                    </ContextMenuTrigger>
                    <RowContextMenu def={def} text={text} row={row} actions={actions} />
                  </ContextMenu>
                );
              })}
              {list.rows.length === 0 && !list.loading && (
                <tr>
                  <td colSpan={def.columns.length + 1} className="px-3 py-10 text-center text-muted-foreground" data-testid="grid-empty">
                    <Inbox className="mx-auto mb-2 size-6 opacity-60" aria-hidden />
                    {t("noRecords")}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
      <GridPagination list={list} />
    </div>
  );
}
