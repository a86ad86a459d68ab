import type { TSatisfaction, TSentiment } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import { translator } from "../../../i18n.ts";
import type { Lang } from "./knowledge.ts";
import { readMessage } from "./lexicon.ts";

export interface Summary {
  summary: string;
  sentiment: TSentiment;
  satisfaction: TSatisfaction;
}

type Line = { author: "contact" | "assistant" | "staff"; text: string | null };

const QUESTION_MAX = 160;

/**
 * Without a model: the family's first question and how the conversation ended (a person replied, the assistant
 * handed it over, the assistant answered, nobody); the sentiment from the lexicon over the family's messages; the
 * satisfaction from how the family left it (a closing "gracias" / "thanks" is satisfied, an upset word unsatisfied).
 */
function plainSummary(lang: Lang, messages: Line[], escalated: boolean): Summary {
  const t = translator(lang);
  const family = messages.filter((m) => m.author === "contact" && m.text?.trim());
  const first = family[0]?.text?.trim().replace(/\s+/g, " ");
  const question = first ? (first.length > QUESTION_MAX ? `${first.slice(0, QUESTION_MAX - 1)}…` : first) : t("assistant.summary.noText");
  const ended = messages.some((m) => m.author === "staff")
    ? "staff"
    : escalated
      ? "handedOver"
      : messages.some((m) => m.author === "assistant")
        ? "assistant"
        : "none";
  const readings = family.map((m) => readMessage(m.text!));
  const last = readings.at(-1);
  const sentiment: TSentiment = readings.some((r) => r.negative) ? "negative" : readings.some((r) => r.positive) ? "positive" : "neutral";
  const satisfaction: TSatisfaction = last?.negative ? "unsatisfied" : last?.positive ? "satisfied" : "neutral";
  return { summary: t(`assistant.summary.${ended}`, { question }), sentiment, satisfaction };
}

/**
 * A closed conversation's summary, sentiment and satisfaction (the inbox's sidebar and the dashboard), in the
 * conversation's language.
 */
export async function summarize(db: TenantDb, conversation: { id: number; locale: string }, messages: Line[]): Promise<Summary> {
  const lang: Lang = conversation.locale === "en" ? "en" : "es";
  const row = await db.conversation.findFirst({ where: { id: conversation.id }, select: { escalation: true } });
  return plainSummary(lang, messages, Boolean(row?.escalation));
}
