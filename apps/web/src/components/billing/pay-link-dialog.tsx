"use client";

import { ORDER_STATUS, type TPayLinkAnswer } from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { LoaderCircle, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { useHashModal } from "../resource/hash-modal.ts";
import type { OwnDialogProps } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { OrderSummary } from "./order-money-dialogs.tsx";

/** Why an order takes no pay link, as its row shows it (the server says so again when asked): paid, or voided. */
const refusalOf = (status: unknown) => (status === ORDER_STATUS.paid ? "paid" : status === ORDER_STATUS.voided ? "voided" : null);

/**
 * "Send pay link" on an order (beside its payment and refund): the order's pay link goes to the guardians who pay for
 * the student (both, where two share the fees), through the delivery pipeline: the toast says to how many, and the
 * delivery ledger shows each message. The server refuses, saying why, when the school takes no payments online.
 */
export function PayLinkDialog({ open, row, onClosed }: OwnDialogProps) {
  const t = useTranslations("billing.payLink");
  const tc = useTranslations("common");
  const close = useHashModal(open, `admOrder-paylink-${row?.ID ?? ""}`, onClosed);
  const [busy, setBusy] = useState(false);
  const refusal = refusalOf(row?.status);
  const send = async () => {
    if (!row) return;
    setBusy(true);
    const res = await api.post<TPayLinkAnswer>(`admOrder/sendpaylink/${String(row.ID)}`, {}, { notify: false });
    setBusy(false);
    if (!res.ok) {
      toast.error(res.envelope.msg, { id: "pay-link-failed" });
      return;
    }
    toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
    close();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent closeLabel={tc("close")} className="flex max-h-dvh flex-col sm:max-w-lg" data-testid="order-pay-link">
        <DialogHeader>
          <DialogTitle>{t("dialog.title")}</DialogTitle>
          <DialogDescription>{refusal ? t(refusal) : t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto px-0.5">{row && <OrderSummary row={row} />}</div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {tc("cancel")}
          </Button>
          <Button type="button" onClick={() => void send()} disabled={busy || refusal !== null} data-testid="order-pay-link-send">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {t("dialog.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
