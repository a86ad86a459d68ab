import { CONVERSATION_TYPE, type TMessageAuthor } from "@pizarra/contracts";
import { type Db, forTenant, type TenantDb } from "@pizarra/db";
import { log } from "../../log.ts";
import type { Decision, DecideInput } from "./assistant/index.ts";
import { lockConversation } from "./reply.ts";
import { postSchoolMessage } from "./school-message.ts";
import { tellStaff } from "./tell-staff.ts";

/** The assistant's choice for a family's message; it reads, it never writes or sends (assistant/index.ts decide). */
export type Decide = (db: TenantDb, input: DecideInput) => Promise<Decision>;

const HISTORY = 10;

/**
 * Considers a family's message: the assistant decides (a model's answer may take seconds) with no lock held, then,
 * under the conversation's lock, the job checks again that the assistant still has it (open, nobody assigned, no staff
 * message since the family's, this still the family's last message) and only then posts the answer, or hands the
 * conversation to a person. A person who took over meanwhile is never talked over: the prepared answer is dropped.
 */
export async function considerMessage(system: Db, decide: Decide, job: { tenantId: number; conversationId: number; messageId: number }): Promise<void> {
  const db = forTenant(system, job.tenantId);
  const conversation = await db.conversation.findFirst({
    where: { id: job.conversationId },
    select: { id: true, type: true, assigneeId: true, locale: true, guardianId: true, contact: true, contactName: true },
  });
  if (!conversation || conversation.type !== CONVERSATION_TYPE.open || conversation.assigneeId !== null) return;
  const recent = await db.conversationMessage.findMany({
    where: { conversationId: conversation.id, id: { lte: job.messageId } },
    orderBy: { id: "desc" },
    take: HISTORY + 1,
    select: { id: true, author: true, text: true, kind: true },
  });
  const message = recent[0];
  if (!message || message.id !== job.messageId) return;
  const input: DecideInput = {
    conversation: {
      id: conversation.id,
      locale: conversation.locale === "en" ? "en" : "es",
      guardianId: conversation.guardianId,
      contact: conversation.contact,
    },
    message: { id: message.id, text: message.text, kind: message.kind },
    history: recent
      .slice(1)
      .reverse()
      .map((m) => ({ author: m.author as TMessageAuthor, text: m.text })),
    now: new Date(),
  };
  let decision: Decision;
  try {
    decision = await decide(db, input);
  } catch (error) {
    log().warn({ conversationId: conversation.id, error: (error as Error).message }, "the assistant failed: the conversation goes to a person");
    decision = { action: "handover", reason: "providerError" };
  }
  await db.$transaction(async (tx) => {
    await lockConversation(tx, conversation.id);
    const now = await tx.conversation.findFirstOrThrow({ where: { id: conversation.id }, select: { type: true, assigneeId: true } });
    const later = await tx.conversationMessage.count({ where: { conversationId: conversation.id, id: { gt: message.id } } });
    // Staff took over or wrote, the family wrote again (that message's own job answers it), or this message was answered
    // already (by the worker that took it at once, or an earlier run of this job): this answer is dropped.
    if (now.type !== CONVERSATION_TYPE.open || now.assigneeId !== null || later > 0) return;
    if (decision.action === "answer") {
      await postSchoolMessage(tx, conversation, { author: "assistant", text: decision.text, sources: decision.sources });
      return;
    }
    if (decision.text) await postSchoolMessage(tx, conversation, { author: "assistant", text: decision.text });
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { type: CONVERSATION_TYPE.human, holdAiTill: null, escalation: decision.reason },
    });
    await tellStaff(tx, conversation, message.id, decision.reason);
  });
}
