"use client";

import {
  joinPlaceholders,
  NOTIFICATION_STATUS,
  notificationWizardSchema,
  type TScheduleAnswer,
  type TTagContent,
  type TTemplatesMetaAnswer,
  targetFields,
  type TWizardChoices,
  type TWizardStep,
  WIZARD_STEP_FIELDS,
  WIZARD_STEPS,
  wizardBody,
  wizardStepOf,
} from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Eye, LoaderCircle, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldValues, FormProvider, useWatch } from "react-hook-form";
import { api } from "@/client/api.ts";
import { apiGet, useFormRead } from "@/client/api-query.ts";
import { prepareValues } from "../resource/form-values.ts";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import { useResourceText } from "../resource/resource-text.ts";
import type { OwnDialogProps, Row } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { type About, apiDateTime, NOTIFICATION, startValues, tagInputs, tagValues } from "./wizard/model.ts";
import { StepList } from "./wizard/step-list.tsx";
import { type Outcome, SummaryStep } from "./wizard/summary-step.tsx";
import { TargetStep } from "./wizard/target-step.tsx";
import { TemplateStep } from "./wizard/template-step.tsx";
import { useWizardForm } from "./wizard/use-wizard-form.ts";
import { WhenStep } from "./wizard/when-step.tsx";

type Errors = Record<string, string>;
/** 002 §4: once ready or further on, a notification is not previewed again; it is confirmed again as changed. */
const READY = NOTIFICATION_STATUS.ready;
/** What is being or was sent is not changed (the server refuses it too). */
const LOCKED = new Set<number>([NOTIFICATION_STATUS.sending, NOTIFICATION_STATUS.sent]);
/** The fields of importAttach's refusals, as the target step shows them. */
const NUMBERS_FIELD: Record<string, string> = { data: "numbersFile", groupName: "phoneList" };
/** A refused read of the notification was told (a toast); the wizard stays as it is. */
const KEEP_OPEN = () => undefined;
const META = apiGet<TTemplatesMetaAnswer>("admLocalization/getMeta");

/**
 * The notification wizard (002 §2 "Notification screen", §4): template and placeholders, target, when, summary, as one
 * form checked by the wizard's schema (packages/contracts), one step's fields at a time. It writes an admNotification
 * through the same create/edit calls and schema as its form, only when it is confirmed: the summary's preview is the
 * save's trial (`?dryRun=true`, the dry run: shown as the recipient will read it, nothing kept), and confirm saves it
 * with the start-sending switch on, which schedules it. A wizard left at any step leaves nothing behind. The server's
 * refusals name their field in the user's language and open the step that shows it.
 */
export function NotificationWizard({ open, row, onClosed, onDone, about }: OwnDialogProps & { about?: About }) {
  const t = useTranslations("wizard");
  const tc = useTranslations("common");
  const text = useResourceText(NOTIFICATION.id);
  const modalId = `admNotification-wizard-${row?.ID ?? (about ? `${about.page}-${about.objectId}` : "new")}`;
  const { guard, close, requestClose } = useGuardedHashModal(open, modalId, onClosed);

  const meta = useQuery({ ...META, enabled: open }).data;
  // A row's notification is read whole, afresh at each opening: the wizard edits it.
  const stored = useFormRead<Row>(row ? `${NOTIFICATION.id}/get/${row.ID}` : null, open ? row : null, KEEP_OPEN).data;
  const storedId = stored ? Number(stored.ID) : null;
  const status = Number(stored?.status ?? 0);
  const mode = storedId === null ? "create" : "edit";

  const [step, setStep] = useState<TWizardStep>("template");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** A step is being checked or saved; after the confirmation, until the wizard has closed. */
  const [busy, setBusy] = useState(false);
  /** The numbers last imported and the group they went into: the same list is not imported twice. */
  const imported = useRef<{ key: string; groupId: number } | null>(null);

  // The schema reads the tags' values as shown and the placeholders they make (002 §3), of the template read below.
  const checked = (values: FieldValues): FieldValues => {
    const shown = tagValues(tagList, tagsRead, placeholders, values.tags);
    return { ...prepareValues(NOTIFICATION, values), tags: shown, placeholders: values.doWA ? joinPlaceholders(tagIds, shown) : "" };
  };
  const form = useWizardForm(mode, checked);
  const [doWA, templateId, page, objectId, typed] = useWatch({ control: form.control, name: ["doWA", "doWATemplate", "page", "objectId", "tags"] });
  const template = meta?.templates.find((tpl) => tpl.ID === templateId);
  // The chosen template's tags, their defaults from the record it is about (002 §7). While another template or record
  // is read, the tags are the template's own, with the values read last.
  const readTags = open && Boolean(doWA) && Boolean(templateId);
  const read = useQuery({
    ...apiGet<{ tagsContent: TTagContent[] }>(`admLocalization/get/${encodeURIComponent(String(templateId))}`, {
      query: { objectType: page || undefined, objectId: objectId ? String(objectId) : undefined },
      notify: false,
    }),
    enabled: readTags,
    placeholderData: keepPreviousData,
  });
  const tagsRead = readTags ? read.data?.tagsContent : undefined;
  const tagList = tagInputs(template, readTags && !read.isPlaceholderData ? (tagsRead ?? null) : null);
  const tagIds = tagList.map((tag) => tag.id);
  const placeholders = String(stored?.placeholders ?? "");
  const tags = tagValues(tagList, tagsRead, placeholders, typed);

  // Each opening starts afresh, from what it is about or, once read, the stored notification; closing forgets it all.
  const start = useMemo(() => startValues(about, stored), [about, stored]);
  useEffect(() => {
    form.reset(open ? start : startValues());
    setStep("template");
    setOutcome(null);
    setBusy(false);
    imported.current = null;
  }, [open, start, form]);

  // Anything changed after a preview asks for a new one (002 §4: confirm follows what was previewed).
  useEffect(() => {
    const subscription = form.watch(() => setOutcome(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const locked = LOCKED.has(status);
  const stepIndex = WIZARD_STEPS.indexOf(step);
  const target = () => form.getValues("target") as TWizardChoices["target"];

  /** Shows refusals (errors by field) on the step that holds the first field they name. */
  function showRefusal(refused: Errors) {
    const fields = Object.entries(refused).map(([field, message]) => {
      // Specific numbers: the group they went into is theirs to explain.
      const shown = field === "groupId" && target() === "numbers" ? "phoneList" : (NUMBERS_FIELD[field] ?? field);
      form.setError(shown, { type: "server", message });
      return shown;
    });
    setStep(wizardStepOf(fields[0]!));
  }

  /** Specific numbers become a group of their own (POST admUser/importAttach), once per list. */
  async function importNumbers(): Promise<boolean> {
    const { phoneList, numbersFile, name } = form.getValues();
    const key = JSON.stringify([phoneList.trim(), numbersFile?.data ?? ""]);
    if (imported.current?.key === key) {
      form.setValue("groupId", imported.current.groupId);
      return true;
    }
    const groupName = `${t("numbersGroup", { name: String(name || "").slice(0, 50) })} ${new Date().toISOString().slice(0, 19).replace("T", " ")}`;
    const res = await api.post<{ groupId: number }>("admUser/importAttach", { phoneList, data: numbersFile?.data, groupName }, { notify: false });
    if (!res.ok) {
      showRefusal((res.envelope.data as { errors?: Errors } | null)?.errors ?? { phoneList: res.envelope.msg });
      return false;
    }
    imported.current = { key, groupId: res.envelope.data.groupId };
    form.setValue("groupId", res.envelope.data.groupId);
    return true;
  }

  /** The notification as the steps describe it, as create or edit take it; null (and its step opened) when refused. */
  async function record(): Promise<Record<string, unknown> | null> {
    const parsed = notificationWizardSchema(mode).safeParse(checked(form.getValues()));
    if (parsed.success) return wizardBody(parsed.data);
    await form.trigger();
    setStep(wizardStepOf(String(parsed.error.issues[0]?.path[0] ?? "")));
    return null;
  }

  /** Send now: the current minute is the send date. */
  const stampNow = () => {
    if (form.getValues("trigger") === "now") form.setValue("sendOn", apiDateTime(new Date()));
  };

  const next = async () => {
    if (step === "when") stampNow();
    if (!(await form.trigger([...WIZARD_STEP_FIELDS[step]]))) return;
    setBusy(true);
    try {
      if (step === "target") {
        const chosen = target() as Exclude<TWizardChoices["target"], "">;
        for (const [field, value] of Object.entries(targetFields(chosen, Number(form.getValues("sendTo") ?? 0)))) form.setValue(field, value);
        const { phoneList, numbersFile } = form.getValues();
        // A stored notification's numbers are its group's members: only a new list is imported.
        if (chosen === "numbers" && (phoneList.trim() || numbersFile) && !(await importNumbers())) return;
      }
      setStep(WIZARD_STEPS[stepIndex + 1]!);
    } finally {
      setBusy(false);
    }
  };

  /**
   * 002 §4: the dry run (preview: the save's trial, nothing kept) or the confirmation (the save with the start-sending
   * switch on, which schedules it). A send now goes at the minute it is previewed or confirmed, not refused as past.
   */
  const schedule = async (confirm: boolean) => {
    stampNow();
    const body = await record();
    if (body === null) return;
    setBusy(true);
    const path = storedId === null ? `${NOTIFICATION.id}/create` : `${NOTIFICATION.id}/edit/${storedId}`;
    const res = await api.post<TScheduleAnswer>(path, confirm ? { ...body, confirm: true } : body, {
      query: confirm ? undefined : { dryRun: "true" },
      notify: false,
    });
    if (res.ok && confirm) {
      toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
      onDone();
      close();
      return;
    }
    setBusy(false);
    const refused = res.ok ? {} : ((res.envelope.data as { errors?: Errors } | null)?.errors ?? {});
    if (Object.keys(refused).length > 0) showRefusal(refused);
    else setOutcome({ ok: res.ok, msg: res.httpStatus === 0 ? t("networkError") : res.envelope.msg, data: res.ok ? res.envelope.data : null });
  };

  const stepProps = { text, disabled: busy || locked };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent
        closeLabel={tc("close")}
        data-testid="notification-wizard"
        className="flex h-dvh max-h-dvh w-full max-w-none flex-col gap-0 rounded-none p-0 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-3xl sm:rounded-lg"
      >
        <CloseGuardScope guard={guard} dirty={form.formState.isDirty}>
          <DialogHeader className="border-b p-4 sm:p-6">
            <DialogTitle>{t("title")}</DialogTitle>
            <DialogDescription>{t("description")}</DialogDescription>
            <StepList step={step} />
          </DialogHeader>
          <FormProvider {...form}>
            <div className="flex-1 p-4 sm:p-6" data-testid={`wizard-step-${step}`}>
              {locked && (
                <p className="mb-4 rounded-lg border border-info/40 bg-info/10 p-3 text-sm" role="status">
                  {t("locked")}
                </p>
              )}
              {step === "template" && <TemplateStep {...stepProps} templates={meta?.templates ?? []} tags={tagList} values={tags} />}
              {step === "target" && <TargetStep {...stepProps} />}
              {step === "when" && <WhenStep {...stepProps} />}
              {step === "summary" && <SummaryStep text={text} template={template} tags={tags} outcome={outcome} />}
            </div>
          </FormProvider>
          {/* The dialog itself scrolls (its close button keeps the scrolled region reachable by keyboard); the buttons stay in view. */}
          <DialogFooter className="sticky bottom-0 z-10 flex-row justify-between gap-2 border-t bg-background p-4 sm:justify-between sm:p-6">
            <Button
              variant="outline"
              onClick={() => (stepIndex === 0 ? requestClose() : setStep(WIZARD_STEPS[stepIndex - 1]!))}
              disabled={busy}
              data-testid="wizard-back"
            >
              {stepIndex === 0 ? (
                tc("close")
              ) : (
                <>
                  <ChevronLeft aria-hidden />
                  {t("back")}
                </>
              )}
            </Button>
            {step !== "summary" ? (
              <Button onClick={() => void next()} disabled={busy} data-testid="wizard-next">
                {busy && <LoaderCircle className="animate-spin" aria-hidden />}
                {t("next")}
                <ChevronRight aria-hidden />
              </Button>
            ) : (
              <div className="flex gap-2">
                <Button variant="outline" onClick={() => void schedule(false)} disabled={busy || status >= READY} data-testid="wizard-preview">
                  <Eye aria-hidden />
                  {t("preview")}
                </Button>
                <Button onClick={() => void schedule(true)} disabled={busy || locked || !(outcome?.ok || status >= READY)} data-testid="wizard-confirm">
                  {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
                  {t("confirm")}
                </Button>
              </div>
            )}
          </DialogFooter>
        </CloseGuardScope>
      </DialogContent>
    </Dialog>
  );
}
