"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { LoaderCircle, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { recordName } from "./record-sheet.tsx";
import type { Row } from "./types.ts";
import { SUCCESS_TOAST_MS } from "./values.ts";

interface DeleteDialogProps {
  def: ResourceDef;
  row: Row | null;
  onClosed: () => void;
  /** Where focus goes once the dialog has closed. */
  onCloseAutoFocus?: (event: Event) => void;
  onDeleted: () => void;
}

/** Spec 000 §8: deleting asks first and warns that it cannot be undone; then `delete/{id}?confirm=true`. */
export function DeleteDialog({ def, row, onClosed, onCloseAutoFocus, onDeleted }: DeleteDialogProps) {
  const t = useTranslations("moduleScreen");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!row) return;
    setBusy(true);
    const result = await api.post(`${def.id}/delete/${encodeURIComponent(String(row.ID))}`, {}, { query: { confirm: "true" } });
    setBusy(false);
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    onClosed();
    onDeleted();
  };

  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && !busy && onClosed()}>
      <DialogContent closeLabel={tc("close")} onCloseAutoFocus={onCloseAutoFocus} data-testid="delete-dialog">
        <DialogHeader>
          <DialogTitle>{t("deleteTitle")}</DialogTitle>
          <DialogDescription>{t("deleteWarning", { name: row ? recordName(def, row) : "" })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClosed} disabled={busy} data-testid="cancel-delete">
            {tc("cancel")}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy} data-testid="confirm-delete">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            {t("delete")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
