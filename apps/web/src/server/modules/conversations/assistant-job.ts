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
  // With its last messages: unless the family's message is still the last, it was answered already (by the worker
  // that took it at once, or an earlier run of this job) or the family wrote again (that message's job answers it).
  const conversation = await db.conversation.findFirst({
    where: { id: job.conversationId },
    select: {
      id: true,
      type: true,
      assigneeId: true,
      locale: true,
      guardianId: true,
      contact: true,
      contactName: true,
      messages: { orderBy: { id: "desc" }, take: HISTORY + 1, select: { id: true, author: true, text: true, kind: true } },
    },
  });
  if (!conversation || conversation.type !== CONVERSATION_TYPE.open || conversation.assigneeId !== null) return;
  const recent = conversation.messages;
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
    const now = await tx.conversation.findFirstOrThrow({
      where: { id: conversation.id },
      select: { type: true, assigneeId: true, _count: { select: { messages: { where: { id: { gt: message.id } } } } } },
    });
    // Staff took over or wrote, the family wrote again, or this message was answered meanwhile: this answer is dropped.
    if (now.type !== CONVERSATION_TYPE.open || now.assigneeId !== null || now._count.messages > 0) return;
    // Keyed by the family's message: one answer to it is sent once.
    const key = `answer:${message.id}`;
    if (decision.action === "answer") {
      await postSchoolMessage(tx, conversation, { author: "assistant", text: decision.text, sources: decision.sources, key });
      return;
    }
    if (decision.text) await postSchoolMessage(tx, conversation, { author: "assistant", text: decision.text, key });
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { type: CONVERSATION_TYPE.human, holdAiTill: null, escalation: decision.reason },
    });
    await tellStaff(tx, conversation, message.id, decision.reason);
  });
}
