import {
  fullName,
  messagePublicId,
  type TConversationListQuery,
  type TConversationSource,
  type TMessageAuthor,
  WHATSAPP_WINDOW_HOURS,
  type ZConversationDetail,
  type ZConversationListAnswer,
  type ZConversationMessage,
} from "@pizarra/contracts";
import type { z } from "zod";
import type { TenantDb, TenantTx } from "@pizarra/db";
import { openChannels } from "../../delivery/guardians.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { foldText, likeLiteral, searchWords } from "../../resource/search-text.ts";
import { fileUrl } from "../../storage/storage.ts";
import { ai } from "../../channels/ai.ts";
import { childrenOf } from "./contact.ts";
import { visibleConversation, visibleWhere } from "./visibility.ts";

type Db = TenantDb | TenantTx;
/** The answers as handlers write them (times as Date; the answer schema writes them out). */
export type TConversationDetail = z.input<typeof ZConversationDetail>;
type TConversationMessage = z.input<typeof ZConversationMessage>;
type TConversationListAnswer = z.input<typeof ZConversationListAnswer>;
const PERSON = { id: true, name: true, last: true, last2: true } as const;
const WINDOW_MS = WHATSAPP_WINDOW_HOURS * 3_600_000;
/** A conversation is short; a very long one shows its latest messages. */
const MESSAGES_SHOWN = 500;
const PAST_SHOWN = 20;
/** The list's RowCount stops there (the screen shows "load more" while a page is full). */
const COUNTED_AT_MOST = 1000;

/** People's names by id, as the caller's lists write them. */
async function namesOf(db: Db, ids: (number | null)[], givenNamesFirst: boolean): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const people = await db.user.findMany({ where: { id: { in: wanted } }, select: PERSON });
  return new Map(people.map((p) => [p.id, fullName(p, givenNamesFirst)]));
}

/** A typed word as the search text holds it: a number's digits alone ("+51 987" is 51 and 987), other words folded. */
const searchTerm = (word: string) => (/^[+\d()-]+$/.test(word) ? word.replace(/\D/g, "") : foldText(word));

/** GET admConversations/get?search&type: a page of one tab, the latest first (002 §4, §7). */
export async function listConversations(ctx: AuthedContext & { query: TConversationListQuery }): Promise<Reply<TConversationListAnswer>> {
  const { search, type, page, PageSize } = ctx.query;
  const terms = search ? searchWords(search).map(searchTerm).filter(Boolean) : [];
  const where = {
    type,
    ...(await visibleWhere(ctx)),
    ...(terms.length ? { AND: terms.map((term) => ({ searchText: { contains: likeLiteral(term) } })) } : {}),
  };
  const [rows, count] = await Promise.all([
    ctx.db.conversation.findMany({
      where,
      orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * PageSize,
      take: PageSize,
      select: {
        id: true,
        contact: true,
        contactName: true,
        guardianId: true,
        assigneeId: true,
        type: true,
        holdAiTill: true,
        lastMessageAt: true,
        preview: true,
        escalation: true,
      },
    }),
    // Counted up to COUNTED_AT_MOST: a year's closed tab, or a common surname searched, holds thousands, and the list
    // loads more as it is scrolled; counting them all cost more than the page itself.
    ctx.db.conversation.findMany({ where, select: { id: true }, take: COUNTED_AT_MOST }).then((ids) => ids.length),
  ]);
  const names = await namesOf(ctx.db, [...rows.map((r) => r.guardianId), ...rows.map((r) => r.assigneeId)], ctx.user.givenNamesFirst);
  return {
    data: {
      Results: rows.map((r) => ({
        ID: r.id,
        user: (r.guardianId !== null ? names.get(r.guardianId) : null) ?? r.contactName ?? r.contact,
        updatedAt: r.lastMessageAt,
        context: r.preview,
        holdAiTill: r.holdAiTill,
        type: r.type as TConversationDetail["type"],
        contact: r.contact,
        known: r.guardianId !== null,
        assigneeName: r.assigneeId !== null ? (names.get(r.assigneeId) ?? null) : null,
        escalation: r.escalation as TConversationDetail["escalation"],
      })),
      RowCount: count,
      PageCount: Math.ceil(count / PageSize),
    },
  };
}

export const DETAIL_SELECT = {
  id: true,
  contact: true,
  contactName: true,
  guardianId: true,
  assigneeId: true,
  type: true,
  holdAiTill: true,
  escalation: true,
  summary: true,
  sentiment: true,
  satisfaction: true,
  flowId: true,
  locale: true,
  lastInboundAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** When WhatsApp's customer-service window closes: 24 hours after the family's last message. */
export const windowEndsAt = (lastInboundAt: Date | null): Date | null => (lastInboundAt ? new Date(lastInboundAt.getTime() + WINDOW_MS) : null);

/** Whether the family withdrew from WhatsApp (STOP / BAJA, or on their record): nothing can be sent to them. */
export async function optedOut(db: Db, guardianId: number | null): Promise<boolean> {
  return guardianId !== null && !(await openChannels(db, [guardianId])).has(`${guardianId}:whatsapp`);
}

/** The conversation as the chat pane and the contact sidebar show it (002 §3 "Conversation" detail). */
export async function conversationDetail(ctx: AuthedContext, id: number): Promise<TConversationDetail> {
  const c = await visibleConversation(ctx, id, DETAIL_SELECT);
  const given = ctx.user.givenNamesFirst;
  const [names, children, past, flow, withdrawn] = await Promise.all([
    namesOf(ctx.db, [c.guardianId, c.assigneeId], given),
    c.guardianId === null ? [] : childrenOf(ctx.db, c.guardianId),
    ctx.db.conversation.findMany({
      where: { contact: c.contact, id: { not: c.id } },
      orderBy: { createdAt: "desc" },
      take: PAST_SHOWN,
      select: { id: true, createdAt: true },
    }),
    c.flowId === null ? null : ctx.db.flow.findFirst({ where: { id: c.flowId }, select: { name: true } }),
    optedOut(ctx.db, c.guardianId),
  ]);
  const today = new Date();
  const sections = children.length
    ? await ctx.db.sectionMember.findMany({
        where: { userId: { in: children.map((ch) => ch.id) }, section: { superSection: { period: { from: { lte: today }, to: { gte: today } } } } },
        select: { userId: true, section: { select: { name: true, superSection: { select: { name: true } } } } },
      })
    : [];
  const sectionOf = new Map(sections.map((s) => [s.userId, `${s.section.superSection.name} ${s.section.name}`]));
  const ends = windowEndsAt(c.lastInboundAt);
  return {
    ID: c.id,
    chatUser: c.contact,
    chatUserName: c.contactName,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    sentimentName: c.sentiment ? ctx.t(`conversations.sentiments.${c.sentiment}`) : null,
    satisfactionName: c.satisfaction ? ctx.t(`conversations.satisfactions.${c.satisfaction}`) : null,
    summary: c.summary,
    flowName: flow?.name ?? null,
    pastConversations: past.map((p) => ({ ID: p.id, date: p.createdAt })),
    type: c.type as TConversationDetail["type"],
    holdAiTill: c.holdAiTill,
    escalation: c.escalation as TConversationDetail["escalation"],
    assigneeId: c.assigneeId,
    assigneeName: c.assigneeId !== null ? (names.get(c.assigneeId) ?? null) : null,
    guardianId: c.guardianId,
    guardianName: c.guardianId !== null ? (names.get(c.guardianId) ?? null) : null,
    children: children.map((ch) => ({ ID: ch.id, name: fullName(ch, given), section: sectionOf.get(ch.id) ?? null })),
    locale: c.locale === "en" ? "en" : "es",
    optedOut: withdrawn,
    windowEndsAt: ends,
    windowOpen: ends !== null && ends > today,
    aiModel: ai.configured(),
  };
}

export async function getConversation(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TConversationDetail>> {
  return { data: await conversationDetail(ctx, ctx.params.id) };
}

type MessageRow = {
  id: number;
  author: string;
  staffId: number | null;
  kind: string;
  text: string | null;
  mediaKey: string | null;
  mediaType: string | null;
  outboundId: number | null;
  sources: unknown;
  createdAt: Date;
};

/** Messages as the chat pane shows them: their spec ids, authors, files, and each answer's state from its ledger row. */
export async function messagesAsShown(db: Db, rows: MessageRow[], givenNamesFirst: boolean): Promise<TConversationMessage[]> {
  const outbound = rows.map((r) => r.outboundId).filter((id): id is number => id !== null);
  const [staff, ledger] = await Promise.all([
    namesOf(
      db,
      rows.map((r) => r.staffId),
      givenNamesFirst,
    ),
    outbound.length ? db.message.findMany({ where: { id: { in: outbound } }, select: { id: true, status: true, error: true } }) : [],
  ]);
  const states = new Map(ledger.map((m) => [m.id, m]));
  return rows.map((r) => {
    const state = r.outboundId !== null ? states.get(r.outboundId) : undefined;
    return {
      ID: messagePublicId(r.author as TMessageAuthor, r.id, r.createdAt),
      text: r.text,
      author: r.author as TMessageAuthor,
      staffName: r.staffId !== null ? (staff.get(r.staffId) ?? null) : null,
      kind: r.kind,
      createdAt: r.createdAt,
      mediaUrl: fileUrl(r.mediaKey),
      mediaType: r.mediaType,
      status: (state?.status as TConversationMessage["status"]) ?? null,
      error: state?.status === "failed" ? (state.error ?? null) : null,
      sources: Array.isArray(r.sources) ? (r.sources as TConversationSource[]) : [],
    };
  });
}

/** GET admConversations/{id}/messages: the conversation's messages, oldest first (002 §4). */
export async function listMessages(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<{ Results: TConversationMessage[] }>> {
  await visibleConversation(ctx, ctx.params.id, { id: true });
  const rows = await ctx.db.conversationMessage.findMany({
    where: { conversationId: ctx.params.id },
    orderBy: { id: "desc" },
    take: MESSAGES_SHOWN,
  });
  return { data: { Results: await messagesAsShown(ctx.db, rows.reverse(), ctx.user.givenNamesFirst) } };
}
