"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  FAMILY_LINK_FIELDS,
  familyLabelKey,
  NEW_RELATIVE_DEF,
  RELATIVE_PICK_FIELD,
  type FieldDef,
  type TFamilyLinkRow,
  ZFamilyLinkExisting,
  ZFamilyLinkFlags,
  ZFamilyLinkNew,
} from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { LoaderCircle, Save } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { CloseGuardScope, useCloseGuard, useReportDirty } from "../resource/close-guard.tsx";
import { FormField } from "../resource/form-field.tsx";
import { emptyValue } from "../resource/form-values.ts";
import { useResourceText } from "../resource/resource-text.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { useFamilyText } from "./family-text.ts";

/** What the dialog does: link a relative the school has, add a new one and link them, or change a link. */
export type LinkDialogMode = { kind: "existing" } | { kind: "new" } | { kind: "edit"; link: TFamilyLinkRow };

const SCHEMAS = { existing: ZFamilyLinkExisting, new: ZFamilyLinkNew, edit: ZFamilyLinkFlags };
const PATHS = { existing: "link", new: "new", edit: "edit" } as const;

interface LinkDialogProps {
  studentId: string | number;
  mode: LinkDialogMode | null;
  idPrefix: string;
  onClosed: () => void;
  onSaved: () => void;
}

/** The family panel's form dialog (001 §2-§3): its fields are the generic widgets, checked by the API's own schema. */
export function LinkDialog({ studentId, mode, idPrefix, onClosed, onSaved }: LinkDialogProps) {
  const tc = useTranslations("common");
  const open = mode !== null;
  const guard = useCloseGuard(open);
  const requestClose = () => guard.ask(onClosed);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent closeLabel={tc("close")} className="flex max-h-dvh flex-col sm:max-w-2xl" data-testid="family-link-dialog" data-mode={mode?.kind}>
        {mode && (
          <CloseGuardScope guard={guard}>
            <LinkForm
              key={mode.kind === "edit" ? `edit-${mode.link.relativeId}` : mode.kind}
              studentId={studentId}
              mode={mode}
              idPrefix={idPrefix}
              onCancel={requestClose}
              onClosed={onClosed}
              onSaved={onSaved}
            />
          </CloseGuardScope>
        )}
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({ studentId, mode, idPrefix, onCancel, onClosed, onSaved }: Omit<LinkDialogProps, "mode"> & { mode: LinkDialogMode; onCancel: () => void }) {
  const t = useTranslations("family.panel");
  const tc = useTranslations("common");
  const linkText = useFamilyText();
  const relativeText = useResourceText("admRelatives");
  const errorMap = useErrorMap(familyLabelKey);
  const personFields: readonly FieldDef[] = mode.kind === "new" ? NEW_RELATIVE_DEF.fields : mode.kind === "existing" ? [RELATIVE_PICK_FIELD] : [];
  const resolver = useMemo(() => zodResolver(SCHEMAS[mode.kind], { error: errorMap }) as unknown as Resolver<FieldValues>, [mode.kind, errorMap]);
  const defaultValues = useMemo(() => {
    const values: FieldValues = {};
    for (const field of [...personFields, ...FAMILY_LINK_FIELDS]) values[field.name] = field.default ?? emptyValue(field);
    if (mode.kind === "edit") for (const field of FAMILY_LINK_FIELDS) values[field.name] = mode.link[field.name as keyof TFamilyLinkRow] ?? emptyValue(field);
    return values;
  }, [mode, personFields]);
  const form = useForm<FieldValues>({ resolver, defaultValues });
  const formId = `${idPrefix}family-link-form`;
  const { isSubmitting, isDirty } = form.formState;
  useReportDirty(isDirty);

  const submit = form.handleSubmit(async (values) => {
    const tail = mode.kind === "edit" ? `/${mode.link.relativeId}` : "";
    const result = await api.post<{ errors?: Record<string, string> } | null>(`admStudent/family/${studentId}/${PATHS[mode.kind]}${tail}`, values);
    if (!result.ok) {
      const errors = result.envelope.data?.errors ?? {};
      for (const [name, message] of Object.entries(errors)) if (name in values) form.setError(name, { type: "server", message });
      return;
    }
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    onClosed();
    onSaved();
  });

  const title = mode.kind === "edit" ? t("editTitle", { name: mode.link.name }) : mode.kind === "new" ? t("newTitle") : t("existingTitle");
  const field = (text: typeof linkText) => (f: FieldDef) => (
    <FormField key={f.name} field={f} control={form.control} text={text} hookPrefix="field-" idPrefix={`${idPrefix}family-`} disabled={isSubmitting} />
  );
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{t("dialogText")}</DialogDescription>
      </DialogHeader>
      <form
        id={formId}
        noValidate
        className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-0.5"
        onSubmit={(event) => {
          // Drawn through a portal inside the record's form: its submit must not reach that form.
          event.stopPropagation();
          void submit(event);
        }}
      >
        {personFields.length > 0 && (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold">{t("relativeData")}</legend>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{personFields.map(field(mode.kind === "new" ? relativeText : linkText))}</div>
          </fieldset>
        )}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">{t("linkData")}</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{FAMILY_LINK_FIELDS.map(field(linkText))}</div>
        </fieldset>
      </form>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting} data-testid="family-link-cancel">
          {tc("cancel")}
        </Button>
        <Button type="submit" form={formId} disabled={isSubmitting} data-testid="family-link-save">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {t("save")}
        </Button>
      </DialogFooter>
    </>
  );
}
