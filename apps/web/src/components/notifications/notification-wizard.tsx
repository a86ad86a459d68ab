"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  fillTemplate,
  joinPlaceholders,
  labelKeyOf,
  NOTIFICATION_STATUS,
  PLACEHOLDER_SEPARATOR,
  recordSchema,
  splitPlaceholders,
  type TSchedulePreview,
  type TTagContent,
  type TTemplatesMeta,
} from "@pizarra/contracts";
import { Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { ChevronLeft, ChevronRight, Eye, LoaderCircle, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldValues, type Resolver, useForm, useWatch } from "react-hook-form";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { knownPickName } from "../resource/fields/use-options.ts";
import { emptyValue, initialValues, prepareValues } from "../resource/form-values.ts";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import { useResourceText } from "../resource/resource-text.ts";
import type { OwnDialogProps, Row } from "../resource/types.ts";
import { useDependentReset } from "../resource/use-dependent-reset.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import {
  apiDateTime,
  fieldDef,
  NOTIFICATION,
  STEP_FIELDS,
  type Step,
  STEPS,
  stepOf,
  type Target,
  targetFields,
  targetOf,
  type Trigger,
  tagInputs,
} from "./wizard/model.ts";
import { type Line, SummaryStep, type Outcome } from "./wizard/summary-step.tsx";
import { type Numbers, TargetStep } from "./wizard/target-step.tsx";
import { TemplateStep } from "./wizard/template-step.tsx";
import { WhenStep } from "./wizard/when-step.tsx";

type Errors = Record<string, string>;
const NO_NUMBERS: Numbers = { phoneList: "", file: null };
/** The summary names this many of the chosen sections, children or guardians, then says how many more. */
const NAMES_SHOWN = 5;
/** 002 §4: once ready or further on, a notification is not previewed again; it is confirmed again as changed. */
const READY = NOTIFICATION_STATUS.ready;
/** What is being or was sent is not changed (the server refuses it too). */
const LOCKED = new Set<number>([NOTIFICATION_STATUS.sending, NOTIFICATION_STATUS.sent]);
/** The list each target chooses from. */
const TARGET_LIST = { sections: "sectionIds", dependants: "userIds", principals: "principalUserIds", group: "groupId" } as const;

/**
 * The notification wizard (002 §2 "Notification screen", §4): template and placeholders, target, when, summary. It
 * writes an admNotification through the same create/edit calls and schema as its form, only when it is confirmed: the
 * summary's preview is the save's trial (`?dryRun=true`, the dry run: shown as the recipient will read it, nothing
 * kept), and confirm saves it with the start-sending switch on, which schedules it. A wizard left at any step leaves
 * nothing behind. The server's refusals name their field in the user's language and open the step that shows it.
 */
/** A new notification about a record (a flow's send): what it is about, its name, and the flow's own audience. */
export interface About {
  page: string;
  objectId: number;
  name: string;
  recipientType?: number | null;
  groupId?: number | null;
}

export function NotificationWizard({ open, row, onClosed, onDone, about }: OwnDialogProps & { about?: About }) {
  const t = useTranslations("wizard");
  const tAll = useTranslations();
  const tc = useTranslations("common");
  const tm = useTranslations("moduleScreen");
  const tDelivery = useTranslations("delivery");
  const text = useResourceText(NOTIFICATION.id);
  const labelKey = useMemo(() => labelKeyOf(NOTIFICATION), []);
  const errorMap = useErrorMap(labelKey);
  const mode = row ? "edit" : "create";
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(recordSchema(NOTIFICATION, mode), { error: errorMap }) as unknown as Resolver<FieldValues>;
    return (values, context, options) => inner(prepareValues(NOTIFICATION, values), context, options);
  }, [mode, errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: initialValues(NOTIFICATION, null), shouldFocusError: false });
  useDependentReset(form, NOTIFICATION.fields, emptyValue);

  const [step, setStep] = useState<Step>("template");
  const [meta, setMeta] = useState<TTemplatesMeta | null>(null);
  const [tagsContent, setTagsContent] = useState<TTagContent[] | null>(null);
  const [tags, setTags] = useState<Record<string, string>>({});
  const typed = useRef(new Set<string>());
  /** The tag values of the notification being edited, as stored: they win over the record's defaults. */
  const storedPlaceholders = useRef("");
  const [target, setTarget] = useState<Target | "">("");
  const [trigger, setTrigger] = useState<Trigger | "">("");
  const [numbers, setNumbers] = useState<Numbers>(NO_NUMBERS);
  /** The numbers last imported and the group they went into: the same list is not imported twice. */
  const imported = useRef<{ key: string; groupId: number } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  /** The stored notification being edited, when the wizard opened one. */
  const [storedId, setStoredId] = useState<number | null>(null);
  const [status, setStatus] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  /** A choice of the wizard's own (a tag, the target, the numbers, the trigger): closing would lose it. */
  const [touched, setTouched] = useState(false);

  const modalId = `admNotification-wizard-${row?.ID ?? (about ? `${about.page}-${about.objectId}` : "new")}`;
  const { guard, close, requestClose } = useGuardedHashModal(open, modalId, () => {
    form.reset(initialValues(NOTIFICATION, null));
    setStep("template");
    setTagsContent(null);
    setTags({});
    typed.current.clear();
    storedPlaceholders.current = "";
    setTarget("");
    setTrigger("");
    setNumbers(NO_NUMBERS);
    imported.current = null;
    setErrors({});
    setStoredId(null);
    setStatus(0);
    setOutcome(null);
    setConfirmed(false);
    setTouched(false);
    onClosed();
  });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void api.get<TTemplatesMeta>("admLocalization/getMeta", { signal: controller.signal }).then((res) => res.ok && setMeta(res.envelope.data));
    return () => controller.abort();
  }, [open]);

  // A new notification about a record starts from it: its name, what it is about and, for a flow, its group.
  useEffect(() => {
    if (!open || !about) return;
    const { recipientType, groupId, ...rest } = about;
    // The target's own fields (recipientType …) are written when its step is left, as when a person picks it.
    const toGroup = recipientType === 1 && Boolean(groupId);
    form.reset(initialValues(NOTIFICATION, null, { ...rest, ...(toGroup ? { groupId } : {}) }));
    if (toGroup) setTarget("group");
  }, [open, about, form]);

  // A row's notification is read whole: the wizard edits it.
  const rowId = row?.ID;
  useEffect(() => {
    if (!open || rowId === undefined) return;
    const controller = new AbortController();
    void api.get<Row>(`${NOTIFICATION.id}/get/${rowId}`, { signal: controller.signal }).then((res) => {
      if (!res.ok) return;
      const record = res.envelope.data;
      storedPlaceholders.current = String(record.placeholders ?? "");
      form.reset(initialValues(NOTIFICATION, record));
      setStoredId(Number(record.ID));
      setStatus(Number(record.status ?? 0));
      setTarget(targetOf(record));
      setTrigger("date");
    });
    return () => controller.abort();
  }, [open, rowId, form]);

  const [doWA, templateId, page, objectId, name] = useWatch({ control: form.control, name: ["doWA", "doWATemplate", "page", "objectId", "name"] }) as [
    boolean,
    string,
    string,
    unknown,
    string,
  ];
  const template = meta?.templates.find((tpl) => tpl.ID === templateId);
  const tagList = tagInputs(template, tagsContent);

  // The chosen template's tags, their defaults from the record it is about (002 §7); what was typed stays.
  useEffect(() => {
    setTagsContent(null);
    if (!open || !doWA || !templateId) return;
    const controller = new AbortController();
    const query = { objectType: page || undefined, objectId: objectId ? String(objectId) : undefined };
    void api
      .get<{ tagsContent: TTagContent[] }>(`admLocalization/get/${encodeURIComponent(templateId)}`, { query, signal: controller.signal, notify: false })
      .then((res) => {
        if (!res.ok) return;
        const content = res.envelope.data.tagsContent;
        const stored = splitPlaceholders(
          content.map((tag) => tag.id),
          storedPlaceholders.current,
        );
        setTagsContent(content);
        setTags((current) =>
          Object.fromEntries(content.map((tag) => [tag.id, typed.current.has(tag.id) ? (current[tag.id] ?? "") : stored[tag.id] || tag.defValue])),
        );
      });
    return () => controller.abort();
  }, [open, doWA, templateId, page, objectId]);

  // Anything changed after a preview asks for a new one (002 §4: confirm follows what was previewed).
  useEffect(() => {
    const subscription = form.watch(() => setOutcome(null));
    return () => subscription.unsubscribe();
  }, [form]);
  const changed = () => {
    setOutcome(null);
    setTouched(true);
  };
  const { isDirty } = form.formState;

  const locked = LOCKED.has(status);
  const stepIndex = STEPS.indexOf(step);
  const requiredMessage = (label: string) => String(tAll.raw("validation.required")).replace(":attribute", label);

  /** The checks of a step the browser can make (002 §5: "Select a type", "Select a trigger type", the needed lists). */
  async function checkStep(current: Step): Promise<{ own: Errors; valid: boolean }> {
    const own: Errors = {};
    const values = form.getValues();
    const hasNumbers = Boolean(numbers.phoneList.trim() || numbers.file);
    // The schema's checks first: they would clear the ones set here.
    const schemaValid = await form.trigger(STEP_FIELDS[current].filter((field) => field in values));
    let valid = schemaValid;
    const refuse = (field: string) => {
      form.setError(field, { type: "client", message: requiredMessage(text.field(field)) });
      valid = false;
    };
    if (current === "template") {
      if (!values.doWA && !values.doMail && !values.doPush) own.channels = t("selectType");
      if (values.doWA && !values.doWATemplate) refuse("doWATemplate");
      if ((values.doMail || values.doPush) && !String(values.title ?? "").trim()) refuse("title");
      for (const tag of tagList) {
        if (!tag.hidden && (tags[tag.id] ?? "").includes(PLACEHOLDER_SEPARATOR)) own[`tag.${tag.id}`] = t("tagSeparator", { separator: PLACEHOLDER_SEPARATOR });
      }
    }
    if (current === "target") {
      if (!target) own.target = t("selectType");
      const list = target && target !== "numbers" ? TARGET_LIST[target] : null;
      if (list && (values[list] === "" || values[list] === null || (Array.isArray(values[list]) && values[list].length === 0))) refuse(list);
      if (target === "numbers" && !hasNumbers && !values.groupId) own.phoneList = requiredMessage(t("phoneList"));
    }
    if (current === "when" && !trigger) own.trigger = t("selectTrigger");
    return { own, valid };
  }

  /** Shows the server's refusal (errors by field) on the step that holds the first field it names. */
  function showRefusal(msg: string, refused: Errors) {
    const fields = Object.keys(refused);
    const own: Errors = {};
    for (const [field, message] of Object.entries(refused)) {
      if (field in form.getValues() && field !== "recipientType") form.setError(field, { type: "server", message });
      // Specific numbers: the group they went into is theirs to explain.
      else own[field === "groupId" && target === "numbers" ? "phoneList" : field] = message;
    }
    if (fields.length === 0) {
      setOutcome({ ok: false, msg, data: null });
      return;
    }
    setErrors(own);
    setStep(stepOf(fields[0]!));
  }

  /** Specific numbers become a group of their own (POST admUser/importAttach), once per list. */
  async function importNumbers(): Promise<boolean> {
    const key = JSON.stringify([numbers.phoneList.trim(), numbers.file?.data ?? ""]);
    if (imported.current?.key === key) {
      form.setValue("groupId", imported.current.groupId);
      return true;
    }
    const groupName = `${t("numbersGroup", { name: String(name || "").slice(0, 50) })} ${new Date().toISOString().slice(0, 19).replace("T", " ")}`;
    const body = { phoneList: numbers.phoneList, data: numbers.file?.data, groupName };
    const res = await api.post<{ groupId: number }>("admUser/importAttach", body, { notify: false });
    if (!res.ok) {
      const refused = (res.envelope.data as { errors?: Errors } | null)?.errors ?? { phoneList: res.envelope.msg };
      setErrors(Object.fromEntries(Object.entries(refused).map(([field, message]) => [field === "groupName" ? "phoneList" : field, message])));
      return false;
    }
    imported.current = { key, groupId: res.envelope.data.groupId };
    form.setValue("groupId", res.envelope.data.groupId);
    return true;
  }

  /** The notification as the steps describe it, as create or edit take it; null (and its step opened) when refused. */
  async function record(): Promise<Record<string, unknown> | null> {
    const tagIds = tagList.map((tag) => tag.id);
    form.setValue("placeholders", form.getValues("doWA") ? joinPlaceholders(tagIds, tags) : "");
    const parsed = recordSchema(NOTIFICATION, storedId === null ? "create" : "edit").safeParse(prepareValues(NOTIFICATION, form.getValues()));
    if (parsed.success) return parsed.data;
    await form.trigger();
    const first = Object.keys(form.formState.errors)[0];
    if (first) setStep(stepOf(first));
    return null;
  }

  /** Send now: the current minute is the send date. */
  const stampNow = () => {
    if (trigger === "now") form.setValue("sendOn", apiDateTime(new Date()));
  };

  const next = async () => {
    setErrors({});
    if (step === "when") stampNow();
    const { own, valid } = await checkStep(step);
    setErrors(own);
    if (!valid || Object.keys(own).length > 0) return;
    setBusy(true);
    try {
      if (step === "target") {
        form.setValue("recipientType", null);
        for (const [field, value] of Object.entries(targetFields(target as Target, Number(form.getValues("sendTo") ?? 0)))) form.setValue(field, value);
        // A stored notification's numbers are its group's members: only a new list is imported.
        if (target === "numbers" && (numbers.phoneList.trim() || numbers.file) && !(await importNumbers())) return;
      }
      setStep(STEPS[stepIndex + 1]!);
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
    const res = await api.post<TSchedulePreview>(path, confirm ? { ...body, confirm: true } : body, {
      query: confirm ? undefined : { dryRun: "true" },
      notify: false,
    });
    setBusy(false);
    if (!res.ok && res.httpStatus === 0) {
      setOutcome({ ok: false, msg: t("networkError"), data: null });
      return;
    }
    if (!res.ok) {
      showRefusal(res.envelope.msg, (res.envelope.data as { errors?: Errors } | null)?.errors ?? {});
      return;
    }
    if (!confirm) {
      setOutcome({ ok: true, msg: res.envelope.msg, data: res.envelope.data });
      return;
    }
    setConfirmed(true);
    toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
    onDone();
    close();
  };

  const values = form.getValues();
  const channels = (["doWA", "doMail", "doPush"] as const).filter((field) => values[field]).map((field) => text.field(field));
  /** The chosen records of a pick list, by the names the list showed (a few, then how many more). */
  const picked = (field: string): string => {
    const options = fieldDef(field).options;
    const resource = options?.kind === "resource" ? options.resource : "";
    const ids = Array.isArray(values[field]) ? (values[field] as unknown[]) : values[field] ? [values[field]] : [];
    const names = ids.map((id) => knownPickName(resource, id) ?? String(id));
    const shown = names.slice(0, NAMES_SHOWN).join(", ");
    return names.length > NAMES_SHOWN ? t("andMore", { list: shown, count: names.length - NAMES_SHOWN }) : shown;
  };
  /** Who it goes to, in words: whose people, which group, how many numbers; and, once previewed, how many people and messages. */
  const targetWords = (): string => {
    const who = text.option("sendTo", values.sendTo ?? 0);
    const typed = numbers.phoneList.split(/\r?\n/).filter((line) => line.trim()).length;
    const words = {
      "": "",
      sections: t("targetOf", { who, list: picked("sectionIds") }),
      dependants: t("targetOf", { who, list: picked("userIds") }),
      principals: `${t("targets.principals")}: ${picked("principalUserIds")}`,
      group: `${text.field("groupId")}: ${picked("groupId")}`,
      numbers: [typed > 0 && t("numbersTyped", { count: typed }), numbers.file && t("fileChosen", { name: numbers.file.name })].filter(Boolean).join(" · "),
    }[target];
    const data = outcome?.ok ? outcome.data : null;
    return data ? `${words} (${tDelivery("reach", { people: data.total, messages: data.messages ?? data.total })})` : words;
  };
  const summary: Line[] = [
    { key: "name", label: text.field("name"), value: String(values.name ?? "") },
    { key: "channels", label: t("channels"), value: channels.join(", ") },
    ...(template ? [{ key: "doWATemplate", label: text.field("doWATemplate"), value: template.name }] : []),
    { key: "target", label: t("target"), value: targetWords() },
    { key: "sendOn", label: text.field("sendOn"), value: trigger === "now" ? t("triggers.now") : String(values.sendOn ?? "") },
    ...(values.hasRecurrence
      ? [
          {
            key: "recurrencePattern",
            label: text.field("recurrencePattern"),
            value: values.recurrencePattern ? text.option("recurrencePattern", values.recurrencePattern) : "",
          },
        ]
      : []),
    { key: "urgent", label: text.field("urgent"), value: values.urgent ? tm("yes") : tm("no") },
    ...(values.fallbackChannel
      ? [{ key: "fallbackChannel", label: text.field("fallbackChannel"), value: text.option("fallbackChannel", values.fallbackChannel) }]
      : []),
  ];
  const sampleText = values.doWA && template ? fillTemplate(template.content, tags) : String(values.content ?? "");
  const sample = sampleText ? { text: sampleText, subject: values.doWA ? null : String(values.title ?? "") || null } : null;

  const stepProps = { control: form.control, text, disabled: busy || locked || confirmed };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent
        closeLabel={tc("close")}
        data-testid="notification-wizard"
        className="flex h-dvh max-h-dvh w-full max-w-none flex-col gap-0 rounded-none p-0 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-3xl sm:rounded-lg"
      >
        <CloseGuardScope guard={guard} dirty={isDirty || touched}>
          <DialogHeader className="border-b p-4 sm:p-6">
            <DialogTitle>{t("title")}</DialogTitle>
            <DialogDescription>{t("description")}</DialogDescription>
            <ol className="mt-3 flex gap-1 text-xs" aria-label={t("stepsLabel")}>
              {STEPS.map((key, i) => (
                <li
                  key={key}
                  aria-current={key === step ? "step" : undefined}
                  className={cn(
                    "flex flex-1 flex-col gap-1 border-t-4 pt-1",
                    i <= stepIndex ? "border-primary font-medium text-foreground" : "border-muted text-muted-foreground",
                  )}
                >
                  <span className="sr-only">{t("stepOf", { n: i + 1, total: STEPS.length })}</span>
                  <span className="truncate">{t(`steps.${key}`)}</span>
                </li>
              ))}
            </ol>
          </DialogHeader>
          <div className="flex-1 p-4 sm:p-6" data-testid={`wizard-step-${step}`}>
            {locked && (
              <p className="mb-4 rounded-lg border border-info/40 bg-info/10 p-3 text-sm" role="status">
                {t("locked")}
              </p>
            )}
            {step === "template" && (
              <TemplateStep
                {...stepProps}
                templates={meta?.templates ?? []}
                tags={tagList}
                values={tags}
                errors={errors}
                onTag={(tag, value) => {
                  typed.current.add(tag);
                  setTags((current) => ({ ...current, [tag]: value }));
                  setErrors(({ [`tag.${tag}`]: _gone, ...rest }) => rest);
                  changed();
                }}
              />
            )}
            {step === "target" && (
              <TargetStep
                {...stepProps}
                target={target}
                onTarget={(kind) => {
                  setTarget(kind);
                  form.setValue("groupId", "");
                  setErrors({});
                  changed();
                }}
                numbers={numbers}
                onNumbers={(next) => {
                  setNumbers(next);
                  setErrors(({ phoneList: _list, data: _file, ...rest }) => rest);
                  changed();
                }}
                errors={errors}
              />
            )}
            {step === "when" && (
              <WhenStep
                {...stepProps}
                trigger={trigger}
                onTrigger={(kind) => {
                  setTrigger(kind);
                  setErrors(({ trigger: _gone, ...rest }) => rest);
                  changed();
                }}
                error={errors.trigger}
              />
            )}
            {step === "summary" && <SummaryStep lines={summary} outcome={outcome} sample={sample} />}
          </div>
          {/* The dialog itself scrolls (its close button keeps the scrolled region reachable by keyboard); the buttons stay in view. */}
          <DialogFooter className="sticky bottom-0 z-10 flex-row justify-between gap-2 border-t bg-background p-4 sm:justify-between sm:p-6">
            <Button
              variant="outline"
              onClick={() => (stepIndex === 0 ? requestClose() : setStep(STEPS[stepIndex - 1]!))}
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
              <Button onClick={() => void next()} disabled={busy || confirmed} data-testid="wizard-next">
                {busy && <LoaderCircle className="animate-spin" aria-hidden />}
                {t("next")}
                <ChevronRight aria-hidden />
              </Button>
            ) : (
              <div className="flex gap-2">
                <Button variant="outline" onClick={() => void schedule(false)} disabled={busy || status >= READY || confirmed} data-testid="wizard-preview">
                  <Eye aria-hidden />
                  {t("preview")}
                </Button>
                <Button
                  onClick={() => void schedule(true)}
                  disabled={busy || confirmed || locked || !(outcome?.ok || status >= READY)}
                  data-testid="wizard-confirm"
                >
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
