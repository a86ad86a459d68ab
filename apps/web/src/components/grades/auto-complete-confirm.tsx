"use client";

import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@pizarra/ui";
import { useTranslations } from "next-intl";

/** The question before an auto-complete fills a column ('Se perderán las evaluaciones actuales…'). */
export function AutoCompleteConfirm({ choice, busy, onCancel, onConfirm }: { choice: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const t = useTranslations("gradeSheet");
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent closeLabel={t("cancel")} data-testid="grade-autocomplete-dialog">
        <DialogHeader>
          <DialogTitle>{t("autoComplete")}</DialogTitle>
          <DialogDescription>{t("autoCompleteConfirm")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button onClick={onConfirm} disabled={busy} data-testid="grade-autocomplete-confirm">
            {t("autoCompleteApply", { value: choice })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
