"use client";

import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, Input } from "@pizarra/ui";
import { Ellipsis, FileSpreadsheet, FileUp, LoaderCircle, Plus, Printer, RefreshCw, Search, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { FILTER_DEBOUNCE_MS } from "./filter-form.tsx";
import { useLatest } from "./use-latest.ts";

/** The search box (spec 000 §2.6): the list follows what is typed, 300 ms after typing stops. */
export function SearchBox({ onSearch, label }: { onSearch: (text: string) => void; label: string }) {
  const [value, setValue] = useState("");
  const search = useLatest(onSearch);
  useEffect(() => {
    const timer = window.setTimeout(() => search.current(value), FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value, search]);
  return (
    <div className="relative w-full sm:w-64">
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={label}
        aria-label={label}
        data-testid="search-input"
        className="pl-8"
        maxLength={200}
      />
    </div>
  );
}

/** A toolbar button of an extra action (test hook `action-<name>`). */
export interface ToolbarAction {
  name: string;
  label: string;
  icon: LucideIcon;
  run: () => void;
}

interface ToolbarProps {
  onCreate?: () => void;
  onExport?: () => void;
  exporting?: boolean;
  onPrint?: () => void;
  printing?: boolean;
  /** In More when the definition offers import and the user may write. */
  onImport?: () => void;
  onReload: () => void;
  /** The definition's toolbar-scoped extra actions the person may run. */
  actions?: ToolbarAction[];
}

/** Create, Export to Excel, Print and More (spec 000 §2.6); each present only when the definition and the right allow it. */
export function Toolbar({ onCreate, onExport, exporting, onPrint, printing, onImport, onReload, actions = [] }: ToolbarProps) {
  const t = useTranslations("moduleScreen");
  return (
    <div className="flex flex-wrap items-center gap-2">
      {onCreate && (
        <Button onClick={onCreate} data-testid="toolbar-create">
          <Plus aria-hidden />
          {t("create")}
        </Button>
      )}
      {onExport && (
        <Button variant="outline" onClick={onExport} disabled={exporting} data-testid="toolbar-export">
          {exporting ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileSpreadsheet aria-hidden />}
          {t("export")}
        </Button>
      )}
      {onPrint && (
        <Button variant="outline" onClick={onPrint} disabled={printing} data-testid="toolbar-print">
          {printing ? <LoaderCircle className="animate-spin" aria-hidden /> : <Printer aria-hidden />}
          {t("print")}
        </Button>
      )}
      {actions.map(({ name, label, icon: Icon, run }) => (
        <Button key={name} variant="outline" onClick={run} data-testid={`action-${name}`}>
          <Icon aria-hidden />
          {label}
        </Button>
      ))}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" data-testid="toolbar-more">
            <Ellipsis aria-hidden />
            {t("more")}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={onReload} data-testid="toolbar-reload">
            <RefreshCw aria-hidden />
            {t("reload")}
          </DropdownMenuItem>
          {onImport && (
            <DropdownMenuItem onSelect={onImport} data-testid="toolbar-import">
              <FileUp aria-hidden />
              {t("import")}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
