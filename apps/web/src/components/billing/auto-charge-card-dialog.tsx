"use client";

import type { TCardOnFileAnswer } from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, LoaderCircle, Trash2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { apiGet, refreshReads } from "@/client/api-query.ts";
import { api } from "@/client/api.ts";
import { useHashModal } from "../resource/hash-modal.ts";
import { useResourceText } from "../resource/resource-text.ts";
import type { OwnDialogProps } from "../resource/types.ts";

/**
 * A guardian's card on file (admRelatives row action, admBilling's right): brand, last 4 and expiry, never more, and
 * its removal (GET admBilling/cardOnFile/{guardianId}, POST …/remove): no automatic charge takes it afterwards.
 */
export function CardOnFileDialog({ open, row, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("billing.autoCharge.cardOnFile");
  const tClose = useTranslations("billing.autoCharge");
  const format = useFormatter();
  const hint = useResourceText("admRelatives").actionHint("cardOnFile");
  const close = useHashModal(open, "admRelatives-cardOnFile", onClosed);
  const client = useQueryClient();
  const path = `admBilling/cardOnFile/${String(row?.ID ?? "")}`;
  const read = useQuery({ ...apiGet<TCardOnFileAnswer>(path, { notify: "first" }), enabled: open && row !== null });
  const [removing, setRemoving] = useState(false);
  const card = read.data?.card ?? null;

  const remove = async () => {
    setRemoving(true);
    const res = await api.post<TCardOnFileAnswer>(`${path}/remove`, {}, { notify: false });
    setRemoving(false);
    if (!res.ok) {
      toast.error(res.envelope.msg, { id: "card-on-file-failed" });
      return;
    }
    toast.success(res.envelope.msg);
    await refreshReads(client, path);
    onDone();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent closeLabel={tClose("close")} data-testid="card-on-file">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{hint}</DialogDescription>
        </DialogHeader>
        {read.isFetching && !read.data ? (
          <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden />
        ) : card ? (
          <div className="flex items-start gap-3 rounded-md border p-3 text-sm" data-testid="card-on-file-card">
            <CreditCard className="mt-0.5 size-5 shrink-0" aria-hidden />
            <div>
              <p className="font-medium">
                {t("kept", { brand: card.brand, last4: card.last4, month: String(card.expMonth).padStart(2, "0"), year: card.expYear })}
              </p>
              <p className="text-muted-foreground">{t("since", { date: format.dateTime(new Date(card.createdAt), { dateStyle: "medium" }) })}</p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="card-on-file-none">
            {t("none")}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {tClose("close")}
          </Button>
          {card && (
            <Button type="button" variant="destructive" disabled={removing} onClick={() => void remove()} data-testid="card-on-file-remove">
              {removing ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
              {removing ? t("removing") : t("remove")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
