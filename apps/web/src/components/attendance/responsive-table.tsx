import type { ReactNode } from "react";

export interface Column<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * A table on a desktop that becomes one card per row below 768 px (000 §9: lists are cards on a phone): the same
 * markup, each cell then carrying its column's name, so nothing scrolls sideways at 390 px.
 */
export function ResponsiveTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  testId: string;
}) {
  return (
    <table className="block w-full text-sm md:table" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b text-xs text-muted-foreground">
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.numeric ? "px-3 py-2 text-right font-medium" : "px-3 py-2 text-left font-medium"}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-2 md:table-row-group">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            data-testid={`${testId}-${rowKey(row)}`}
            className="flex flex-col rounded-lg border bg-card p-3 md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0"
          >
            {columns.map((c) => (
              <td
                key={c.key}
                className={`flex items-baseline justify-between gap-3 py-0.5 md:table-cell md:px-3 md:py-2 ${c.numeric ? "md:text-right md:tabular-nums" : ""}`}
              >
                <span className="text-xs text-muted-foreground md:hidden">{c.label}</span>
                <span className={`min-w-0 break-words text-right ${c.numeric ? "" : "md:text-left"}`}>{c.cell(row)}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
