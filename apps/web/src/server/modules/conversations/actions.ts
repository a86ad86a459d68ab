import { CONVERSATION_TYPE, STAFF_PERSON_TYPES } from "@pizarra/contracts";
import { Prisma, type TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { personLocale } from "../../delivery/locale.ts";
import { isGuardian, searchTextOf } from "./contact.ts";
import { conversationDetail, type TConversationDetail } from "./read.ts";
import { lockConversation } from "./reply.ts";
import { queueSummary } from "./summary-job.ts";
import { visibleConversation } from "./visibility.ts";

const MODULE = "admConversations";
type Ctx = AuthedContext & { params: { id: number } };

/** Runs a change of a conversation the caller may see, under its lock, audited; answers the conversation as it is then. */
async function change(ctx: Ctx, apply: (tx: TenantTx, current: { type: string; contact: string }) => Promise<void>): Promise<Reply<TConversationDetail>> {
  const { id } = ctx.params;
  await visibleConversation(ctx, id, { id: true });
  await ctx.db.$transaction(async (tx) => {
    await lockConversation(tx, id);
    const current = await tx.conversation.findFirstOrThrow({ where: { id }, select: { type: true, contact: true } });
    await apply(tx, current);
    await audit(tx, ctx, MODULE, "edit", id);
  });
  return { data: await conversationDetail(ctx, id), msgKey: "conversations.saved" };
}

/** POST admConversations/{id}/takeover (002 §4 "Takeover conversation"): a person has it; the assistant stops, even mid-answer. */
export const takeOver = (ctx: Ctx) =>
  change(ctx, async (tx, current) => {
    if (current.type === CONVERSATION_TYPE.closed) throw new AppError(-409, "conversations.closedReply", 409);
    await tx.conversation.update({ where: { id: ctx.params.id }, data: { type: CONVERSATION_TYPE.human, assigneeId: ctx.user.id, holdAiTill: null } });
  });

/** POST admConversations/{id}/close: done; its summary, sentiment and satisfaction are written by the worker. */
export const closeConversation = (ctx: Ctx) =>
  change(ctx, async (tx, current) => {
    if (current.type === CONVERSATION_TYPE.closed) return;
    const closedAt = new Date();
    await tx.conversation.update({ where: { id: ctx.params.id }, data: { type: CONVERSATION_TYPE.closed, holdAiTill: null, closedAt } });
    await queueSummary(tx, ctx.user.tenantId, ctx.params.id, closedAt);
  });

/**
 * POST admConversations/{id}/reopen: back to a person (the caller), unless the contact wrote again since and so has
 * another conversation open (one open per contact: the database's partial unique index says so, not a count).
 */
export async function reopenConversation(ctx: Ctx): Promise<Reply<TConversationDetail>> {
  try {
    return await change(ctx, async (tx, current) => {
      if (current.type !== CONVERSATION_TYPE.closed) return;
      await tx.conversation.update({
        where: { id: ctx.params.id },
        data: { type: CONVERSATION_TYPE.human, assigneeId: ctx.user.id, holdAiTill: null, closedAt: null },
      });
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError(-409, "conversations.otherOpen", 409);
    throw error;
  }
}

/** POST admConversations/{id}/assign: to a member of the staff (a person has it), or back to nobody. */
export const assignConversation = (ctx: Ctx & { body: { userId: number | null } }) =>
  change(ctx, async (tx, current) => {
    const { userId } = ctx.body;
    if (userId !== null) {
      const staff = await tx.user.count({ where: { id: userId, inactive: false, type: { in: [...STAFF_PERSON_TYPES] } } });
      if (!staff) throw fieldRefusal("userId", ctx.t("conversations.notStaff"));
    }
    const open = current.type !== CONVERSATION_TYPE.closed;
    await tx.conversation.update({
      where: { id: ctx.params.id },
      data: { assigneeId: userId, ...(open && userId !== null ? { type: CONVERSATION_TYPE.human, holdAiTill: null } : {}) },
    });
  });

/** POST admConversations/{id}/link: the guardian an unknown number belongs to (an active relative of the school). */
export const linkConversation = (ctx: Ctx & { body: { guardianId: number } }) =>
  change(ctx, async (tx, current) => {
    const person = await tx.user.findFirst({
      where: { id: ctx.body.guardianId, inactive: false },
      select: { id: true, type: true, locale: true, language: true },
    });
    if (!isGuardian(person)) throw fieldRefusal("guardianId", ctx.t("conversations.notGuardian"));
    const school = await tx.tenant.findFirstOrThrow({ select: { defaultLocale: true } });
    const conversation = await tx.conversation.findFirstOrThrow({ where: { id: ctx.params.id }, select: { contactName: true } });
    await tx.conversation.update({
      where: { id: ctx.params.id },
      data: {
        guardianId: person!.id,
        locale: personLocale(person!, school.defaultLocale),
        searchText: await searchTextOf(tx, { contact: current.contact, contactName: conversation.contactName, guardianId: person!.id }),
      },
    });
  });
