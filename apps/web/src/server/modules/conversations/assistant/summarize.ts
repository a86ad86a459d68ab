import { SATISFACTIONS, SENTIMENTS, type TSatisfaction, type TSentiment } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import { z } from "zod";
import { ai, AiFailure } from "../../../channels/ai.ts";
import { translator } from "../../../i18n.ts";
import { log } from "../../../log.ts";
import type { Lang } from "./knowledge.ts";
import { readMessage } from "./lexicon.ts";

export interface Summary {
  summary: string;
  sentiment: TSentiment;
  satisfaction: TSatisfaction;
}

type Line = { author: "contact" | "assistant" | "staff"; text: string | null };

const QUESTION_MAX = 160;
const SUMMARY_MAX = 600;

const ZModelSummary = z.object({
  summary: z.string().trim().min(1).max(2000),
  sentiment: z.enum(SENTIMENTS),
  satisfaction: z.enum(SATISFACTIONS),
});

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
 * conversation's language. With a model, its short summary; if the model fails or answers out of shape, the plain
 * one, so that a closed conversation always gets one.
 */
export async function summarize(db: TenantDb, conversation: { id: number; locale: string }, messages: Line[]): Promise<Summary> {
  const lang: Lang = conversation.locale === "en" ? "en" : "es";
  const row = await db.conversation.findFirst({ where: { id: conversation.id }, select: { escalation: true } });
  const plain = plainSummary(lang, messages, Boolean(row?.escalation));
  if (!ai.configured()) return plain;
  const transcript = messages
    .filter((m) => m.text?.trim())
    .slice(-40)
    .map((m) => `${m.author === "contact" ? "Family" : m.author === "staff" ? "School staff" : "School assistant"}: ${m.text!.trim().slice(0, 1000)}`)
    .join("\n");
  try {
    const reply = await ai.chat({
      json: true,
      messages: [
        {
          role: "system",
          content: `Summarise this WhatsApp conversation between a school and a family for the school's staff, in ${lang === "es" ? "Spanish" : "English"}, in at most two sentences: what the family wanted and how it ended. Answer with JSON only: {"summary":"…","sentiment":"positive|neutral|negative","satisfaction":"satisfied|neutral|unsatisfied"} (the family's sentiment, and how satisfied it left).`,
        },
        { role: "user", content: transcript || plain.summary },
      ],
    });
    const parsed = ZModelSummary.safeParse(JSON.parse(reply.text ?? ""));
    if (parsed.success) return { ...parsed.data, summary: parsed.data.summary.slice(0, SUMMARY_MAX) };
    log().warn({ conversationId: conversation.id }, "assistant: the model's summary is out of shape; the plain one is kept");
  } catch (error) {
    if (!(error instanceof AiFailure) && !(error instanceof SyntaxError)) throw error;
    log().warn(
      { conversationId: conversation.id, reason: error instanceof AiFailure ? error.reason : "malformed" },
      "assistant: no summary from the model; the plain one is kept",
    );
  }
  return plain;
}
