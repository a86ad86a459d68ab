"use client";

import type { ResourceDef } from "@pizarra/contracts";
import {
  Button,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  toast,
  WithTooltip,
} from "@pizarra/ui";
import { Copy, Ellipsis, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cellText, cellValue } from "./grid-cell.tsx";
import type { ResourceText } from "./resource-text.ts";
import type { Row } from "./types.ts";

export interface RowAction {
  /** Test hook: `row-<key>-<ID>`, unless `testId` names it. */
  key: string;
  testId?: string;
  label: string;
  icon: LucideIcon;
  destructive?: boolean;
  run: () => void;
}

/**
 * The button of a row's action, else (the action sat in the row's menu, or the row changed) the row's menu button or
 * its first action: where focus goes back when the drawer an action opened closes.
 */
export function rowActionButton(root: HTMLElement | null, rowId: string | number, key: string): HTMLElement | null {
  const row = root?.querySelector(`[data-row-id="${CSS.escape(String(rowId))}"]`);
  if (!row) return null;
  return (
    row.querySelector<HTMLElement>(`[data-row-action="${CSS.escape(key)}"]`) ??
    row.querySelector<HTMLElement>('[data-row-action="more"]') ??
    row.querySelector<HTMLElement>("[data-row-action]")
  );
}

/** Spec 000 §2.6: at most `inline` icons on the row, the rest in a menu. */
export function RowActions({ rowId, actions, inline }: { rowId: string | number; actions: RowAction[]; inline: number }) {
  const t = useTranslations("moduleScreen");
  const shown = actions.length > inline ? actions.slice(0, Math.max(0, inline)) : actions;
  const rest = actions.slice(shown.length);
  return (
    <div className="flex items-center justify-end gap-0.5" data-row-id={String(rowId)} onClick={(e) => e.stopPropagation()}>
      {shown.map(({ key, testId, label, icon: Icon, destructive, run }) => (
        <WithTooltip key={key} label={label}>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={label}
            onClick={run}
            data-row-action={key}
            data-testid={testId ?? `row-${key}-${rowId}`}
            className={destructive ? "text-destructive hover:bg-destructive/10 hover:text-destructive" : undefined}
          >
            <Icon aria-hidden />
          </Button>
        </WithTooltip>
      ))}
      {rest.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={t("rowMore")} data-row-action="more" data-testid={`row-more-${rowId}`}>
              <Ellipsis aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {rest.map(({ key, testId, label, icon: Icon, destructive, run }) => (
              <DropdownMenuItem key={key} onSelect={run} variant={destructive ? "destructive" : "default"} data-testid={testId ?? `row-${key}-${rowId}`}>
                <Icon aria-hidden />
                {label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}

/**
 * Spec 000 §2.7's context menu on a row (right click or the context-menu key): the row's own actions, and a copy of
 * its cells as tab-separated text that pastes into a spreadsheet as one row.
 */
export function RowContextMenu({ def, text, row, actions }: { def: ResourceDef; text: ResourceText; row: Row; actions: RowAction[] }) {
  const t = useTranslations("moduleScreen");
  const yesNo = (v: boolean) => (v ? t("yes") : t("no"));
  const copy = () => {
    const cells = def.columns.map((column) => cellText(def, column, cellValue(column, row), text, yesNo).replace(/[\t\r\n]+/g, " "));
    navigator.clipboard.writeText(cells.join("\t")).then(
      () => toast.success(t("copied")),
      () => toast.error(t("copyFailed")),
    );
  };
  return (
    <ContextMenuContent data-testid={`row-context-${row.ID}`}>
      {actions.map(({ key, label, icon: Icon, destructive, run }) => (
        <ContextMenuItem key={key} onSelect={run} variant={destructive ? "destructive" : "default"}>
          <Icon aria-hidden />
          {label}
        </ContextMenuItem>
      ))}
      {actions.length > 0 && <ContextMenuSeparator />}
      <ContextMenuItem onSelect={copy} data-testid={`row-copy-${row.ID}`}>
        <Copy aria-hidden />
        {t("copyRow")}
      </ContextMenuItem>
    </ContextMenuContent>
  );
}
