"use client";

import { PRESENTATIONAL_TYPES, UPLOAD_TYPES, type ResourceDef } from "@pizarra/contracts";
import { Button, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@pizarra/ui";
import { Eye, LoaderCircle, Pencil } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useHashModal } from "./hash-modal.ts";
import { RecordValue } from "./record-value.tsx";
import { recordName } from "./record-sheet.tsx";
import { useResourceText } from "./resource-text.ts";
import type { Row } from "./types.ts";
import { useRecord } from "./use-record.ts";

interface PreviewSheetProps {
  def: ResourceDef;
  title: string;
  /** The row whose record is shown; null when closed. */
  row: Row | null;
  canWrite: boolean;
  onClosed: () => void;
  /** Where focus goes once the sheet has closed. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Opens the full edit (or view) modal of the same record. */
  onOpenRecord: (row: Row) => void;
}

/** Spec 000 §2.6: the preview modal, a read-only look at one record that opens by itself on wide screens. */
export function PreviewSheet({ def, title, row, canWrite, onClosed, onCloseAutoFocus, onOpenRecord }: PreviewSheetProps) {
  const t = useTranslations("moduleScreen");
  const tc = useTranslations("common");
  const text = useResourceText(def.id);
  const close = useHashModal(row !== null, `${def.id}-preview-${row?.ID ?? ""}`, onClosed);
  const request = useMemo(() => (row ? { id: row.ID } : null), [row]);
  const record = useRecord(def, request, close);
  const fields = def.fields.filter((f) => !PRESENTATIONAL_TYPES.has(f.type) && f.type !== "hidden");
  const editable = canWrite && def.actions.includes("edit");

  return (
    <Sheet open={row !== null} onOpenChange={(open) => !open && close()}>
      <SheetContent closeLabel={tc("close")} onCloseAutoFocus={onCloseAutoFocus} className="gap-0 sm:max-w-xl" data-testid="preview-sheet">
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{record ? recordName(def, record) : t("loading")}</SheetDescription>
        </SheetHeader>
        <SheetBody className="py-5">
          {record ? (
            <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
              {fields.map((field) => (
                <div key={field.name} className={field.span === "half" ? "sm:col-span-1" : "sm:col-span-2"} data-testid={`preview-${field.name}`}>
                  <dt className="text-xs font-medium text-muted-foreground">{text.field(field.name)}</dt>
                  <dd className="mt-1 text-sm break-words">
                    <RecordValue field={field} value={UPLOAD_TYPES.has(field.type) ? record[`${field.name}Url`] : record[field.name]} text={text} />
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              {t("loading")}
            </p>
          )}
        </SheetBody>
        <SheetFooter className="justify-between">
          <Button variant="outline" onClick={close} data-testid="preview-close">
            {t("close")}
          </Button>
          {row && (
            <Button onClick={() => onOpenRecord(row)} data-testid="preview-open">
              {editable ? <Pencil aria-hidden /> : <Eye aria-hidden />}
              {editable ? t("edit") : t("view")}
            </Button>
          )}
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
