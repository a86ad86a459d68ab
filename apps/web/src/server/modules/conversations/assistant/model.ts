import { REPLY_MAX, SENTIMENTS, SOURCE_KINDS, type TConversationSource } from "@pizarra/contracts";
import { z } from "zod";
import { ai, AiFailure, type AiMessage, type AiTool } from "../../../channels/ai.ts";
import { log } from "../../../log.ts";
import { type Decision, handover, uniqueSources, withSources } from "./answer.ts";
import { type Child, type Family, type FamilyTools, pickChildren, type ToolResult } from "./family.ts";
import type { Lang } from "./knowledge.ts";

/** Tool calls and answers the model may go through before it must answer: past them it is stuck, and a person answers. */
const MAX_ROUNDS = 4;

const CHILD_PARAM = {
  child: {
    type: ["integer", "string"],
    description: "One of the family's children, by its number in the list or its given name; leave it out for all of them.",
  },
};

/** The family's tools as the model sees them (OpenAI function tools): no id of anything, only the family's own children. */
const TOOLS: AiTool[] = [
  {
    type: "function",
    function: {
      name: "attendance",
      description: "The child's attendance today (each register and how the child was marked) and this month's counts.",
      parameters: { type: "object", properties: CHILD_PARAM, additionalProperties: false },
    },
  },
  {
    type: "function",
    function: {
      name: "justification_link",
      description: "The link where the family justifies the child's absence or late arrival of today.",
      parameters: { type: "object", properties: CHILD_PARAM, additionalProperties: false },
    },
  },
  {
    type: "function",
    function: {
      name: "grades",
      description: "The child's grades the school shows families online (final grades of each subject, by period).",
      parameters: { type: "object", properties: CHILD_PARAM, additionalProperties: false },
    },
  },
  {
    type: "function",
    function: {
      name: "calendar",
      description: "The school's calendar of the coming month for this family: activities, events and days without classes.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
    },
  },
  {
    type: "function",
    function: {
      name: "search_faqs",
      description: "Searches the school's published FAQs (opening hours, uniforms, enrolment, procedures, …).",
      parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"], additionalProperties: false },
    },
  },
  {
    type: "function",
    function: {
      name: "search_publications",
      description: "Searches the school's news and notices published for this family.",
      parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"], additionalProperties: false },
    },
  },
];

const CHILD_TOOLS = {
  attendance: "attendance",
  justification_link: "justificationLinks",
  grades: "grades",
} as const satisfies Record<string, keyof FamilyTools>;

/** What the model answers at the end, checked rather than trusted: anything else is a provider error. */
const ZModelAnswer = z.object({
  action: z.enum(["answer", "handover"]),
  text: z.string().trim().max(REPLY_MAX).optional(),
  sources: z.array(z.object({ kind: z.enum(SOURCE_KINDS), id: z.number().int().nullish(), name: z.string().max(300) })).optional(),
  sentiment: z.enum(SENTIMENTS).optional(),
});

function systemPrompt(family: Family, lang: Lang, today: string): string {
  const children = family.children.length
    ? `The family's children (name them only by these numbers or names):\n${family.children.map((c: Child) => `${c.index}. ${c.name}`).join("\n")}`
    : "This number is not linked to any family of the school: use only what the school published for everyone, and no one's personal data.";
  return [
    "You are the school's assistant answering a family on WhatsApp.",
    `Today is ${today}.`,
    children,
    "Answer only from the results of your tools (the school's FAQs, publications and calendar, and this family's own data). Never guess, never name any other student.",
    `Write in ${lang === "es" ? "Spanish" : "English"}, briefly, as plain text.`,
    'Finish with a JSON object only: {"action":"answer","text":"…","sources":[{"kind":"faq","id":1,"name":"…"}],"sentiment":"positive|neutral|negative"}, naming in sources the tool results you used (their kind, id and name as given), and the family\'s sentiment.',
    'When the tools do not answer the question, or you are unsure, answer {"action":"handover"}: a person of the school will answer.',
  ].join("\n");
}

/** One tool call of the model, run against the family's tools; a bad call is answered as an error, never run. */
async function runTool(tools: FamilyTools, family: Family, name: string, rawArgs: string): Promise<ToolResult | { error: string }> {
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawArgs || "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { error: "arguments must be a JSON object" };
    args = parsed as Record<string, unknown>;
  } catch {
    return { error: "arguments are not JSON" };
  }
  if (name in CHILD_TOOLS) {
    const children = pickChildren(family, args.child);
    if (!children) return { error: "no such child in this family" };
    if (children.length === 0) return { error: "this contact has no children at the school" };
    return tools[CHILD_TOOLS[name as keyof typeof CHILD_TOOLS]](children);
  }
  if (name === "calendar") return tools.calendar();
  if ((name === "search_faqs" || name === "search_publications") && typeof args.query === "string" && args.query.trim()) {
    const query = args.query.trim().slice(0, 300);
    return name === "search_faqs" ? tools.faqs(query) : tools.publications(query);
  }
  return { error: `unknown tool or missing query: ${name}` };
}

/** The model's sources that a tool really returned (by kind and id, else name); none named: all it was given. */
function checkedSources(named: z.infer<typeof ZModelAnswer>["sources"], seen: TConversationSource[]): TConversationSource[] {
  const same = (a: { kind: string; id?: number | null; name: string }, b: TConversationSource) =>
    a.kind === b.kind && (a.id != null && b.id !== null ? a.id === b.id : a.name === b.name);
  const kept = seen.filter((s) => (named ?? []).some((n) => same(n, s)));
  return uniqueSources(kept.length ? kept : seen);
}

/**
 * The assistant with a model, once the guards have let the message through: a few rounds of chat with the family's
 * tools, then the model's answer as JSON. Any failure of the provider (an error, a timeout, a malformed answer, too
 * many rounds) hands over as providerError; an answer drawn from no tool result, or the model's own doubt, as
 * unanswered; a family the model reads as upset, as negative.
 */
export async function decideWithModel(
  input: { text: string; history: { author: string; text: string | null }[]; lang: Lang; today: string },
  family: Family,
  tools: FamilyTools,
): Promise<Decision> {
  const { lang } = input;
  const messages: AiMessage[] = [
    { role: "system", content: systemPrompt(family, lang, input.today) },
    ...input.history.flatMap((h): AiMessage[] =>
      h.text ? [h.author === "contact" ? { role: "user", content: h.text } : { role: "assistant", content: h.text }] : [],
    ),
    { role: "user", content: input.text },
  ];
  const seen: TConversationSource[] = [];
  /** What the tools returned, as the model read it: every link of the answer must come from there. */
  let read = "";
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const reply = await ai.chat({ messages, tools: TOOLS, json: true });
      if (reply.toolCalls.length === 0) return finalAnswer(reply.text, seen, read, lang);
      messages.push({
        role: "assistant",
        content: reply.text,
        tool_calls: reply.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })),
      });
      for (const call of reply.toolCalls) {
        const result = await runTool(tools, family, call.name, call.arguments);
        if ("sources" in result) seen.push(...result.sources);
        const content = JSON.stringify("error" in result ? result : { results: result.data, sources: result.sources });
        read += content;
        messages.push({ role: "tool", tool_call_id: call.id, content });
      }
    }
    log().warn({ rounds: MAX_ROUNDS }, "assistant: the model kept calling tools");
    return handover("providerError", lang);
  } catch (error) {
    if (!(error instanceof AiFailure)) throw error;
    log().warn({ reason: error.reason }, "assistant: the AI provider failed");
    return handover("providerError", lang);
  }
}

/** Links in a text (what a family would tap). */
const LINKS = /https?:\/\/[^\s"'<>)]+/g;

function finalAnswer(text: string | null, seen: TConversationSource[], read: string, lang: Lang): Decision {
  let parsed: z.infer<typeof ZModelAnswer>;
  try {
    const json = ZModelAnswer.safeParse(JSON.parse(text ?? ""));
    if (!json.success) return handover("providerError", lang);
    parsed = json.data;
  } catch {
    return handover("providerError", lang);
  }
  if (parsed.action === "handover") return handover("unanswered", lang);
  if (parsed.sentiment === "negative") return handover("negative", lang);
  if (!parsed.text) return handover("providerError", lang);
  // A link the tools never gave (a made-up justification page, a stranger's site) is not sent to a family.
  if ((parsed.text.match(LINKS) ?? []).some((link) => !read.includes(link.replace(/[.,;:!?]+$/, "")))) return handover("unsafeAnswer", lang);
  const sources = checkedSources(parsed.sources, seen);
  if (sources.length === 0) return handover("unanswered", lang);
  return { action: "answer", text: withSources(parsed.text, sources, lang), sources, ...(parsed.sentiment ? { sentiment: parsed.sentiment } : {}) };
}
