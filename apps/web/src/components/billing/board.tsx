"use client";

import { GRID_STATES, ORDER_STATUS, type TGridAnswer, type TGridModule, type TGridState } from "@pizarra/contracts";
import { Button, NativeSelect } from "@pizarra/ui";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, LoaderCircle, Plus } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiGet, refreshReads, refusalText } from "@/client/api-query.ts";
import { findMenuItem } from "@/client/menu.ts";
import { FilterField, GradeSectionFilters } from "../resource/fields/grade-section-filters.tsx";
import type { Row } from "../resource/types.ts";
import { useAppSession } from "../shell/session-context.tsx";
import { useDecimalText, useFieldsText, useMonthNames } from "./board-money.ts";
import { BoardCellDialog, type BoardOrder } from "./board-cell-dialog.tsx";
import { BOARD_CHART_FILLS } from "./board-chart.tsx";
import { type BoardCell, type BoardRow, BoardTable } from "./board-table.tsx";
import { BulkOrdersDialog } from "./bulk-orders-dialog.tsx";
import { OrderPayDialog, OrderRefundDialog } from "./order-money-dialogs.tsx";
import { ReceiptPdfDialog } from "./receipt-pdf-dialog.tsx";

// The chart library loads with the board, not with every module screen.
const BoardChart = dynamic(() => import("./board-chart.tsx"), { ssr: false });

interface Filters {
  year: number | null;
  superSectionId: number | null;
  sectionId: number | null;
  status: TGridState | "";
  curr: string;
  page: number;
}
const NO_FILTERS: Filters = { year: null, superSectionId: null, sectionId: null, status: "", curr: "", page: 1 };

/** What the open dialog acts on: a cell to choose from, or one order to pay, refund or print. */
type Opened = { kind: "cell"; row: BoardRow; cell: BoardCell } | { kind: "pay" | "refund" | "receipt"; order: BoardOrder } | null;

/** An order of a cell as the payment, refund and receipt dialogs take an order's row. */
const orderRow = (order: BoardOrder): Row => ({
  ID: order.ID,
  orderId: order.ID,
  refId: order.receipt ?? order.easyId,
  easyId: order.easyId,
  brief: order.brief,
  dependantName: order.student,
  total: order.total,
  paid: order.paid,
  curr: order.curr,
  status: order.status,
});

/**
 * The pension board of admBillingGrid and admOrderGrid (001 §7 getGrid, §9 grid years): the students of a grade or
 * section by the months of a year, filtered by state and currency, 40 a page; a cell opens the payment of its unpaid
 * order or its receipt, and the bursar's bulk dialog creates a month or a year of orders. Paying, refunding and
 * receipts are admBilling's calls, so they are offered only with that module's rights.
 */
export function BoardScreen({ module, canWrite }: { module: TGridModule; canWrite: boolean }) {
  const t = useTranslations("billing.board");
  const tg = useTranslations("billing.grid");
  const tb = useTranslations("billing.bulk");
  const client = useQueryClient();
  const { menu } = useAppSession();
  const billing = findMenuItem(menu, "admBilling")?.item;
  const canPay = Boolean(billing?.write);
  const canReceipt = Boolean(billing);
  // createbulk is write on the module whose calls these are, besides write on the board's own module.
  const canBulk = canWrite && Boolean(findMenuItem(menu, module)?.item.write);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [opened, setOpened] = useState<Opened>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const text = useFieldsText("billing.grid");
  const money = useDecimalText();
  const months = useMonthNames();
  const path = `${module}/getGrid`;

  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== null && v !== "")) as Record<string, string | number>;
  const board = useQuery({ ...apiGet<TGridAnswer>(path, { query, notify: "first" }), placeholderData: keepPreviousData });
  const data = board.data;
  const set = (patch: Partial<Filters>) => setFilters((old) => ({ ...old, page: 1, ...patch }));
  const refresh = () => void refreshReads(client, path);

  const open = (row: BoardRow, cell: BoardCell) => {
    const only = cell.orders.length === 1 ? { ...cell.orders[0]!, student: row.name } : null;
    if (only && only.status === ORDER_STATUS.unpaid && canPay) setOpened({ kind: "pay", order: only });
    else if (only && only.status === ORDER_STATUS.voided && only.receipt && canReceipt) setOpened({ kind: "receipt", order: only });
    else setOpened({ kind: "cell", row, cell });
  };
  const order = opened && opened.kind !== "cell" ? orderRow(opened.order) : null;
  const closeDialog = () => setOpened(null);

  const years = data ? Array.from({ length: data.years.last - data.years.first + 1 }, (_, i) => data.years.last - i) : [];
  const pages = data ? Math.max(1, Math.ceil(data.count / data.PageSize)) : 1;
  const chart = data?.columns.map((c) => ({ label: months[c.month - 1]!, collected: Number(c.paid), outstanding: Number(c.balance) })) ?? [];

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="board">
      <form
        role="search"
        aria-label={t("filters")}
        noValidate
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 items-end gap-3 rounded-lg border bg-card p-4 md:grid-cols-3 lg:grid-cols-6"
        data-testid="board-filters"
      >
        <FilterField id="board-year" label={tg("fields.year")}>
          <NativeSelect
            id="board-year"
            data-testid="board-year"
            value={filters.year ?? data?.year ?? ""}
            onChange={(e) => set({ year: Number(e.target.value), curr: "" })}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <GradeSectionFilters
          idPrefix="board"
          labels={{ grade: tg("fields.superSectionId"), section: tg("fields.sectionId") }}
          value={{ superSectionId: filters.superSectionId, sectionId: filters.sectionId }}
          onChange={set}
          text={text}
          allLabel={t("all")}
        />
        <FilterField id="board-status" label={tg("fields.status")}>
          <NativeSelect
            id="board-status"
            data-testid="board-status"
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as TGridState | "" })}
          >
            <option value="">{t("all")}</option>
            {GRID_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        {data && data.currencies.length > 1 && (
          <FilterField id="board-curr" label={tg("fields.curr")}>
            <NativeSelect id="board-curr" data-testid="board-curr" value={data.curr} onChange={(e) => set({ curr: e.target.value })}>
              {data.currencies.map((curr) => (
                <option key={curr} value={curr}>
                  {curr}
                </option>
              ))}
            </NativeSelect>
          </FilterField>
        )}
        {canBulk && (
          <Button type="button" className="col-span-2 justify-self-start md:col-span-1" onClick={() => setBulkOpen(true)} data-testid="board-bulk">
            <Plus aria-hidden />
            {tb(`open.${module}`)}
          </Button>
        )}
      </form>

      {!data ? (
        board.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm" data-testid="board-failed">
            {refusalText(board.error) || t("failed")}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            {t("loading")}
          </p>
        )
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="text-muted-foreground" data-testid="board-count" aria-live="polite">
              {t("count", { count: data.count })}
              {board.isFetching && <LoaderCircle className="ml-2 inline size-4 animate-spin" aria-hidden />}
            </p>
            <p className="text-xs text-muted-foreground">{t("keys")}</p>
          </div>
          {data.rows.length === 0 ? (
            <p className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground" data-testid="board-empty">
              {t("empty")}
            </p>
          ) : (
            <BoardTable data={data} onOpen={open} />
          )}
          {pages > 1 && (
            <nav aria-label={t("page", { page: data.page, pages })} className="flex items-center justify-end gap-2 text-sm">
              <Button
                variant="outline"
                size="icon"
                aria-label={t("previous")}
                disabled={data.page <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: data.page - 1 }))}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <span data-testid="board-page">{t("page", { page: data.page, pages })}</span>
              <Button
                variant="outline"
                size="icon"
                aria-label={t("next")}
                disabled={data.page >= pages}
                onClick={() => setFilters((f) => ({ ...f, page: data.page + 1 }))}
              >
                <ChevronRight aria-hidden />
              </Button>
            </nav>
          )}
          <section aria-labelledby="board-chart-title" className="grid gap-4 rounded-lg border bg-card p-4 lg:grid-cols-2" data-testid="board-summary">
            <h2 id="board-chart-title" className="text-sm font-semibold lg:col-span-2">
              {t("chart", { curr: data.curr })}
            </h2>
            <div role="img" aria-label={t("chart", { curr: data.curr })} className="min-h-56 min-w-0" data-testid="board-chart">
              <BoardChart data={chart} />
            </div>
            <table className="w-full self-start text-sm" data-testid="board-month-table">
              <caption className="sr-only">{t("chart", { curr: data.curr })}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-1.5 text-left font-medium">
                    {t("month")}
                  </th>
                  <th scope="col" className="py-1.5 text-right font-medium">
                    {t("charged")}
                  </th>
                  {(["collected", "outstanding"] as const).map((key) => (
                    <th key={key} scope="col" className="py-1.5 text-right font-medium">
                      <span className="inline-flex items-center gap-1.5">
                        <span aria-hidden className="size-2.5 rounded-sm" style={{ background: BOARD_CHART_FILLS[key] }} />
                        {t(key)}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.columns.map((c) => (
                  <tr key={c.month} className="border-b last:border-0">
                    <th scope="row" className="py-1 text-left font-normal capitalize">
                      {months[c.month - 1]}
                    </th>
                    <td className="py-1 text-right tabular-nums">{money(c.total)}</td>
                    <td className="py-1 text-right tabular-nums">{money(c.paid)}</td>
                    <td className="py-1 text-right tabular-nums">{money(c.balance)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="font-semibold">
                <tr className="border-t">
                  <th scope="row" className="py-1.5 text-left">
                    {t("total")}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{money(data.total)}</td>
                  <td className="py-1.5 text-right tabular-nums" data-testid="board-collected">
                    {money(data.paid)}
                  </td>
                  <td className="py-1.5 text-right tabular-nums" data-testid="board-outstanding">
                    {money(data.balance)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
        </>
      )}

      <BoardCellDialog
        opened={opened?.kind === "cell" ? { row: opened.row, cell: opened.cell } : null}
        curr={data?.curr ?? ""}
        canPay={canPay}
        canReceipt={canReceipt}
        onChoose={(kind, chosen) => setOpened({ kind, order: chosen })}
        onClosed={closeDialog}
      />
      <OrderPayDialog open={opened?.kind === "pay"} row={order} rows={[]} onClosed={closeDialog} onDone={refresh} />
      <OrderRefundDialog open={opened?.kind === "refund"} row={order} rows={[]} onClosed={closeDialog} onDone={refresh} />
      <ReceiptPdfDialog open={opened?.kind === "receipt"} row={order} rows={[]} onClosed={closeDialog} onDone={refresh} />
      {canBulk && data && (
        <BulkOrdersDialog key={data.year} module={module} year={data.year} open={bulkOpen} onClosed={() => setBulkOpen(false)} onDone={refresh} />
      )}
    </div>
  );
}
