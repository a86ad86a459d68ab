"use client";

import type { TJustificationAnswer } from "@pizarra/contracts";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFormRead } from "@/client/api-query.ts";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import { JustificationForm } from "./justification-form.tsx";

/** A new justification, or one to edit by id (read again, so that the form starts from what is stored). */
export type SheetTarget = { mode: "create" } | { mode: "edit"; id: number };

interface SheetProps {
  target: SheetTarget | null;
  canWrite: boolean;
  onClosed: () => void;
  /** Something was saved: the list loads again. */
  onChanged: () => void;
  /** Saved, but its document did not go: the sheet goes on editing the saved justification. */
  onStored: (id: number) => void;
}

/** The create/edit modal (002 §2) as the app's right-side sheet; the Back button closes it (000 §2.6). */
export function JustificationSheet({ target, canWrite, onClosed, onChanged, onStored }: SheetProps) {
  const t = useTranslations("justifications");
  const tc = useTranslations("common");
  const open = target !== null;
  const { guard, close, requestClose } = useGuardedHashModal(
    open,
    target ? `admJustification-${target.mode === "edit" ? target.id : "new"}` : "admJustification",
    onClosed,
  );
  const editId = target?.mode === "edit" ? target.id : null;
  const item = useFormRead<TJustificationAnswer>(editId === null ? null : `admJustification/get/${editId}`, target, close).data;

  const creating = target?.mode === "create";
  return (
    <Sheet open={open} onOpenChange={(next) => !next && requestClose()}>
      <SheetContent closeLabel={tc("close")} className="gap-0 sm:max-w-xl" data-testid="justification-sheet" data-mode={target?.mode}>
        <SheetHeader>
          <SheetTitle>{creating ? t("form.createTitle") : t("form.editTitle")}</SheetTitle>
          <SheetDescription className="flex items-center gap-2">
            {target && !creating && !item && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {creating ? t("form.createDescription") : item ? t("form.editDescription") : t("loading")}
          </SheetDescription>
        </SheetHeader>
        {target && (creating || item) && (
          <CloseGuardScope guard={guard}>
            <JustificationForm
              key={creating ? "create" : `edit-${editId}`}
              target={creating ? { mode: "create" } : { mode: "edit", item: item! }}
              canWrite={canWrite}
              onClose={requestClose}
              onSaved={() => {
                close();
                onChanged();
              }}
              onStored={(id) => {
                onChanged();
                onStored(id);
              }}
            />
          </CloseGuardScope>
        )}
      </SheetContent>
    </Sheet>
  );
}
