"use client";

import type { TChannelPreview, TSchedulePreview } from "@pizarra/contracts";
import { cn } from "@pizarra/ui";
import { CircleAlert, Info } from "lucide-react";
import { useTranslations } from "next-intl";

/** What the dry run or the confirmation answered: its message, and its data when it went through. */
export interface Outcome {
  ok: boolean;
  msg: string;
  data: TSchedulePreview | null;
}

interface SummaryStepProps {
  /** The choices of the steps before, as label and value. */
  lines: Line[];
  outcome: Outcome | null;
  /** The message as the template and the typed values make it, for when the dry run shows no real recipient's. */
  sample: { text: string; subject: string | null } | null;
}

/** A message as WhatsApp shows it: a bubble with who it is for, its subject and text. */
function Bubble({ recipient, subject, text, caption }: { recipient: string | null; subject: string | null; text: string; caption: string }) {
  return (
    <figure className="flex flex-col gap-2 rounded-lg bg-muted/60 p-3" data-testid="wizard-bubble">
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
      <div className="relative max-w-[85%] self-end rounded-lg rounded-tr-none bg-emerald-100 px-3 py-2 text-sm text-emerald-950 shadow-sm dark:bg-emerald-900 dark:text-emerald-50">
        {recipient && <p className="mb-1 text-xs font-semibold">{recipient}</p>}
        {subject && <p className="mb-1 font-semibold">{subject}</p>}
        <p className="break-words whitespace-pre-wrap">{text}</p>
      </div>
    </figure>
  );
}

/** One choice as the summary lists it; `key` names it (the field or what it stands for). */
export interface Line {
  key: string;
  label: string;
  value: string;
}

/** Labels and their values, side by side where there is room. */
function Pairs({ lines, className }: { lines: Line[]; className: string }) {
  return (
    <dl className={cn("grid", className)}>
      {lines.map((line) => (
        <div key={line.key} className="contents">
          <dt className="text-muted-foreground">{line.label}</dt>
          <dd className="font-normal break-words" data-testid={`wizard-summary-${line.key}`}>
            {line.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An e-mail or a push as its recipient's inbox shows it: who it is from and where replies go (e-mail), its title and text. */
function Letter({ preview, caption }: { preview: TChannelPreview; caption: string }) {
  const t = useTranslations("wizard");
  const head = [
    ...(preview.from ? [{ key: "from", label: t("mailFrom"), value: preview.from }] : []),
    ...(preview.replyTo ? [{ key: "replyTo", label: t("mailReplyTo"), value: preview.replyTo }] : []),
  ];
  return (
    <figure className="flex flex-col gap-2 rounded-lg border p-3" data-testid={`wizard-preview-${preview.channel}`}>
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
      {head.length > 0 && <Pairs lines={head} className="grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs" />}
      {preview.subject && <p className="text-sm font-semibold break-words">{preview.subject}</p>}
      <p className="text-sm break-words whitespace-pre-wrap">{preview.text}</p>
    </figure>
  );
}

/**
 * Step 4 (002 §2, §4): what was chosen, then the dry run's answer — in the info colour when it went through, the
 * danger colour otherwise — with the counts per channel, the recipients who cannot be reached and why, and the
 * message as one real recipient receives it on each channel (or as the template makes it, until the dry run says).
 */
export function SummaryStep({ lines, outcome, sample }: SummaryStepProps) {
  const t = useTranslations("wizard");
  const data = outcome?.ok ? outcome.data : null;
  const previews = data?.previews ?? [];
  const byChannel = data?.byChannel;
  return (
    <div className="flex flex-col gap-5">
      <Pairs lines={lines} className="grid-cols-1 gap-x-6 gap-y-3 text-sm font-medium sm:grid-cols-[max-content_1fr]" />
      {outcome && (
        <div
          role={outcome.ok ? "status" : "alert"}
          data-testid="wizard-outcome"
          className={cn(
            "flex items-start gap-2 rounded-lg border p-3 text-sm",
            outcome.ok ? "border-info/40 bg-info/10 text-foreground" : "border-destructive/40 bg-destructive/10 text-foreground",
          )}
        >
          {outcome.ok ? (
            <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          ) : (
            <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          )}
          <p>{outcome.msg}</p>
        </div>
      )}
      {byChannel && (
        <ul className="grid grid-cols-3 gap-2 text-center text-sm" data-testid="wizard-by-channel">
          {(["whatsapp", "mail", "push"] as const).map((channel) => (
            <li key={channel} className="rounded-lg border p-2">
              <span className="block text-lg font-semibold tabular-nums">{byChannel[channel] ?? 0}</span>
              <span className="text-xs text-muted-foreground">{t(`channel.${channel}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {data?.problems && data.problems.length > 0 && (
        <section className="flex flex-col gap-2 text-sm" data-testid="wizard-problems">
          <h3 className="font-medium">{t("problems", { count: data.problems.length })}</h3>
          <ul className="max-h-48 divide-y overflow-auto rounded-lg border">
            {data.problems.map((problem, i) => (
              <li key={`${problem.userId ?? "x"}-${problem.channel}-${i}`} className="flex flex-col px-3 py-2 sm:flex-row sm:gap-3">
                <span className="font-medium">{problem.name}</span>
                <span className="text-muted-foreground">
                  {t(`channel.${problem.channel}`)} · {problem.reason}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {previews.length > 0
        ? previews.map((preview) => {
            const caption = t("previewOn", { channel: t(`channel.${preview.channel}`), name: preview.recipient });
            return preview.channel === "whatsapp" ? (
              <Bubble key={preview.channel} recipient={preview.recipient} subject={preview.subject} text={preview.text} caption={caption} />
            ) : (
              <Letter key={preview.channel} preview={preview} caption={caption} />
            );
          })
        : sample && <Bubble recipient={null} subject={sample.subject} text={sample.text} caption={t("sample")} />}
    </div>
  );
}
