"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { labelKeyOf, recordSchema, type FieldDef, type ResourceDef } from "@pizarra/contracts";
import { Button, SheetBody, SheetFooter, toast } from "@pizarra/ui";
import { ChevronLeft, ChevronRight, LoaderCircle, Save, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { useCanWrite, useInactiveFields } from "./access.ts";
import { useReportDirty } from "./close-guard.tsx";
import { FormField } from "./form-field.tsx";
import { FormLayout, groupOf, initialLayoutState, layoutOf, revealGroups } from "./form-layout.tsx";
import { AiAssistAction } from "../ai-assist/ai-assist-action.tsx";
import { useRecordPanels } from "./record-panel-context.ts";
import { emptyValue, initialValues, prepareValues, requestBody, valueFields } from "./form-values.ts";
import { useResourceText } from "./resource-text.ts";
import { isUploadValue, pendingUploads } from "./upload-files.ts";
import { useUploads } from "./use-uploads.ts";
import type { FormMode, Row } from "./types.ts";
import { useDependentReset } from "./use-dependent-reset.ts";
import { SUCCESS_TOAST_MS } from "./values.ts";

export interface RecordFormProps {
  def: ResourceDef;
  mode: FormMode;
  /** The record being edited or viewed; null when creating. */
  record: Row | null;
  /** A sub-grid's parent record: sent as ?parentId= on create, and fills the definition's parent field. */
  parentId?: string | number;
  /** The screen's write right (spec 000 §6): without it nothing can be changed and there is no Save. */
  canWrite: boolean;
  /** Keeps DOM ids unique when a child sheet's form sits over its parent's. */
  idPrefix: string;
  onSaved: (id: string | number) => void;
  /** The record was saved but a file upload failed or was cancelled: the form stays open on the saved record. */
  onStored?: (id: string | number) => void;
  onClose: () => void;
  /** Drawn in the body under the form: the detail grids. */
  after?: ReactNode;
}

/**
 * The create/edit form of a resource: the API's own schema with the spec's messages, the definition's layout, and
 * spec 000 §5's failure handling (messages shown, the section with the first invalid field opened, that field
 * scrolled to and focused), for the browser's checks and for the server's 422 alike.
 */
export function RecordForm({ def: fullDef, mode, record, parentId, canWrite, idPrefix, onSaved, onStored, onClose, after }: RecordFormProps) {
  const inactive = useInactiveFields(fullDef.module);
  const def = useMemo(() => (inactive.size ? { ...fullDef, fields: fullDef.fields.filter((f) => !inactive.has(f.name)) } : fullDef), [fullDef, inactive]);
  const t = useTranslations("moduleScreen");
  const tToast = useTranslations("toast");
  const uploads = useUploads();
  const text = useResourceText(def.id);
  const canWriteModule = useCanWrite();
  const labelKey = useMemo(() => labelKeyOf(def), [def]);
  const errorMap = useErrorMap(labelKey);
  const fixed = useMemo(() => (def.parent && parentId !== undefined && parentId !== null ? { [def.parent.field]: parentId } : {}), [def.parent, parentId]);
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(recordSchema(def, mode), { error: errorMap }) as unknown as Resolver<FieldValues>;
    return (values, context, options) => inner(prepareValues(def, values), context, options);
  }, [def, mode, errorMap]);
  const [initial] = useState(() => initialValues(def, record, fixed));
  const form = useForm<FieldValues>({ resolver, defaultValues: initial, shouldFocusError: false });
  useDependentReset(form, def.fields, emptyValue);

  const layout = layoutOf(def);
  const [layoutState, setLayoutState] = useState(() => initialLayoutState(def));
  const [focusTarget, setFocusTarget] = useState<{ name: string } | null>(null);
  const formId = `${idPrefix}${def.id}-form`;

  useEffect(() => {
    if (!focusTarget) return;
    // After the section, tab or step holding the field has been drawn.
    const frame = window.requestAnimationFrame(() => {
      const element = document.getElementById(`${idPrefix}field-${focusTarget.name}`);
      element?.scrollIntoView({ block: "center", behavior: "smooth" });
      element?.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [focusTarget, idPrefix]);

  /** Opens every section holding an invalid field, shows the tab or step of the first one and focuses it. */
  const revealFirst = (names: readonly string[]) => {
    const invalid = def.fields.filter((f) => names.includes(f.name) && f.type !== "hidden");
    if (invalid.length === 0) return;
    setLayoutState((state) =>
      revealGroups(
        state,
        invalid.map((f) => groupOf(def, f)),
      ),
    );
    setFocusTarget({ name: invalid[0]!.name });
  };

  const save = form.handleSubmit(
    async (values) => {
      const body = requestBody(def, mode, values, initial);
      const path = mode === "create" ? `${def.id}/create` : `${def.id}/edit/${encodeURIComponent(String(record!.ID))}`;
      const query = mode === "create" && parentId !== undefined ? { parentId } : undefined;
      const result = await api.post<{ ID: string | number } | null>(path, body, { query });
      if (!result.ok) {
        const errors = (result.envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {};
        for (const [name, message] of Object.entries(errors)) form.setError(name, { type: "server", message });
        revealFirst(Object.keys(errors));
        return;
      }
      if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
      const id = result.envelope.data?.ID ?? record?.ID ?? "";
      // Spec 000 §4 and §8: the chosen files follow the save; a failed one shows the server's msg and is reset.
      const pending = pendingUploads(def, form.getValues());
      if (pending.length > 0) {
        const outcome = await uploads.run(def, id, pending);
        if (!outcome.ok) {
          const current: unknown = form.getValues(outcome.field);
          if (isUploadValue(current)) form.setValue(outcome.field, { ...current, files: [] });
          // The record itself is stored: what the form shows is no longer unsaved.
          form.reset(form.getValues());
          if (!outcome.cancelled) {
            const message = outcome.msg || tToast("networkError");
            toast.error(tToast("errorTitle"), { description: message });
            form.setError(outcome.field, { type: "server", message });
            revealFirst([outcome.field]);
          }
          onStored?.(id);
          return;
        }
      }
      onSaved(id);
    },
    (errors) => revealFirst(Object.keys(errors)),
  );

  const fieldDisabled = (field: FieldDef) =>
    !(field.module ? canWriteModule(field.module) : canWrite) ||
    field.readOnly === "always" ||
    (field.readOnly === "create" && mode === "edit") ||
    field.name in fixed;

  // The editor's AI assistant (ResourceDef.aiAssist) beside the titles it translates and the fields it writes.
  const assisted = new Set([...(def.aiAssist?.pairs[0] ?? []), ...(def.aiAssist?.write ?? [])]);
  const renderField = (field: FieldDef) => (
    <FormField
      key={field.name}
      field={field}
      control={form.control}
      text={text}
      hookPrefix="field-"
      idPrefix={idPrefix}
      disabled={fieldDisabled(field)}
      context={fixed}
      labelAction={
        assisted.has(field.name) &&
        !fieldDisabled(field) && (
          <AiAssistAction def={def} field={field.name} label={text.field(field.name)} form={form} disabled={form.formState.isSubmitting} />
        )
      }
    />
  );

  // A saved record's own panels (ResourceDef.panels): they read and write through calls of their own.
  const registered = useRecordPanels();
  const panels = mode === "edit" && record ? (def.panels ?? []).filter((p) => registered[p.name]) : [];
  const panelGroups = new Set(panels.map((p) => p.group));
  const renderPanels = (group: string) =>
    record &&
    panels
      .filter((p) => p.group === group)
      .map((p) => {
        const Panel = registered[p.name]!;
        return <Panel key={p.name} record={record} canWrite={canWrite} idPrefix={idPrefix} />;
      });

  const { errors, isSubmitting, isDirty } = form.formState;
  useReportDirty(isDirty);
  const invalidGroups = new Set(def.fields.filter((f) => errors[f.name]).map((f) => groupOf(def, f)));

  // Wizard (spec 000 §4): Next checks the current step; the last step, or edit mode, submits.
  const wizard = layout.kind === "wizard" && layout.groups.length > 0;
  const stepIndex = wizard ? Math.max(0, layout.groups.indexOf(layoutState.current)) : 0;
  const lastStep = !wizard || stepIndex === layout.groups.length - 1;
  const goTo = (index: number) => setLayoutState((state) => ({ ...state, current: layout.groups[index]! }));
  const next = async () => {
    if (canWrite) {
      const names = valueFields(def)
        .filter((f) => groupOf(def, f) === layout.groups[stepIndex])
        .map((f) => f.name);
      if (!(await form.trigger(names))) {
        revealFirst(names.filter((name) => form.getFieldState(name).invalid));
        return;
      }
    }
    goTo(stepIndex + 1);
  };
  const showSave = canWrite && (mode === "edit" || lastStep);

  return (
    <>
      <SheetBody className="flex flex-col gap-6 py-5">
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            // A child sheet's form is rendered through a portal: its submit must not reach the parent's form.
            event.stopPropagation();
            void save(event);
          }}
        >
          <FormLayout
            def={def}
            text={text}
            state={layoutState}
            onStateChange={setLayoutState}
            stepNavigation={mode === "edit"}
            renderField={renderField}
            invalidGroups={invalidGroups}
            renderPanels={renderPanels}
            panelGroups={panelGroups}
          />
        </form>
        {after}
      </SheetBody>
      <SheetFooter className="justify-between">
        <Button variant="outline" onClick={onClose} data-testid="form-close">
          {t("close")}
        </Button>
        {uploads.progress && (
          <div className="flex min-w-0 flex-1 items-center justify-end gap-3" data-testid="upload-progress" aria-live="polite">
            <span className="truncate text-sm text-muted-foreground">
              {t("uploading", { name: uploads.progress.name, index: uploads.progress.index, total: uploads.progress.total })}
            </span>
            <span
              className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-valuenow={uploads.progress.percent}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={uploads.progress.name}
            >
              <span className="block h-full rounded-full bg-primary transition-[width]" style={{ width: `${uploads.progress.percent}%` }} />
            </span>
            <span className="w-10 text-sm tabular-nums">{uploads.progress.percent}%</span>
            <Button variant="outline" size="sm" onClick={uploads.cancel} data-testid="upload-cancel">
              <X aria-hidden />
              {t("cancelUpload")}
            </Button>
          </div>
        )}
        <div className="flex gap-2">
          {wizard && stepIndex > 0 && (
            <Button variant="outline" onClick={() => goTo(stepIndex - 1)} data-testid="form-prev">
              <ChevronLeft aria-hidden />
              {t("previous")}
            </Button>
          )}
          {wizard && !lastStep && (
            <Button variant={showSave ? "outline" : "default"} onClick={() => void next()} data-testid="form-next">
              {t("next")}
              <ChevronRight aria-hidden />
            </Button>
          )}
          {showSave && (
            <Button type="submit" form={formId} disabled={isSubmitting} data-testid="form-save">
              {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
              {wizard && mode === "create" ? t("finish") : t("save")}
            </Button>
          )}
        </div>
      </SheetFooter>
    </>
  );
}
