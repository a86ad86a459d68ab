"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  JUSTIFICATION_KIND,
  type TAbsenceInput,
  type TJustificationAnswer,
  type TJustificationCreatedAnswer,
  type TUploadAnswer,
  type TJustificationEditInput,
} from "@pizarra/contracts";
import { Button, Field, fieldControl, NativeSelect, SheetBody, SheetFooter, toast } from "@pizarra/ui";
import { LoaderCircle, Save } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Controller, useForm, useWatch, type FieldValues, type Resolver } from "react-hook-form";
import { api } from "@/client/api.ts";
import { apiGet } from "@/client/api-query.ts";
import { useErrorMap } from "@/client/validation.ts";
import { useReportDirty } from "../resource/close-guard.tsx";
import { FormField } from "../resource/form-field.tsx";
import { emptyValue } from "../resource/form-values.ts";
import type { ListAnswer } from "../resource/types.ts";
import { postWithProgress } from "../resource/upload-request.ts";
import { readBase64 } from "../resource/upload-files.ts";
import { useDependentReset } from "../resource/use-dependent-reset.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { DocumentInput } from "./document-input.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { CREATE_FIELDS, EDIT_FIELDS, justificationLabelKey, useJustificationText } from "./justification-fields.ts";
import { type CreateValues, type EditValues, ZCreateForm, ZEditForm } from "./justification-schemas.ts";
import { DOCUMENT_ACCEPT, DOCUMENT_TYPES, documentMessage, formatDay, HOURS, schoolToday, studentName, withoutBlanks } from "./justification-model.ts";
import { useAppSession } from "../shell/session-context.tsx";

export type FormTarget = { mode: "create" } | { mode: "edit"; item: TJustificationAnswer };

interface FormProps {
  target: FormTarget;
  canWrite: boolean;
  onClose: () => void;
  /** Saved (and its document stored, if one was chosen). */
  onSaved: () => void;
  /** Saved, but the document did not go: the form goes on with the saved justification. */
  onStored: (id: number) => void;
}

/** The registers a justification by hours may cover: the section's daily register and its subjects (admSubject/getParts). */
function useRegisterChoices(sectionId: unknown, enabled: boolean) {
  const { data } = useQuery({
    ...apiGet<ListAnswer<{ ID: number; name: string; sectionId: number }>>("admSubject/getParts", { notify: false }),
    enabled: enabled && Boolean(sectionId),
  });
  return useMemo(() => (data?.Results ?? []).filter((p) => String(p.sectionId) === String(sectionId)), [data, sectionId]);
}

/** What a save answered: the justification's id, or null when the server refused (its messages are on the fields). */
type Saved = number | null;

/**
 * The create/edit form of a justification. Its document goes after the save (admJustification/file, with a progress
 * bar); a refusal of the document leaves the justification saved and the form open on it.
 */
export function JustificationForm({ target, canWrite, onClose, onSaved, onStored }: FormProps) {
  const { givenNamesFirst } = useAppSession().tenant;
  const t = useTranslations("justifications");
  const tToast = useTranslations("toast");
  const locale = useLocale();
  const text = useJustificationText();
  const errorMap = useErrorMap(justificationLabelKey);
  const editing = target.mode === "edit" ? target.item : null;
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(editing ? ZEditForm : ZCreateForm, { error: errorMap }) as unknown as Resolver<FieldValues>;
    return (values, context, options) => inner(withoutBlanks(values), context, options);
  }, [editing, errorMap]);
  const form = useForm<FieldValues>({
    resolver,
    defaultValues: editing
      ? { attendanceTypeId: editing.attendanceTypeId ?? "", justification: editing.justification, tillDate: editing.tillDate, comment: editing.comment ?? "" }
      : { attendanceTypeId: "", date: schoolToday(), superSectionId: "", sectionId: "", userId: "", numOfDay: "1", partId: "", reason: "", note: "" },
  });
  const [file, setFile] = useState<File | null>(null);
  const [removeStored, setRemoveStored] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const numOfDay = useWatch({ control: form.control, name: "numOfDay" });
  const sectionId = useWatch({ control: form.control, name: "sectionId" });
  const byHours = !editing && String(numOfDay) === String(HOURS);
  const parts = useRegisterChoices(sectionId, byHours);
  const fields = useMemo(
    () => (editing ? EDIT_FIELDS.filter((f) => f.name !== "tillDate" || editing.kind !== JUSTIFICATION_KIND.hours) : CREATE_FIELDS),
    [editing],
  );
  // 000 §4: a child choice is cleared with its parent (a new grade clears the section, a new section the student) …
  useDependentReset(form, fields, emptyValue);
  // … the student with the grade too, and the register of some hours is one of the section's on that day.
  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type !== "change") return;
      if (name === "superSectionId") form.setValue("userId", "");
      if (name === "superSectionId" || name === "sectionId" || name === "date") form.setValue("partId", "");
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const chooseFile = (chosen: File) => {
    const problem = documentMessage(chosen, (key, values) => t(`form.${key}`, values));
    setFileError(problem);
    if (!problem) setFile(chosen);
  };

  const refused = (data: unknown) => {
    const errors = (data as { errors?: Record<string, string> } | null)?.errors ?? {};
    for (const [name, message] of Object.entries(errors)) {
      if (name === "file" || name === "fileType" || name === "doc") setFileError(message);
      else form.setError(name === "sessionId" ? "partId" : name, { type: "server", message });
    }
  };

  const create = async (v: CreateValues): Promise<Saved> => {
    const body: TAbsenceInput = {
      userId: v.userId,
      date: v.date,
      numOfDay: Math.max(1, v.numOfDay),
      partId: v.numOfDay === HOURS ? v.partId : undefined,
      reason: v.reason,
      note: v.note,
      attendanceTypeId: v.attendanceTypeId,
    };
    const result = await api.post<TJustificationCreatedAnswer>("attendance/absence", body);
    if (!result.ok || !result.envelope.data) {
      refused(result.envelope.data);
      return null;
    }
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    return result.envelope.data.ID;
  };

  const update = async (item: TJustificationAnswer, v: EditValues): Promise<Saved> => {
    const body: TJustificationEditInput = {
      ID: item.ID,
      comment: v.comment,
      justification: v.justification,
      // 002 §7: the document stays unless it was taken away (null removes it); a new one replaces it after the save.
      doc: removeStored && !file ? null : item.doc,
      attendanceTypeId: v.attendanceTypeId,
      ...(item.kind === JUSTIFICATION_KIND.hours ? {} : { tillDate: v.tillDate }),
    };
    const result = await api.post<TJustificationAnswer>(`admJustification/edit/${item.ID}`, body);
    if (!result.ok) {
      refused(result.envelope.data);
      return null;
    }
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    return item.ID;
  };

  /** The chosen document, after the justification exists: true when it went (or there was none). */
  const upload = async (id: number): Promise<boolean> => {
    if (!file) return true;
    setProgress(0);
    const result = await postWithProgress<TUploadAnswer>(
      `admJustification/file?id=${id}`,
      { name: file.name, doc: true, data: await readBase64(file) },
      { onProgress: setProgress },
    );
    setProgress(null);
    if (result.ok) return true;
    const message = result.envelope.msg || tToast("networkError");
    toast.error(tToast("errorTitle"), { description: message });
    setFileError(message);
    setFile(null);
    return false;
  };

  const save = form.handleSubmit(async (values) => {
    const id = editing ? await update(editing, values as EditValues) : await create(values as CreateValues);
    if (id === null) return;
    if (await upload(id)) onSaved();
    else onStored(id);
  });

  const { isSubmitting, isDirty } = form.formState;
  useReportDirty(isDirty || file !== null || removeStored);
  const disabled = !canWrite || isSubmitting;
  const control = form.control;
  const formId = "justification-form";
  const stored = editing?.docUrl && !removeStored ? { name: editing.docName || t("card.openDocument"), url: editing.docUrl } : null;

  return (
    <>
      <SheetBody className="py-5">
        <form id={formId} noValidate onSubmit={(e) => void save(e)} className="grid grid-cols-1 gap-5 sm:grid-cols-2" data-testid="justification-form">
          {editing && (
            <div className="rounded-md border bg-muted/40 p-3 text-sm sm:col-span-2" data-testid="justification-form-student">
              <p className="font-medium">{studentName(editing, givenNamesFirst)}</p>
              <p className="text-muted-foreground">{[editing.sectionTag, formatDay(editing.date, locale), editing.sessionLabel].filter(Boolean).join(" · ")}</p>
            </div>
          )}
          {fields.map((field) =>
            field.name === "partId" ? (
              byHours && (
                <Controller
                  key={field.name}
                  name="partId"
                  control={control}
                  render={({ field: bound, fieldState }) => (
                    <Field
                      id="justification-field-partId"
                      label={t("fields.partId")}
                      error={fieldState.error?.message}
                      hint={t("form.registerHint")}
                      className="sm:col-span-2"
                    >
                      <NativeSelect {...fieldControl("justification-field-partId", fieldState.error?.message)} {...bound} disabled={disabled || !sectionId}>
                        <option value="">{t("form.chooseRegister")}</option>
                        <option value="0">{t("form.dailyRegister")}</option>
                        {parts.map((part) => (
                          <option key={part.ID} value={part.ID}>
                            {part.name}
                          </option>
                        ))}
                      </NativeSelect>
                    </Field>
                  )}
                />
              )
            ) : (
              <FormField key={field.name} field={field} control={control} text={text} hookPrefix="field-" idPrefix="justification-" disabled={disabled} />
            ),
          )}
          <div className="sm:col-span-2">
            <DocumentInput
              id="justification-field-doc"
              labels={{
                label: t("fields.doc"),
                choose: t("form.chooseFile"),
                remove: t("form.removeFile"),
                hint: t("form.fileHint", { types: DOCUMENT_TYPES }),
              }}
              accept={DOCUMENT_ACCEPT}
              file={file}
              stored={stored}
              onFile={chooseFile}
              onClear={() => {
                setFile(null);
                setFileError(undefined);
                if (editing?.doc) setRemoveStored(true);
              }}
              error={fileError}
              disabled={disabled}
            />
          </div>
        </form>
      </SheetBody>
      <SheetFooter className="justify-between">
        <Button variant="outline" onClick={onClose} data-testid="justification-form-close">
          {t("form.close")}
        </Button>
        {progress !== null && file && (
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2" aria-live="polite" data-testid="justification-upload-progress">
            <span className="truncate text-sm text-muted-foreground">{t("form.uploading", { name: file.name })}</span>
            <ProgressBar label={file.name} percent={progress} className="w-20 shrink-0" />
          </div>
        )}
        <Button type="submit" form={formId} disabled={disabled} data-testid="justification-form-save">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {t("form.save")}
        </Button>
      </SheetFooter>
    </>
  );
}
