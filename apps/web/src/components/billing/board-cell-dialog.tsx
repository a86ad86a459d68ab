"use client";

import { ORDER_STATUS, type TGridAnswer } from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@pizarra/ui";
import { Banknote, FileDown, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useDecimalText, useMonthNames } from "./board-money.ts";
import type { BoardCell, BoardRow } from "./board-table.tsx";

/** An order of a cell, with the name of its student (what the payment dialog's summary shows). */
export type BoardOrder = TGridAnswer["rows"][number]["cells"][number]["orders"][number] & { student: string };

/**
 * A cell's orders, for a cell that is not one unpaid order (which opens its payment at once): each with its state and
 * amounts and what can be done with it, a payment while it is unpaid, its receipt once something was paid, a refund
 * once it is paid.
 */
export function BoardCellDialog({
  opened,
  curr,
  canPay,
  canReceipt,
  onChoose,
  onClosed,
}: {
  opened: { row: BoardRow; cell: BoardCell } | null;
  curr: string;
  canPay: boolean;
  canReceipt: boolean;
  onChoose: (kind: "pay" | "refund" | "receipt", order: BoardOrder) => void;
  onClosed: () => void;
}) {
  const t = useTranslations("billing.board");
  const money = useDecimalText();
  const months = useMonthNames("long");
  const row = opened?.row;
  const cell = opened?.cell;
  return (
    <Dialog open={opened !== null} onOpenChange={(next) => !next && onClosed()}>
      <DialogContent closeLabel={t("close")} className="flex max-h-dvh flex-col sm:max-w-lg" data-testid="board-cell">
        <DialogHeader>
          <DialogTitle>{row && cell ? t("cellTitle", { student: row.name, month: months[cell.month - 1]! }) : ""}</DialogTitle>
          <DialogDescription>{t("cellDescription")}</DialogDescription>
        </DialogHeader>
        <ul className="flex min-h-0 flex-col gap-2 overflow-y-auto">
          {cell?.orders.map((order) => {
            const chosen = { ...order, student: row?.name ?? "" };
            return (
              <li key={order.ID} className="flex flex-col gap-2 rounded-md border p-3 text-sm" data-testid={`board-order-${order.ID}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">
                    {order.easyId} · {order.brief}
                  </span>
                  <span className="text-xs text-muted-foreground">{t("due", { date: order.dueDate })}</span>
                </div>
                <dl className="grid grid-cols-3 gap-2 text-xs">
                  <div>
                    <dt className="text-muted-foreground">{t("charged")}</dt>
                    <dd className="tabular-nums">
                      {money(order.total)} {curr}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t("collected")}</dt>
                    <dd className="tabular-nums">{money(order.paid)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t("outstanding")}</dt>
                    <dd className="tabular-nums">{money(order.balance)}</dd>
                  </div>
                </dl>
                <div className="flex flex-wrap gap-2">
                  {canPay && order.status === ORDER_STATUS.unpaid && (
                    <Button size="sm" onClick={() => onChoose("pay", chosen)} data-testid={`board-order-pay-${order.ID}`}>
                      <Banknote aria-hidden />
                      {t("payAction")}
                    </Button>
                  )}
                  {canReceipt && order.receipt && (
                    <Button size="sm" variant="outline" onClick={() => onChoose("receipt", chosen)} data-testid={`board-order-receipt-${order.ID}`}>
                      <FileDown aria-hidden />
                      {t("receiptAction")} {order.receipt}
                    </Button>
                  )}
                  {canPay && order.status === ORDER_STATUS.paid && (
                    <Button size="sm" variant="destructive" onClick={() => onChoose("refund", chosen)} data-testid={`board-order-refund-${order.ID}`}>
                      <Undo2 aria-hidden />
                      {t("refundAction")}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClosed}>
            {t("close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
