"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { cn, Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CloseGuardScope, useGuardedHashModal } from "./close-guard.tsx";
import { RecordForm } from "./record-form.tsx";
import type { Row } from "./types.ts";
import { useRecord } from "./use-record.ts";

/** What the sheet shows: a new record, or an existing one by ID. */
export type SheetTarget = { mode: "create" } | { mode: "edit"; id: string | number };

/** A record's name the way its pick list names it (spec 000 §2.8), else its ID. */
export function recordName(def: ResourceDef, record: Row): string {
  const name = def.pick.name
    .map((f) => record[f])
    .filter((v) => v !== null && v !== undefined && v !== "")
    .join(" ");
  return name || String(record.ID);
}

export const modalIdOf = (def: ResourceDef, target: SheetTarget) => `${def.id}-${target.mode === "create" ? "new" : target.id}`;

interface RecordSheetProps {
  def: ResourceDef;
  /** The module's (or the sub-grid's) title. */
  title: string;
  target: SheetTarget | null;
  parentId?: string | number;
  canWrite: boolean;
  /** 0 for the screen's own modal, 1 for a sub-grid's over it: narrower, and with ids of its own. */
  level: number;
  onClosed: () => void;
  /** Where focus goes once the sheet has closed (by default, nowhere: it has no trigger of its own). */
  onCloseAutoFocus?: (event: Event) => void;
  onSaved: (id: string | number) => void;
  /** Saved, but an upload failed or was cancelled: the sheet should show the saved record (edit mode). */
  onStored?: (id: string | number) => void;
  /** The detail grids under the form of a record being edited. */
  renderDetail?: (record: Row) => ReactNode;
}

/**
 * The create/edit modal (spec 000 §2.6): a large right-side sheet whose `#modalId` lets the Back button close it.
 * Without the write right it is a view: the same fields, disabled, and no Save.
 */
export function RecordSheet({ def, title, target, parentId, canWrite, level, onClosed, onCloseAutoFocus, onSaved, onStored, renderDetail }: RecordSheetProps) {
  const t = useTranslations("moduleScreen");
  const tc = useTranslations("common");
  const open = target !== null;
  const { guard, close, requestClose } = useGuardedHashModal(open, target ? modalIdOf(def, target) : def.id, onClosed);
  const record = useRecord(def, target?.mode === "edit" ? target : null, close);
  const mode = target?.mode ?? "create";
  const heading = mode === "create" ? t("createTitle", { title }) : canWrite ? t("editTitle", { title }) : t("viewTitle", { title });

  return (
    <Sheet open={open} onOpenChange={(next) => !next && requestClose()}>
      <SheetContent
        closeLabel={tc("close")}
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="form-sheet"
        data-resource={def.id}
        data-mode={canWrite ? mode : "view"}
        className={cn("gap-0", level === 0 ? "sm:max-w-3xl" : "sm:max-w-2xl")}
      >
        <SheetHeader>
          <SheetTitle>{heading}</SheetTitle>
          <SheetDescription>{mode === "create" ? t("createDescription") : record ? recordName(def, record) : t("loading")}</SheetDescription>
        </SheetHeader>
        {target && (mode === "create" || record) ? (
          <CloseGuardScope guard={guard}>
            <RecordForm
              key={target.mode === "edit" ? `edit-${target.id}` : "create"}
              def={def}
              mode={mode}
              record={record}
              parentId={parentId}
              canWrite={canWrite}
              idPrefix={level === 0 ? "" : `${def.id}-`}
              onSaved={(id) => {
                close();
                onSaved(id);
              }}
              onStored={onStored}
              onClose={requestClose}
              after={record && renderDetail?.(record)}
            />
          </CloseGuardScope>
        ) : (
          <SheetBody className="py-5">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              {t("loading")}
            </p>
          </SheetBody>
        )}
      </SheetContent>
    </Sheet>
  );
}
