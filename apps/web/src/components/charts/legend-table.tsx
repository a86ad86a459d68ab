/** One line of a chart's table: its colour in the chart, its label, its number. */
export interface LegendRow {
  key: string;
  label: string;
  fill: string;
  count: number;
}

interface LegendTableProps {
  caption: string;
  /** The column headings: what the rows are, their number, and (with `share`) their share of the total. */
  heads: { label: string; count: string; share?: string };
  rows: LegendRow[];
  total: { label: string; count: number };
  format: (n: number) => string;
  share?: (count: number) => string;
  /** Test ids: `<prefix>-<row key>` and `<prefix>-total` on the numbers. */
  testIdPrefix: string;
  className?: string;
  "data-testid"?: string;
}

/**
 * The numbers beside a chart (house rule: numbers people compare are drawn and given as a table): each line with the
 * colour it has in the chart, its count, optionally its share, and the total.
 */
export function LegendTable({ caption, heads, rows, total, format, share, testIdPrefix, className, "data-testid": testId }: LegendTableProps) {
  return (
    <table className={className} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-muted-foreground">
        <tr className="border-b">
          <th scope="col" className="py-1.5 text-left font-medium">
            {heads.label}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {heads.count}
          </th>
          {share && (
            <th scope="col" className="py-1.5 text-right font-medium">
              {heads.share}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b last:border-0">
            <th scope="row" className="py-1.5 text-left font-normal">
              <span className="inline-flex items-center gap-2">
                <span aria-hidden className="size-2.5 rounded-sm" style={{ background: row.fill }} />
                {row.label}
              </span>
            </th>
            <td className="py-1.5 text-right tabular-nums" data-testid={`${testIdPrefix}-${row.key}`}>
              {format(row.count)}
            </td>
            {share && <td className="py-1.5 text-right text-muted-foreground tabular-nums">{share(row.count)}</td>}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t font-medium">
          <th scope="row" className="py-1.5 text-left">
            {total.label}
          </th>
          <td className="py-1.5 text-right tabular-nums" data-testid={`${testIdPrefix}-total`}>
            {format(total.count)}
          </td>
          {share && <td />}
        </tr>
      </tfoot>
    </table>
  );
}
