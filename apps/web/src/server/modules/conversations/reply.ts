import { CONVERSATION_TYPE, fillTemplate, fullName, isRecipientTag, type TConversationReply, type TReplyTemplate, templateTags } from "@pizarra/contracts";
import { lockKey, type TenantTx } from "@pizarra/db";
import type { WhatsAppTemplate } from "../../channels/channel.ts";
import { schoolChannelReady } from "../../delivery/ledger.ts";
import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { childrenOf } from "./contact.ts";
import { DETAIL_SELECT, messagesAsShown, optedOut, windowEndsAt } from "./read.ts";
import { postSchoolMessage } from "./school-message.ts";
import { visibleConversation } from "./visibility.ts";

/** A conversation's state is changed under this lock (a reply, an action, the assistant's answer), one at a time. */
export const lockConversation = (tx: TenantTx, id: number) => lockKey(tx, "conversation-state", id);

/** The school's approved WhatsApp templates (admLocalization, type "w"): a reply outside the window uses one. */
async function approvedTemplates(ctx: AuthedContext): Promise<TReplyTemplate[]> {
  const rows = await ctx.db.localizationTemplate.findMany({ where: { type: "w" }, orderBy: { name: "asc" }, select: { id: true, name: true, content: true } });
  return rows.map((r) => ({ ID: r.id, name: r.name, content: r.content, tags: templateTags(r.content).filter((tag) => !isRecipientTag(tag)) }));
}

/** GET admConversations/{id}/templates: what a reply outside WhatsApp's 24-hour window may send, with the tags to fill. */
export async function listReplyTemplates(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<{ Results: TReplyTemplate[] }>> {
  await visibleConversation(ctx, ctx.params.id, { id: true });
  return { data: { Results: await approvedTemplates(ctx) } };
}

/**
 * A template reply: the approved template's text filled with the values staff typed for its tags and, for the tags
 * filled per recipient, the guardian's and the school's; every tag the sender fills must be given, and none other.
 */
async function templateReply(ctx: AuthedContext, conversation: { guardianId: number | null; locale: string }, reply: TConversationReply) {
  const template = await ctx.db.localizationTemplate.findFirst({ where: { id: reply.msg, type: "w" }, select: { id: true, templateId: true, content: true } });
  if (!template) throw fieldRefusal("msg", ctx.t("conversations.unknownTemplate"));
  const tags = templateTags(template.content);
  const typed = tags.filter((tag) => !isRecipientTag(tag));
  const unknown = Object.keys(reply.params).find((tag) => !typed.includes(tag));
  if (unknown !== undefined) throw fieldRefusal("params", ctx.t("conversations.unknownPlaceholder", { tag: unknown.slice(0, 40) }));
  const missing = typed.find((tag) => !reply.params[tag]);
  if (missing !== undefined) throw fieldRefusal("params", ctx.t("conversations.missingPlaceholder", { tag: missing }));
  const [guardian, school, children] = await Promise.all([
    conversation.guardianId === null
      ? null
      : ctx.db.user.findFirst({ where: { id: conversation.guardianId }, select: { name: true, last: true, last2: true } }),
    ctx.db.tenant.findFirstOrThrow({ select: { title: true } }),
    conversation.guardianId === null ? [] : childrenOf(ctx.db, conversation.guardianId),
  ]);
  const values: Record<string, string> = {
    ...reply.params,
    name: guardian?.name ?? "",
    fullName: fullName(guardian, ctx.user.givenNamesFirst) ?? "",
    student: children.length === 1 ? fullName(children[0]!, ctx.user.givenNamesFirst) : "",
    school: school.title,
  };
  const sent: WhatsAppTemplate = { name: template.templateId || template.id, language: conversation.locale, params: tags.map((tag) => values[tag] ?? "") };
  return { text: fillTemplate(template.content ?? template.id, values), template: sent };
}

/**
 * POST admConversations/{id}/messages (002 §5, §7): a staff reply, out through the WhatsApp channel. Free text only
 * inside WhatsApp's 24-hour customer-service window after the family's last message (Meta refuses it after: 131047),
 * templates any time; nothing to a family that withdrew from WhatsApp, nor into a closed conversation. A person who
 * replies has the conversation: the assistant stays out of it from then on.
 */
export async function replyToConversation(
  ctx: AuthedContext & { params: { id: number }; body: TConversationReply },
): Promise<Reply<Awaited<ReturnType<typeof messagesAsShown>>[number]>> {
  const conversation = await visibleConversation(ctx, ctx.params.id, DETAIL_SELECT);
  const reply = ctx.body;
  if (conversation.type === CONVERSATION_TYPE.closed) throw fieldRefusal("msg", ctx.t("conversations.closedReply"));
  if (await optedOut(ctx.db, conversation.guardianId)) throw fieldRefusal("msg", ctx.t("conversations.optedOutReply"));
  await schoolChannelReady(ctx.db, ctx, "whatsapp", "msg");
  const ends = windowEndsAt(conversation.lastInboundAt);
  if (reply.type === "text" && (ends === null || ends <= new Date())) throw fieldRefusal("msg", ctx.t("conversations.windowClosed"), { windowClosed: true });
  const content = reply.type === "template" ? await templateReply(ctx, conversation, reply) : { text: reply.msg, template: null };
  const row = await ctx.db.$transaction(async (tx) => {
    await lockConversation(tx, conversation.id);
    const now = await tx.conversation.findFirstOrThrow({ where: { id: conversation.id }, select: { type: true, assigneeId: true } });
    if (now.type === CONVERSATION_TYPE.closed) throw fieldRefusal("msg", ctx.t("conversations.closedReply"));
    const written = await postSchoolMessage(tx, conversation, { author: "staff", staffId: ctx.user.id, ...content });
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { type: CONVERSATION_TYPE.human, assigneeId: now.assigneeId ?? ctx.user.id },
    });
    return written;
  });
  const [shown] = await messagesAsShown(ctx.db, [row], ctx.user.givenNamesFirst);
  return { data: shown!, msgKey: "conversations.sent" };
}
