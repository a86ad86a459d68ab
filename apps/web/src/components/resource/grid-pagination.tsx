"use client";

import { Button, cn } from "@pizarra/ui";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ResourceList } from "./use-resource-list.ts";

/**
 * The pages to offer: the first, the last, and the current one with its neighbours; null marks an ellipsis. While the
 * last page is only estimated it is not offered (it may hold no rows): an ellipsis after the next page stands for it.
 */
export function pageItems(page: number, pageCount: number, lastPageKnown = true): (number | null)[] {
  const last = lastPageKnown ? pageCount : Math.min(pageCount, page + 1);
  const wanted = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push(null);
    items.push(p);
  });
  if (last < pageCount) items.push(null);
  return items;
}

/**
 * Spec 000 §2.7: the record-count text, the '[Total]' link that counts every record, and previous/next with
 * ellipsis. While the total is uncounted (RowCount -1) the last page is the spec's estimate until the list has
 * learnt which pages hold rows.
 */
export function GridPagination({ list }: { list: ResourceList }) {
  const t = useTranslations("moduleScreen");
  const { page, pageCount, lastPageKnown, rowCount, rows, pageSize } = list;
  const from = rows.length ? (page - 1) * pageSize + 1 : 0;
  const to = (page - 1) * pageSize + rows.length;
  // An uncounted list has more pages only when this one is full.
  const hasNext = rowCount < 0 ? rows.length >= pageSize : page < pageCount;

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {/* An empty page says so once, in the grid: no count and nothing to count here then. */}
      <p className="flex items-center gap-2 text-muted-foreground">
        <span data-testid="record-count" aria-live="polite">
          {rows.length > 0 && (rowCount >= 0 ? t("countKnown", { from, to, total: rowCount }) : t("countUnknown", { from, to }))}
        </span>
        {rows.length > 0 && (
          <button
            type="button"
            onClick={list.countTotal}
            data-testid="count-total"
            className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t("countTotal")}
          </button>
        )}
      </p>
      <nav aria-label={t("pagination")} className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon-sm"
          disabled={page <= 1}
          onClick={() => list.setPage(page - 1)}
          aria-label={t("previousPage")}
          data-testid="page-prev"
        >
          <ChevronLeft aria-hidden />
        </Button>
        {pageItems(page, pageCount, lastPageKnown).map((item, index) =>
          item === null ? (
            <span key={`gap-${index}`} className="px-1 text-muted-foreground" aria-hidden>
              …
            </span>
          ) : (
            <Button
              key={item}
              variant={item === page ? "default" : "ghost"}
              size="icon-sm"
              aria-current={item === page ? "page" : undefined}
              aria-label={t("page", { page: item })}
              onClick={() => list.setPage(item)}
              data-testid={`page-${item}`}
              className={cn("tabular-nums", item > 99 && "w-auto px-2")}
            >
              {item}
            </Button>
          ),
        )}
        <Button variant="outline" size="icon-sm" disabled={!hasNext} onClick={() => list.setPage(page + 1)} aria-label={t("nextPage")} data-testid="page-next">
          <ChevronRight aria-hidden />
        </Button>
      </nav>
    </div>
  );
}
