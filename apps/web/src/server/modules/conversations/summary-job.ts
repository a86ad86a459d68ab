import { type Db, forTenant, type TenantTx } from "@pizarra/db";
import { z } from "zod";
import { enqueue, jobKind, ZJobId } from "../../delivery/queue.ts";
import { CONVERSATION_TYPE, type TMessageAuthor } from "@pizarra/contracts";
import { summarize } from "./assistant/index.ts";

/** A conversation closed: its summary, sentiment and satisfaction are written by the worker (a model may take seconds). */
export const CONVERSATION_SUMMARY = jobKind("conversation-summary", z.object({ tenantId: ZJobId, conversationId: ZJobId }));

/** Queues the summary on the transaction that closes the conversation. */
export async function queueSummary(tx: TenantTx, tenantId: number, conversationId: number, closedAt: Date): Promise<void> {
  await enqueue(tx, CONVERSATION_SUMMARY, [{ data: { tenantId, conversationId }, key: `summary:${tenantId}:${conversationId}:${closedAt.getTime()}` }]);
}

/** The messages a summary reads: the conversation's first ones, as far as a summary needs. */
const READ_AT_MOST = 200;

/** Writes a closed conversation's summary; one reopened meanwhile is left as it is (its next closing summarises it). */
export async function writeSummary(system: Db, job: { tenantId: number; conversationId: number }): Promise<void> {
  const db = forTenant(system, job.tenantId);
  const conversation = await db.conversation.findFirst({
    where: { id: job.conversationId, type: CONVERSATION_TYPE.closed },
    select: { id: true, locale: true },
  });
  if (!conversation) return;
  const messages = await db.conversationMessage.findMany({
    where: { conversationId: conversation.id },
    orderBy: { id: "asc" },
    take: READ_AT_MOST,
    select: { author: true, text: true },
  });
  const summary = await summarize(
    db,
    conversation,
    messages.map((m) => ({ author: m.author as TMessageAuthor, text: m.text })),
  );
  await db.conversation.updateMany({ where: { id: conversation.id, type: CONVERSATION_TYPE.closed }, data: summary });
}
