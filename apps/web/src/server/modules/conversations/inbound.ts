import { CONVERSATION_TYPE } from "@pizarra/contracts";
import { type Db, forTenant, lockKey, type TenantTx } from "@pizarra/db";
import { z } from "zod";
import { enqueue, jobKind, type QueuedJob } from "../../delivery/queue.ts";
import { personLocale } from "../../delivery/locale.ts";
import { contactNumber, isGuardian, personOfNumber, searchTextOf } from "./contact.ts";
import { fetchMedia } from "./media.ts";
import { previewOf } from "./school-message.ts";
import { log } from "../../log.ts";

const ZId = z.number().int().positive();

/** A family's message the webhook stored: the worker files it into its conversation. */
export const CONVERSATION_INBOUND = jobKind("conversation-inbound", z.object({ tenantId: ZId, inboundId: ZId }));
/** A family's message the assistant is to consider (answer, or hand to a person). */
export const CONVERSATION_ASSISTANT = jobKind("conversation-assistant", z.object({ tenantId: ZId, conversationId: ZId, messageId: ZId }));

/** WhatsApp's kinds whose file the inbox keeps (fetchMedia keeps images and PDFs, by content). */
const MEDIA_KINDS = ["image", "document", "sticker"] as const;

/** Queues the filing of stored messages, on the webhook's transaction: a message is stored and queued, or neither. */
export async function queueInbound(tx: TenantTx, tenantId: number, inboundIds: number[]): Promise<void> {
  await enqueue(
    tx,
    CONVERSATION_INBOUND,
    inboundIds.map((inboundId) => ({ data: { tenantId, inboundId }, key: `inbound:${tenantId}:${inboundId}` })),
  );
}

/** The open conversation of a contact, made when it has none; under the contact's lock, so two messages make one. */
async function conversationOf(tx: TenantTx, from: string, contactName: string | null) {
  const contact = contactNumber(from);
  await lockKey(tx, "conversation", contact);
  const open = await tx.conversation.findFirst({ where: { channel: "whatsapp", contact, type: { not: CONVERSATION_TYPE.closed } } });
  if (open) return open;
  const person = await personOfNumber(tx, from);
  const guardianId = isGuardian(person) ? person!.id : null;
  const [guardian, school] = await Promise.all([
    guardianId === null ? null : tx.user.findFirst({ where: { id: guardianId }, select: { locale: true, language: true } }),
    tx.tenant.findFirstOrThrow({ select: { defaultLocale: true } }),
  ]);
  const fields = { contact, contactName, guardianId };
  return tx.conversation.create({
    data: {
      channel: "whatsapp",
      ...fields,
      locale: guardian ? personLocale(guardian, school.defaultLocale) : school.defaultLocale,
      searchText: await searchTextOf(tx, fields),
    },
  });
}

/**
 * Files a family's message into its conversation (a new one when the contact has none open), once however often the
 * job runs: its file fetched first (outside the transaction: a network call), then the message, the conversation's
 * last message and WhatsApp's window in one transaction, with the assistant's job queued on it when the assistant
 * has the conversation (open, nobody assigned).
 */
export async function fileInbound(system: Db, job: QueuedJob<{ tenantId: number; inboundId: number }>["data"]): Promise<AssistantJob | null> {
  const db = forTenant(system, job.tenantId);
  const inbound = await db.inboundMessage.findFirst({ where: { id: job.inboundId } });
  if (!inbound || (await db.conversationMessage.count({ where: { inboundId: inbound.id } }))) return null;
  const payload = inbound.payload as Record<string, { id?: unknown } | undefined>;
  const mediaId = MEDIA_KINDS.includes(inbound.kind as never) ? payload[inbound.kind]?.id : undefined;
  const media = typeof mediaId === "string" ? await fetchMedia(job.tenantId, inbound.id, mediaId) : null;
  return db.$transaction(async (tx) => {
    const conversation = await conversationOf(tx, inbound.fromAddress, inbound.fromName);
    // Another run of this job may have filed it while this one fetched the file.
    if (await tx.conversationMessage.count({ where: { inboundId: inbound.id } })) return null;
    const message = await tx.conversationMessage.create({
      data: {
        conversationId: conversation.id,
        author: "contact",
        kind: inbound.kind,
        text: inbound.text,
        mediaKey: media?.key ?? null,
        mediaType: media?.type ?? null,
        inboundId: inbound.id,
        createdAt: inbound.receivedAt,
      },
    });
    await tx.conversation.update({
      where: { id: conversation.id },
      data: {
        lastInboundAt: inbound.receivedAt,
        lastMessageAt: inbound.receivedAt,
        preview: previewOf(inbound.text ?? `[${inbound.kind}]`),
        ...(inbound.fromName && inbound.fromName !== conversation.contactName ? { contactName: inbound.fromName } : {}),
      },
    });
    if (conversation.type !== CONVERSATION_TYPE.open || conversation.assigneeId !== null) return null;
    const next = { tenantId: job.tenantId, conversationId: conversation.id, messageId: message.id };
    await enqueue(tx, CONVERSATION_ASSISTANT, [{ data: next, key: `assistant:${job.tenantId}:${message.id}` }]);
    return next;
  });
}

export type AssistantJob = { tenantId: number; conversationId: number; messageId: number };

/** The worker's client, once it answers Meta's webhook itself (fileAtOnce); the web app and tests leave it unset. */
let atOnce: { system: Db; then: (system: Db, job: AssistantJob) => Promise<void> } | null = null;

/**
 * Where the webhook is answered by a worker (its callback port), a family's message is filed and considered by the
 * assistant in that process as soon as Meta has its answer, rather than when the queue is next polled: the queued jobs
 * stay the promise (a worker that stops midway leaves them to another), and find the work done when they run.
 */
export function fileAtOnce(system: Db, then: (system: Db, job: AssistantJob) => Promise<void>): void {
  atOnce = { system, then };
}

/** Messages waiting to be filed at once; past this many a burst is left to the queued jobs (see fileSoon). */
const AT_ONCE_BACKLOG = 20;
let waiting = 0;
let turn: Promise<void> = Promise.resolve();

/**
 * Files the messages just stored, after the webhook's answer, where fileAtOnce was set: one at a time, so that the
 * answers Meta waits for keep their turn between them, and only a short backlog of them, so that a burst is left to
 * the queued jobs rather than held in this process's memory. A failure is the job's to retry.
 */
export function fileSoon(tenantId: number, inboundIds: number[]): void {
  const fast = atOnce;
  if (!fast) return;
  for (const inboundId of inboundIds) {
    if (waiting >= AT_ONCE_BACKLOG) return;
    waiting++;
    turn = turn.then(async () => {
      try {
        const next = await fileInbound(fast.system, { tenantId, inboundId });
        if (next) await fast.then(fast.system, next);
      } catch (error) {
        log().info({ inboundId, error: (error as Error).message }, "a family's message is left to its queued job");
      } finally {
        waiting--;
      }
    });
  }
}
