/**
 * The school's assistant (ARCHITECTURE "Outside the building"): what the
 * conversations' jobs ask when a family writes (decide) and when a conversation closes (summarize). It reads and never
 * writes: the job posts its answer or hands over, after checking that no person took the conversation meanwhile.
 */
import type { TenantDb } from "@pizarra/db";
import { ai } from "../../../channels/ai.ts";
import { formatDateTime } from "../../../resource/values.ts";
import { translator } from "../../../i18n.ts";
import { type Decision, handover } from "./answer.ts";
import { decideWithoutModel } from "./deterministic.ts";
import { familyOf, familyTools } from "./family.ts";
import type { Lang } from "./knowledge.ts";
import { questionOf, readMessage } from "./lexicon.ts";
import { decideWithModel } from "./model.ts";
import { namesOtherChildren } from "./safety.ts";

export { type Summary, summarize } from "./summarize.ts";
export type { Decision };

export interface DecideInput {
  conversation: { id: number; locale: "es" | "en" | string; guardianId: number | null; contact: string };
  message: { id: number; text: string | null; kind: string };
  /** The last messages before this one (about ten), oldest first. */
  history: { author: "contact" | "assistant" | "staff"; text: string | null }[];
  now: Date;
}

/**
 * Answer the family's message, or hand it to a person. The guards come first in both modes, so that a family asking
 * for a person, upset, or writing about health, discipline or payment gets a person whatever a model would say. Then
 * the model (when configured) or the deterministic assistant, over tools bound to the family's children. Last, the
 * safety check: an answer naming a student who is not this family's child is never returned.
 */
export async function decide(db: TenantDb, input: DecideInput): Promise<Decision> {
  const lang: Lang = input.conversation.locale === "en" ? "en" : "es";
  const text = input.message.text?.trim() ?? "";
  // An image or a sticker without a caption: a person looks at it.
  if (!text) return handover("unanswered", lang);
  const reading = readMessage(text);
  if (reading.asksPerson) return handover("asked", lang);
  if (reading.negative) return handover("negative", lang);
  if (reading.sensitive) return handover("sensitive", lang);
  // Only a greeting or a thank-you ("¡Gracias!" after an answer): a courtesy, not a question for a person.
  if (!questionOf(text))
    return {
      action: "answer",
      text: translator(lang)(`assistant.courtesy.${reading.positive ? "thanks" : "greeting"}`),
      sources: [],
      sentiment: reading.positive ? "positive" : "neutral",
    };

  const family = await familyOf(db, input.conversation.guardianId, input.now);
  const tools = familyTools(db, family, lang, input.now);
  // The job passes the messages before this one; a caller that passed this one too gets it once.
  const last = input.history.at(-1);
  const history = last?.author === "contact" && last.text?.trim() === text ? input.history.slice(0, -1) : input.history;
  const decision = ai.configured()
    ? await decideWithModel({ text, history, lang, today: formatDateTime(input.now).slice(0, 10) }, family, tools)
    : await decideWithoutModel(db, { text, absentToday: reading.absentToday, lang, now: input.now }, family, tools);
  if (decision.action !== "answer") return decision;
  if (
    await namesOtherChildren(
      db,
      decision.text,
      family.children.map((c) => c.id),
    )
  )
    return handover("unsafeAnswer", lang);
  return { ...decision, sentiment: decision.sentiment ?? (reading.positive ? "positive" : "neutral") };
}
