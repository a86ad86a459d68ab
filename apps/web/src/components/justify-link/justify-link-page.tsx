"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  ATTENDANCE_STATUS,
  JUSTIFICATION_REASONS,
  JUSTIFICATION_STATUS,
  THEME_COLORS,
  ZJustifyLinkSave,
  type TJustificationCreatedAnswer,
  type TJustifyLinkAnswer,
  type TJustifyLinkInput,
  type TJustifyLinkSent,
  type TLocale,
} from "@pizarra/contracts";
import { Button, FieldError, Textarea, fieldControl } from "@pizarra/ui";
import { CalendarDays, HeartPulse, LoaderCircle, Plane, Send, Trophy, UserRound, Users } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import { z } from "zod";
import { useErrorMap } from "@/client/validation.ts";
import { DocumentInput } from "../justifications/document-input.tsx";
import { DOCUMENT_TYPES, documentMessage, formatDay, withoutBlanks } from "../justifications/justification-model.ts";
import { ProgressBar } from "../justifications/progress-bar.tsx";
import { fitImage, readBase64 } from "../resource/upload-files.ts";
import { Frame, LinkPending, Notice } from "../public-link/link-frame.tsx";
import { publicRequest, usePublicLink } from "../public-link/public-request.ts";

/** A phone's photo of a doctor's note is shrunk to this box before it goes: still legible, a fraction of the bytes. */
const PHOTO_BOX = { width: 2000, height: 2000 };
/** What the picker offers on a phone: any photo, and the document types of 002 §5. */
const PICKER_ACCEPT = "image/*,.pdf,.doc,.docx";
/** 002 §4 "Justification status": the page's word for each. */
const STATUS_KEY = { 1: "pending", 2: "accepted", [-1]: "denied" } as const;

const REASON_ICON = { Salud: HeartPulse, Familiar: Users, Deporte: Trophy, Personal: UserRound, Viaje: Plane } as const;

/** POST justify/{token}'s schema for what is typed; the document is checked on its own. */
const ZLinkForm = ZJustifyLinkSave.pick({ note: true }).extend({ reason: z.string().pipe(ZJustifyLinkSave.shape.reason) });

/** What the page is about: a late arrival, or an absence (also when the link names no register). */
const kindOf = (link: TJustifyLinkAnswer) => (link.mark === ATTENDANCE_STATUS.late ? "late" : "absent");

/** Who and which days the link is about, and what happened, as the alert told the family, under the school's logo. */
function Summary({ link }: { link: TJustifyLinkAnswer }) {
  const t = useTranslations("justifyLink");
  const locale = useLocale();
  const days = link.from === link.to ? formatDay(link.from, locale) : t("range", { from: formatDay(link.from, locale), to: formatDay(link.to, locale) });
  const kind = kindOf(link);
  return (
    <section
      aria-labelledby="justify-title"
      className="flex flex-col gap-3 rounded-xl border border-t-4 border-t-primary bg-card p-5 text-card-foreground shadow-xs"
      data-testid="justify-summary"
      data-kind={kind}
    >
      <div className="flex items-center gap-3">
        {link.logo && (
          <img src={link.logo} alt={t("logo", { school: link.school })} className="h-10 w-auto max-w-32 object-contain" data-testid="justify-logo" />
        )}
        <p className="text-sm font-medium" data-testid="justify-school">
          {link.school}
        </p>
      </div>
      <h1 id="justify-title" className="text-xl font-semibold leading-snug">
        {t(`heading.${kind}`)}
      </h1>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex items-start gap-2">
          <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dt className="sr-only">{t("student")}</dt>
          <dd className="font-medium" data-testid="justify-student">
            {link.student}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dt className="sr-only">{t("days")}</dt>
          <dd>
            {days}
            {link.mark !== null && (
              <span className="block font-medium" data-testid="justify-happened">
                {t(`happened.${kind}`)}
              </span>
            )}
            {link.about && <span className="block text-muted-foreground">{link.about}</span>}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** What the family sent for these days (through this link or the other guardian's), and how the school decided. */
function SentStatus({ sent, fresh }: { sent: TJustifyLinkSent; fresh: boolean }) {
  const t = useTranslations("justifyLink");
  const key = STATUS_KEY[sent.status];
  const reason = t.has(`reasons.${sent.reason}`) ? t(`reasons.${sent.reason}`) : sent.reason;
  return (
    <Notice
      tone={sent.status === JUSTIFICATION_STATUS.denied ? "bad" : sent.status === JUSTIFICATION_STATUS.accepted ? "ok" : fresh ? "ok" : "wait"}
      title={fresh ? t("sentTitle") : sent.mine ? t("alreadySent") : t("otherSent")}
      testId="justify-sent"
      heading="h2"
    >
      {fresh && <p className="text-sm">{t("sentBody")}</p>}
      <p className="text-sm">
        {t("sentReason", { reason })} · <span data-testid="justify-sent-status">{t(`status.${key}`)}</span>
      </p>
      <p className="text-sm text-muted-foreground">{t(`statusHint.${key}`)}</p>
    </Notice>
  );
}

/** The reasons as five large radio cards (002 §3), each with its icon, one tap on a phone. */
function ReasonCards({ value, onChange, error }: { value: string; onChange: (reason: string) => void; error?: string }) {
  const t = useTranslations("justifyLink");
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "justify-reason-error" : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {t("fields.reason")}
        <span className="text-destructive" aria-hidden>
          {" "}
          *
        </span>
      </legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {JUSTIFICATION_REASONS.map((reason) => {
          const Icon = REASON_ICON[reason];
          return (
            <label
              key={reason}
              className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-background px-4 py-3 text-base transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring"
              data-testid={`justify-reason-${reason}`}
            >
              <input type="radio" name="reason" value={reason} checked={value === reason} onChange={() => onChange(reason)} className="sr-only" />
              <Icon className="size-5 shrink-0 text-primary" aria-hidden />
              <span className="font-medium">{t(`reasons.${reason}`)}</span>
            </label>
          );
        })}
      </div>
      <FieldError id="justify-reason-error">{error}</FieldError>
    </fieldset>
  );
}

/** The form: reason, note and an optional photo or document; the send shows its progress. */
function JustifyForm({ token, kind, onSent }: { token: string; kind: "late" | "absent"; onSent: (sent: TJustifyLinkSent) => void }) {
  const t = useTranslations("justifyLink");
  const locale = useLocale() as TLocale;
  const errorMap = useErrorMap((field) => `justifyLink.fields.${field}`);
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(ZLinkForm, { error: errorMap }) as unknown as Resolver<FieldValues>;
    return (values, context, options) => inner(withoutBlanks(values), context, options);
  }, [errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: { reason: "", note: "" } });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (chosen: File) => {
    const problem = documentMessage(chosen, t);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const send = form.handleSubmit(async (values) => {
    setFailure(null);
    setProgress(0);
    const photo = file && /^image\/(jpeg|png)$/.test(file.type) ? await fitImage(file, PHOTO_BOX) : file;
    const body: TJustifyLinkInput = { reason: values.reason, note: values.note, file: photo ? { name: file!.name, data: await readBase64(photo) } : null };
    const answer = await publicRequest<TJustificationCreatedAnswer>("POST", `justify/${encodeURIComponent(token)}`, { locale, body, onProgress: setProgress });
    setProgress(null);
    if (answer.ok && answer.data) {
      onSent({ ID: answer.data.ID, status: JUSTIFICATION_STATUS.pending, reason: values.reason, mine: true });
      return;
    }
    const errors = (answer.data as { errors?: Record<string, string> } | null)?.errors ?? {};
    for (const [name, message] of Object.entries(errors)) {
      if (name === "reason" || name === "note") form.setError(name, { type: "server", message });
      else setFileError(message);
    }
    setFailure(answer.msg || t("unreachable"));
  });

  const reason = form.watch("reason") as string;
  const { errors, isSubmitting } = form.formState;
  const noteError = errors.note?.message as string | undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => void send(e)}
      className="flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
      data-testid="justify-form"
    >
      <ReasonCards
        value={reason}
        onChange={(next) => form.setValue("reason", next, { shouldValidate: form.formState.isSubmitted })}
        error={errors.reason?.message as string | undefined}
      />
      <div className="flex flex-col gap-2">
        <label htmlFor="justify-note" className="text-sm font-medium">
          {t("fields.note")}
          <span className="text-destructive" aria-hidden>
            {" "}
            *
          </span>
        </label>
        <Textarea
          {...fieldControl("justify-note", noteError)}
          rows={4}
          placeholder={t(`notePlaceholder.${kind}`)}
          className="text-base"
          {...form.register("note")}
          aria-required
        />
        <FieldError id="justify-note-error">{noteError}</FieldError>
      </div>
      <DocumentInput
        id="justify-file"
        labels={{
          label: t("fields.file"),
          choose: t("chooseFile"),
          camera: t("takePhoto"),
          remove: t("removeFile"),
          hint: t("fileHint", { types: DOCUMENT_TYPES }),
        }}
        accept={PICKER_ACCEPT}
        file={file}
        onFile={choose}
        onClear={() => {
          setFile(null);
          setFileError(undefined);
        }}
        error={fileError}
        disabled={isSubmitting}
        camera
      />
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="justify-failure">
          {failure}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" className="h-12 w-full text-base" disabled={isSubmitting} data-testid="justify-send">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {isSubmitting ? t("sending") : t("send")}
        </Button>
        {progress !== null && <ProgressBar label={t("sending")} percent={progress} className="h-2 w-full" testId="justify-progress" />}
      </div>
    </form>
  );
}

/**
 * The family's page behind an attendance alert's link (no account, no shell), in the school's colour: GET
 * justify/{token} says whose late arrival or absence and which days; a refused link gets a plain page saying why; the
 * form sends reason, note and an optional photo or document (POST justify/{token}), which lands as a pending
 * justification in the office's list. What a guardian already sent for these days shows instead of the form.
 */
export function JustifyLinkPage({ token }: { token: string }) {
  const { loaded, reload } = usePublicLink<TJustifyLinkAnswer>(`justify/${encodeURIComponent(token)}`);
  const [sentNow, setSentNow] = useState<TJustifyLinkSent | null>(null);
  const color = loaded.kind === "ready" ? loaded.link.color : null;
  // The page is the school's: its colour themes it, light or dark, as the staff's own choice themes theirs.
  useEffect(() => {
    if (color && (THEME_COLORS as readonly string[]).includes(color)) document.documentElement.dataset.theme = color;
  }, [color]);

  if (loaded.kind !== "ready") return <LinkPending state={loaded} namespace="justifyLink" testId="justify" onRetry={reload} />;
  const sent = sentNow ?? loaded.link.sent;
  // After a denial the family may send another justification through the same link.
  const maySend = !sent || (sentNow === null && sent.status === JUSTIFICATION_STATUS.denied);
  return (
    <Frame>
      <Summary link={loaded.link} />
      {sent && <SentStatus sent={sent} fresh={sentNow !== null} />}
      {maySend && <JustifyForm token={token} kind={kindOf(loaded.link)} onSent={setSentNow} />}
    </Frame>
  );
}
