"use client";

import { Button, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@pizarra/ui";
import { FileDown, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { downloadExport } from "../resource/export-file.ts";
import { useHashModal } from "../resource/hash-modal.ts";
import { useResourceText } from "../resource/resource-text.ts";
import type { OwnDialogProps } from "../resource/types.ts";

/**
 * The receipts list's "download PDF" (001 §2 "Receipts"), from a receipt's row: its order's latest receipt
 * (`admBilling/receipt/{orderId}/false`), or every receipt of the order when it was paid in parts (`…/true`).
 */
export function ReceiptPdfDialog({ open, row, onClosed }: OwnDialogProps) {
  const t = useTranslations("billing.receipts.dialog");
  const tToast = useTranslations("toast");
  const hint = useResourceText("admBilling").actionHint("pdf");
  const close = useHashModal(open, `admBilling-pdf-${row?.ID ?? ""}`, onClosed);
  const [busy, setBusy] = useState<"latest" | "all" | null>(null);
  const refId = String(row?.refId ?? "");
  const get = async (all: boolean) => {
    if (!row) return;
    setBusy(all ? "all" : "latest");
    const saved = await downloadExport(`admBilling/receipt/${String(row.orderId)}/${all}`, {}, `${refId}.pdf`, {
      errorTitle: tToast("errorTitle"),
      failed: t("failed"),
    });
    setBusy(null);
    if (saved) close();
  };
  return (
    <Sheet open={open} onOpenChange={(next) => !next && close()}>
      <SheetContent side="right" closeLabel={t("close")} className="sm:max-w-md" data-testid="receipt-pdf">
        <SheetHeader>
          <SheetTitle>{t("title", { refId })}</SheetTitle>
          <SheetDescription>{hint}</SheetDescription>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-3">
          <Button onClick={() => void get(false)} disabled={busy !== null} data-testid="receipt-pdf-latest">
            {busy === "latest" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
            {t("latest")}
          </Button>
          <Button variant="outline" onClick={() => void get(true)} disabled={busy !== null} data-testid="receipt-pdf-all">
            {busy === "all" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
            {t("all")}
          </Button>
        </SheetBody>
        <SheetFooter>
          <Button variant="outline" onClick={close}>
            {t("close")}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
