"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/api-query.ts";
import { ALIGN_CLASS, cellText, columnAlign } from "./grid-cell.tsx";
import { useResourceText } from "./resource-text.ts";
import type { ListAnswer, Query } from "./types.ts";
import { useLatest } from "./use-latest.ts";

export interface PrintRequest {
  query: Query;
  /** The filters in force, as the person reads them. */
  summary: { label: string; value: string }[];
}

/**
 * Opens the browser's print dialog once `ready` (the rows are on the page) and calls `onDone` after it closes. print()
 * blocks until the dialog closes where browsers make it modal.
 */
export function usePrintWhen(ready: boolean, onDone: () => void) {
  const done = useLatest(onDone);
  useEffect(() => {
    if (!ready) return;
    const finish = () => done.current();
    window.addEventListener("afterprint", finish, { once: true });
    const frame = window.requestAnimationFrame(() => window.print());
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener("afterprint", finish);
    };
  }, [ready, done]);
}

/**
 * Print (spec 000 §7 "Export and print"): every row of the current scope (`get/?print=true`), under the module's
 * title and the filters in force, in a view that only paper sees (globals.css hides the rest while it is mounted).
 */
export function PrintView({ def, title, request, onDone }: { def: ResourceDef; title: string; request: PrintRequest; onDone: () => void }) {
  const t = useTranslations("moduleScreen");
  const text = useResourceText(def.id);
  const done = useLatest(onDone);
  // Every print asks afresh: paper shows the rows as they are now, not as a list read a minute ago had them.
  const { data, isError } = useQuery({ ...apiGet<ListAnswer>(`${def.id}/get`, { query: { ...request.query, print: "true" } }), gcTime: 0 });
  const rows = data === undefined ? null : (data?.Results ?? []);
  useEffect(() => {
    if (isError) done.current();
  }, [isError, done]);

  usePrintWhen(rows !== null, onDone);

  if (!rows) return null;
  const yesNo = (v: boolean) => (v ? t("yes") : t("no"));
  return createPortal(
    <div data-print-view data-testid="print-view" className="hidden bg-white p-6 text-sm text-black print:block">
      <h1 className="mb-1 text-xl font-semibold">{title}</h1>
      {request.summary.length > 0 && (
        <p className="mb-4 text-xs text-neutral-600">{request.summary.map((item) => `${item.label}: ${item.value}`).join(" · ")}</p>
      )}
      <table className="w-full border-collapse text-xs">
        <thead>
          <tr>
            {def.columns.map((column) => (
              <th key={column.field} className={`border-b border-neutral-400 px-2 py-1 font-semibold ${ALIGN_CLASS[columnAlign(column)]}`}>
                {text.field(column.field)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.ID)} className="break-inside-avoid">
              {def.columns.map((column) => (
                <td key={column.field} className={`border-b border-neutral-200 px-2 py-1 ${ALIGN_CLASS[columnAlign(column)]}`}>
                  {column.kind === "image" ? "" : cellText(def, column, row[column.field], text, yesNo)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-neutral-600">{t("printCount", { count: rows.length })}</p>
    </div>,
    document.body,
  );
}
