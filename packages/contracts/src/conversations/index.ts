/**
 * The conversations inbox (002 §2 "Conversations inbox", §3 "Conversation", §4 "Conversations", §7, §8, §9): families
 * write to the school's WhatsApp number; the school's assistant or its staff answer. The spec's calls are
 * `admConversations/get`, `get/{id}`, `{id}/messages` (GET and POST) and `dashboard`; the actions beyond them
 * (close, reopen, take over, assign, link to a guardian, the reply's templates and its translation) are ours, under
 * the same module.
 */
import { z } from "zod";
import { ZMoment, ZPageQuery } from "../envelope.ts";
import { DELIVERY_STATES } from "../company/checklist.ts";
import { ZRecordId } from "../validation.ts";

/** 002 §4: human is shown as Escalated; the tabs in this order. */
export const CONVERSATION_TYPES = ["human", "open", "closed"] as const;
export type TConversationType = (typeof CONVERSATION_TYPES)[number];
export const CONVERSATION_TYPE = { human: "human", open: "open", closed: "closed" } as const satisfies Record<string, TConversationType>;

/** Who wrote a message: the contact (its spec id starts with U), the school's assistant or a staff member (A). */
export const MESSAGE_AUTHORS = ["contact", "assistant", "staff"] as const;
export type TMessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** Why the assistant handed a conversation to a person. */
export const ESCALATION_REASONS = [
  /** The family asked for a person. */
  "asked",
  /** Health, discipline or payment: a person answers those. */
  "sensitive",
  /** The family is upset. */
  "negative",
  /** Nothing the school published answers it. */
  "unanswered",
  /** The AI provider failed or was too slow. */
  "providerError",
  /** The answer named a child who is not this family's: it was not sent. */
  "unsafeAnswer",
] as const;
export type TEscalationReason = (typeof ESCALATION_REASONS)[number];

export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export const SATISFACTIONS = ["satisfied", "neutral", "unsatisfied"] as const;
export type TSentiment = (typeof SENTIMENTS)[number];
export type TSatisfaction = (typeof SATISFACTIONS)[number];

/** What an assistant's answer was drawn from (its sources are named under the answer). */
export const SOURCE_KINDS = ["faq", "publication", "calendar", "attendance", "justification", "grades"] as const;
export type TSourceKind = (typeof SOURCE_KINDS)[number];

/** WhatsApp's customer-service window: free-form text only this long after the family's last message. */
export const WHATSAPP_WINDOW_HOURS = 24;
/** WhatsApp's limit on a text message's body. */
export const REPLY_MAX = 4096;
/** How long the assistant keeps a conversation after it answered (holdAiTill), unless someone takes it over. */
export const AI_HOLD_MINUTES = 30;
/** 002 §9: the list and the open conversation poll every 10 s (paused while the tab is hidden); the conversation's
 * details every third tick. */
export const CONVERSATION_POLL_MS = 10_000;
export const DETAIL_EVERY_TICKS = 3;
/** 002 §4: the timer badge is red under 5 minutes, orange under 15, green otherwise. */
export const TIMER_RED_MINUTES = 5;
export const TIMER_ORANGE_MINUTES = 15;
/** Most lists show 40 rows a page (002 §9). */
export const CONVERSATION_PAGE_SIZE = 40;
export const SEARCH_MAX = 100;

/** The spec's message id: U (the contact) or A (the school), the row's id, and the time as YYYYMMDDHHmm in UTC. */
export function messagePublicId(author: TMessageAuthor, id: number, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(/[-T:]/g, "");
  return `${author === "contact" ? "U" : "A"}_${id}_${stamp}`;
}

/** The row id a spec message id carries (its second part), or null. */
export function messageRowId(publicId: string): number | null {
  const match = /^[UA]_(\d+)_\d{12}$/.exec(publicId);
  return match ? Number(match[1]) : null;
}

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** GET admConversations/get?search&type: a page of one tab, most recent first. */
export const ZConversationListQuery = ZPageQuery.extend({
  search: z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_MAX).optional()),
  type: z.preprocess(blankToUndefined, z.enum(CONVERSATION_TYPES).default("open")),
});
export type TConversationListQuery = z.output<typeof ZConversationListQuery>;

/** 002 §3 list item (ID, user, updatedAt, context, holdAiTill) and what the list shows beside. */
export const ZConversationItem = z.object({
  ID: z.number(),
  /** The guardian's name, else the name the contact gave WhatsApp, else the number. */
  user: z.string(),
  updatedAt: ZMoment,
  /** The last message, cut short. */
  context: z.string().nullable(),
  holdAiTill: ZMoment.nullable(),
  type: z.enum(CONVERSATION_TYPES),
  contact: z.string(),
  known: z.boolean(),
  assigneeName: z.string().nullable(),
  escalation: z.enum(ESCALATION_REASONS).nullable(),
});
export type TConversationItem = z.output<typeof ZConversationItem>;
export const ZConversationListAnswer = z.object({ Results: z.array(ZConversationItem), RowCount: z.number().int(), PageCount: z.number().int() });
export type TConversationListAnswer = z.output<typeof ZConversationListAnswer>;

export const ZConversationParams = z.object({ id: ZRecordId });

/** A guardian's child as the contact sidebar shows it. */
export const ZConversationChild = z.object({ ID: z.number(), name: z.string(), section: z.string().nullable() });

/** 002 §3 detail, and what the chat pane and the sidebar need beside. */
export const ZConversationDetail = z.object({
  ID: z.number(),
  chatUser: z.string(),
  chatUserName: z.string().nullable(),
  createdAt: ZMoment,
  updatedAt: ZMoment,
  sentimentName: z.string().nullable(),
  satisfactionName: z.string().nullable(),
  summary: z.string().nullable(),
  flowName: z.string().nullable(),
  pastConversations: z.array(z.object({ ID: z.number(), date: ZMoment })),
  type: z.enum(CONVERSATION_TYPES),
  holdAiTill: ZMoment.nullable(),
  escalation: z.enum(ESCALATION_REASONS).nullable(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  guardianId: z.number().nullable(),
  guardianName: z.string().nullable(),
  children: z.array(ZConversationChild),
  locale: z.enum(["es", "en"]),
  /** The family withdrew from WhatsApp (STOP / BAJA): nothing can be sent to it. */
  optedOut: z.boolean(),
  /** When WhatsApp's 24-hour window closes (null: the contact never wrote, or it closed). */
  windowEndsAt: ZMoment.nullable(),
  windowOpen: z.boolean(),
  /** The school's assistant answers with a model (true) or from its FAQs alone (false). */
  aiModel: z.boolean(),
});
export type TConversationDetail = z.output<typeof ZConversationDetail>;

export const ZConversationSource = z.object({ kind: z.enum(SOURCE_KINDS), id: z.number().nullable(), name: z.string() });
export type TConversationSource = z.output<typeof ZConversationSource>;

/** 002 §3 message (ID, text) and who wrote it, its file, its delivery and its sources. */
export const ZConversationMessage = z.object({
  ID: z.string(),
  text: z.string().nullable(),
  author: z.enum(MESSAGE_AUTHORS),
  staffName: z.string().nullable(),
  kind: z.string(),
  createdAt: ZMoment,
  /** A file the contact sent, through the signed-file link every download uses. */
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** Where a school message stands, from its delivery ledger row. */
  status: z.enum(DELIVERY_STATES).nullable(),
  /** The provider's refusal (e.g. WhatsApp 131047), shown on the message. */
  error: z.string().nullable(),
  sources: z.array(ZConversationSource),
});
export type TConversationMessage = z.output<typeof ZConversationMessage>;
export const ZConversationMessagesAnswer = z.object({ Results: z.array(ZConversationMessage) });
export type TConversationMessagesAnswer = z.output<typeof ZConversationMessagesAnswer>;

/** The kinds of reply staff send: free text (inside the window) or an approved template (any time). */
export const REPLY_TYPES = ["text", "template"] as const;

/**
 * POST admConversations/{id}/messages with type and msg (002 §7): free text, or an approved WhatsApp template
 * (admLocalization, type "w") by id in msg, with the values of its tags that the sender fills (`params`).
 */
export const ZConversationReply = z.object({
  type: z.enum(REPLY_TYPES).default("text"),
  msg: z.string().trim().min(1).max(REPLY_MAX),
  params: z.record(z.string().max(40), z.string().trim().max(1000)).default({}),
});
export type TConversationReply = z.output<typeof ZConversationReply>;
export const ZConversationReplyAnswer = ZConversationMessage;

/** An approved template a reply outside the window may use, with the tags the sender fills. */
export const ZReplyTemplate = z.object({ ID: z.string(), name: z.string(), content: z.string().nullable(), tags: z.array(z.string()) });
export const ZReplyTemplatesAnswer = z.object({ Results: z.array(ZReplyTemplate) });
export type TReplyTemplate = z.output<typeof ZReplyTemplate>;

/** POST admConversations/{id}/assign: to a staff member, or to nobody (userId null). */
export const ZConversationAssign = z.object({ userId: z.preprocess((v) => (v === "" ? null : v), ZRecordId.nullable()) });
/** POST admConversations/{id}/link: the guardian (a relative of the school) an unknown number belongs to. */
export const ZConversationLink = z.object({ guardianId: ZRecordId });
/** POST admConversations/{id}/translate: a staff reply put into the family's language before it is sent. */
export const ZConversationTranslate = z.object({ msg: z.string().trim().min(1).max(REPLY_MAX) });
export const ZConversationTranslateAnswer = z.object({ text: z.string(), locale: z.enum(["es", "en"]) });

/** The conversation as an action leaves it: the detail, for the screen to show at once. */
export const ZConversationActionAnswer = ZConversationDetail;

/** GET admConversations/dashboard?from&to (002 §3 "Stats data": the conversations' part). */
export const ZConversationDashboardQuery = z.object({
  from: z.preprocess(blankToUndefined, z.iso.date().optional()),
  to: z.preprocess(blankToUndefined, z.iso.date().optional()),
});
const ZKeyValue = z.object({ Key: z.string(), Value: z.number() });
export const ZConversationDashboard = z.object({
  totalConversations: z.number(),
  totalMessages: z.number(),
  /** Conversations a day (by the day they started). */
  chartConversations: z.array(ZKeyValue),
  /** Messages from families a day. */
  chartMessages: z.array(ZKeyValue),
  /** A day's conversations the assistant handled on its own, of all of that day's. */
  chartUnanswered: z.array(z.object({ Key: z.string(), handled: z.number(), total: z.number() })),
  /** By type now: human, open, closed. */
  pieTypes: z.array(ZKeyValue),
});
export type TConversationDashboard = z.output<typeof ZConversationDashboard>;

/** The label of a reply's field in refusals. */
export const conversationLabelKey = (field: string) => `conversations.fields.${field}`;
