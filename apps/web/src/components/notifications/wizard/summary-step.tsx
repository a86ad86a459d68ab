"use client";

import { fillTemplate, type TChannelPreview, type TScheduleAnswer, type TTemplateMeta, type TWizardChoices } from "@pizarra/contracts";
import { cn } from "@pizarra/ui";
import { CircleAlert, Info } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFormContext } from "react-hook-form";
import { knownPickName } from "../../resource/fields/use-options.ts";
import type { ResourceText } from "../../resource/resource-text.ts";
import { fieldDef } from "./model.ts";

/** What the dry run or the confirmation answered: its message, and its data when it went through. */
export interface Outcome {
  ok: boolean;
  msg: string;
  data: TScheduleAnswer | null;
}

interface SummaryStepProps {
  text: ResourceText;
  /** The chosen WhatsApp template, and each of its tags' values. */
  template: TTemplateMeta | undefined;
  tags: Record<string, string>;
  outcome: Outcome | null;
}

/** The summary names this many of the chosen sections, children or guardians, then says how many more. */
const NAMES_SHOWN = 5;

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
interface Line {
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

/** The choices of the steps before, as label and value; once previewed, how many people and messages it reaches. */
function useLines({ text, template, outcome }: SummaryStepProps): Line[] {
  const t = useTranslations("wizard");
  const tm = useTranslations("moduleScreen");
  const tDelivery = useTranslations("delivery");
  const values = useFormContext().getValues();
  const { target, phoneList, numbersFile } = values as TWizardChoices;
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
  const who = text.option("sendTo", values.sendTo ?? 0);
  const typed = phoneList.split(/\r?\n/).filter((line) => line.trim()).length;
  const words = {
    "": "",
    sections: t("targetOf", { who, list: picked("sectionIds") }),
    dependants: t("targetOf", { who, list: picked("userIds") }),
    principals: `${t("targets.principals")}: ${picked("principalUserIds")}`,
    group: `${text.field("groupId")}: ${picked("groupId")}`,
    numbers: [typed > 0 && t("numbersTyped", { count: typed }), numbersFile && t("fileChosen", { name: numbersFile.name })].filter(Boolean).join(" · "),
  }[target];
  const reach = outcome?.ok ? outcome.data : null;
  return [
    { key: "name", label: text.field("name"), value: String(values.name ?? "") },
    { key: "channels", label: t("channels"), value: channels.join(", ") },
    ...(template ? [{ key: "doWATemplate", label: text.field("doWATemplate"), value: template.name }] : []),
    {
      key: "target",
      label: t("target"),
      value: reach ? `${words} (${tDelivery("reach", { people: reach.total, messages: reach.messages ?? reach.total })})` : words,
    },
    { key: "sendOn", label: text.field("sendOn"), value: values.trigger === "now" ? t("triggers.now") : String(values.sendOn ?? "") },
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
}

/**
 * Step 4 (002 §2, §4): what was chosen, then the dry run's answer — in the info colour when it went through, the
 * danger colour otherwise — with the counts per channel, the recipients who cannot be reached and why, and the
 * message as one real recipient receives it on each channel (or as the template makes it, until the dry run says).
 */
export function SummaryStep(props: SummaryStepProps) {
  const { template, tags, outcome } = props;
  const t = useTranslations("wizard");
  const lines = useLines(props);
  const values = useFormContext().getValues();
  const sampleText = values.doWA && template ? fillTemplate(template.content, tags) : String(values.content ?? "");
  const sample = sampleText ? { text: sampleText, subject: values.doWA ? null : String(values.title ?? "") || null } : null;
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
