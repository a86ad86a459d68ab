"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { actionSchema, labelKeyOf, type ActionDef, type FieldDef, type PostActionDef, type ResourceDef } from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { Copy, CopyPlus, FileArchive, FileDown, FileUp, LoaderCircle, MailCheck, NotebookPen, Play, Send, type LucideIcon, WandSparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { CloseGuardScope, useCloseGuard, useReportDirty } from "./close-guard.tsx";
import { FormField } from "./form-field.tsx";
import { emptyValue } from "./form-values.ts";
import type { ResourceText } from "./resource-text.ts";
import type { Row } from "./types.ts";
import { isUploadValue, readBase64 } from "./upload-files.ts";
import { SUCCESS_TOAST_MS } from "./values.ts";

/** The icon of an extra action's button; an action without one of its own gets the generic "run". */
const ACTION_ICONS: Record<string, LucideIcon> = {
  clone: Copy,
  duplicate: CopyPlus,
  import: FileUp,
  importGrades: FileUp,
  familyImport: FileUp,
  enterGrades: NotebookPen,
  delivery: MailCheck,
  wizard: WandSparkles,
  invite: Send,
  pdf: FileDown,
  zip: FileArchive,
};
export const actionIcon = (action: ActionDef): LucideIcon => ACTION_ICONS[action.name] ?? Play;

/** Spec 000 §6: an action that changes data (the default) needs the write right; one of another module, that module. */
export const actionAllowed = (action: ActionDef, canWrite: boolean, inMenu: (moduleId: string) => boolean) =>
  (canWrite || action.write === false) && (action.module === undefined || inMenu(action.module));

/** An extra action asked for: on a row (its key fills `{ID}` and `rowKey`) or from the toolbar (row null). */
export interface ActionTarget<A extends ActionDef = PostActionDef> {
  action: A;
  row: Row | null;
}

/** `{ID}` is the row's key, `{<filter>}` a filter's current value; a filter without one leaves the place empty. */
export function actionPath(action: PostActionDef, row: Row | null, filters: Record<string, unknown>): string {
  return action.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = name === "ID" ? row?.ID : filters[name];
    return value === null || value === undefined ? "" : encodeURIComponent(String(value));
  });
}

/** Before validation: a `file` field's chosen file becomes its base64 text (the CSV of an import), none becomes "". */
async function readFiles(fields: readonly FieldDef[], values: FieldValues): Promise<FieldValues> {
  const out: FieldValues = { ...values };
  for (const field of fields) {
    const value = out[field.name];
    if (isUploadValue(value)) out[field.name] = value.files[0] ? await readBase64(value.files[0]) : "";
  }
  return out;
}

interface ActionDialogProps {
  def: ResourceDef;
  text: ResourceText;
  target: ActionTarget | null;
  /** The filter form's current values, for `{<filter>}` in the path. */
  filters: Record<string, unknown>;
  onClosed: () => void;
  /** After success: the list reloads; `resultId` is the answer's data.ID (a cloned period, a duplicated subject). */
  onDone: (action: ActionDef, resultId: string | number | null) => void;
}

/**
 * An extra action's small dialog (spec 000 §2.6 "extra actions"): its hint, its fields drawn by the form's own
 * widgets and checked by the API's schema, then a POST to its path; the server's msg is the success toast.
 */
export function ActionDialog({ def, text, target, filters, onClosed, onDone }: ActionDialogProps) {
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);
  const open = target !== null;
  const guard = useCloseGuard(open);
  const requestClose = () => guard.ask(onClosed);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && requestClose()}>
      <DialogContent closeLabel={tc("close")} data-testid="action-dialog" data-action={target?.action.name}>
        {target && (
          <CloseGuardScope guard={guard}>
            <ActionForm
              key={`${target.action.name}-${target.row?.ID ?? ""}`}
              def={def}
              text={text}
              target={target}
              filters={filters}
              onBusy={setBusy}
              onCancel={requestClose}
              onClosed={onClosed}
              onDone={onDone}
            />
          </CloseGuardScope>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({
  def,
  text,
  target,
  filters,
  onBusy,
  onCancel,
  onClosed,
  onDone,
}: Omit<ActionDialogProps, "target"> & { target: ActionTarget; onBusy: (busy: boolean) => void; onCancel: () => void }) {
  const tc = useTranslations("common");
  const { action, row } = target;
  const fields = useMemo(() => action.fields ?? [], [action]);
  const labelKey = useMemo(() => labelKeyOf(def), [def]);
  const errorMap = useErrorMap(labelKey);
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(actionSchema(action), { error: errorMap }) as unknown as Resolver<FieldValues>;
    return async (values, context, options) => inner(await readFiles(fields, values), context, options);
  }, [action, fields, errorMap]);
  const defaultValues = useMemo(() => {
    const values: FieldValues = {};
    for (const field of fields) values[field.name] = field.default ?? emptyValue(field);
    if (action.rowKey && row) values[action.rowKey] = row.ID;
    return values;
  }, [fields, action.rowKey, row]);
  const form = useForm<FieldValues>({ resolver, defaultValues });
  const formId = `action-${action.name}-form`;

  const submit = form.handleSubmit(async (values) => {
    onBusy(true);
    const result = await api.post<{ ID?: string | number } | null>(actionPath(action, row, filters), values);
    onBusy(false);
    if (!result.ok) {
      const errors = (result.envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      for (const [name, message] of Object.entries(errors)) if (name in values) form.setError(name, { type: "server", message });
      return;
    }
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    onClosed();
    onDone(action, result.envelope.data?.ID ?? null);
  });

  const hint = text.actionHint(action.name);
  const Icon = actionIcon(action);
  const { isSubmitting, isDirty } = form.formState;
  useReportDirty(isDirty);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{text.action(action.name)}</DialogTitle>
        {hint && <DialogDescription>{hint}</DialogDescription>}
      </DialogHeader>
      <form
        id={formId}
        noValidate
        className="grid grid-cols-1 gap-4"
        onSubmit={(event) => {
          event.stopPropagation();
          void submit(event);
        }}
      >
        {fields.map((field) => (
          <FormField key={field.name} field={field} control={form.control} text={text} hookPrefix="field-" idPrefix="action-" disabled={isSubmitting} />
        ))}
      </form>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting} data-testid="action-cancel">
          {tc("cancel")}
        </Button>
        <Button type="submit" form={formId} disabled={isSubmitting} data-testid="action-submit">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
          {text.action(action.name)}
        </Button>
      </DialogFooter>
    </>
  );
}
