"use client";

import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, WithTooltip } from "@pizarra/ui";
import { Ellipsis, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";

export interface RowAction {
  /** Test hook: `row-<key>-<ID>`, unless `testId` names it. */
  key: string;
  testId?: string;
  label: string;
  icon: LucideIcon;
  destructive?: boolean;
  run: () => void;
}

/** Spec 000 §2.6: at most `inline` icons on the row, the rest in a menu. */
export function RowActions({ rowId, actions, inline }: { rowId: string | number; actions: RowAction[]; inline: number }) {
  const t = useTranslations("moduleScreen");
  const shown = actions.length > inline ? actions.slice(0, Math.max(0, inline)) : actions;
  const rest = actions.slice(shown.length);
  return (
    <div className="flex items-center justify-end gap-0.5" onClick={(e) => e.stopPropagation()}>
      {shown.map(({ key, testId, label, icon: Icon, destructive, run }) => (
        <WithTooltip key={key} label={label}>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={label}
            onClick={run}
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
            <Button variant="ghost" size="icon-sm" aria-label={t("rowMore")} data-testid={`row-more-${rowId}`}>
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
