import { createHash } from "node:crypto";
import { CONVERSATION_TYPE } from "@pizarra/contracts";
import { type Db, forTenant, lockKey, Prisma, type TenantTx } from "@pizarra/db";
import { z } from "zod";
import { enqueue, jobKind, type QueuedJob, ZJobId } from "../../delivery/queue.ts";
import { personLocale } from "../../delivery/locale.ts";
import { contactNumber, isGuardian, searchTextOf } from "./contact.ts";
import { fetchMedia } from "./media.ts";
import { previewOf } from "./school-message.ts";
import { log } from "../../log.ts";

/** A family's message the webhook stored: the worker files it into its conversation. */
export const CONVERSATION_INBOUND = jobKind("conversation-inbound", z.object({ tenantId: ZJobId, inboundId: ZJobId }));
/** A family's message the assistant is to consider (answer, or hand to a person). */
export const CONVERSATION_ASSISTANT = jobKind("conversation-assistant", z.object({ tenantId: ZJobId, conversationId: ZJobId, messageId: ZJobId }));

/** WhatsApp's kinds whose file the inbox keeps (fetchMedia keeps images and PDFs, by content). */
const MEDIA_KINDS = ["image", "document", "sticker"] as const;

/**
 * Where this process files messages at once (fileAtOnce), the jobs it queues for them wait this long before any worker
 * takes them: they are the promise kept should it stop midway, not a second runner racing the first for every message.
 */
const AT_ONCE_PROMISE_SECONDS = 60;
const promised = (atOnce: boolean) => (atOnce ? new Date(Date.now() + AT_ONCE_PROMISE_SECONDS * 1000) : undefined);

/** Queues the filing of stored messages, on the webhook's transaction: a message is stored and queued, or neither. */
export async function queueInbound(tx: TenantTx, tenantId: number, inboundIds: number[], atOnce: boolean): Promise<void> {
  await enqueue(
    tx,
    CONVERSATION_INBOUND,
    inboundIds.map((inboundId) => ({ data: { tenantId, inboundId }, key: `inbound:${tenantId}:${inboundId}`, startAfter: promised(atOnce) })),
  );
}

/**
 * The open conversation of a contact, made when it has none (with the message's time and preview as its last); under
 * the contact's lock, so two messages make one. `person` is whom the webhook matched the number to.
 */
async function conversationOf(
  tx: TenantTx,
  inbound: { fromAddress: string; fromName: string | null; userId: number | null; receivedAt: Date; preview: string | null },
) {
  const contact = contactNumber(inbound.fromAddress);
  await lockKey(tx, "conversation", contact);
  const open = await tx.conversation.findFirst({ where: { channel: "whatsapp", contact, type: { not: CONVERSATION_TYPE.closed } } });
  if (open) return { conversation: open, created: false };
  const [person, school] = await Promise.all([
    inbound.userId === null
      ? null
      : tx.user.findFirst({ where: { id: inbound.userId, inactive: false }, select: { id: true, type: true, locale: true, language: true } }),
    tx.tenant.findFirstOrThrow({ select: { defaultLocale: true } }),
  ]);
  const guardian = isGuardian(person) ? person : null;
  const fields = { contact, contactName: inbound.fromName, guardianId: guardian?.id ?? null };
  const conversation = await tx.conversation.create({
    data: {
      channel: "whatsapp",
      ...fields,
      locale: guardian ? personLocale(guardian, school.defaultLocale) : school.defaultLocale,
      searchText: await searchTextOf(tx, fields),
      lastInboundAt: inbound.receivedAt,
      lastMessageAt: inbound.receivedAt,
      preview: inbound.preview,
    },
  });
  return { conversation, created: true };
}

/**
 * Files a family's message into its conversation (a new one when the contact has none open), once however often the
 * job runs: its file fetched first (outside the transaction: a network call), then the message, the conversation's
 * last message and WhatsApp's window in one transaction, with the assistant's job queued on it when the assistant
 * has the conversation (open, nobody assigned). `atOnce`: the caller considers the message itself right after.
 */
export async function fileInbound(system: Db, job: QueuedJob<{ tenantId: number; inboundId: number }>["data"], atOnce = false): Promise<AssistantJob | null> {
  const db = forTenant(system, job.tenantId);
  const inbound = await db.inboundMessage.findFirst({ where: { id: job.inboundId } });
  if (!inbound) return null;
  const payload = inbound.payload as Record<string, { id?: unknown } | undefined>;
  const mediaId = MEDIA_KINDS.includes(inbound.kind as never) ? payload[inbound.kind]?.id : undefined;
  // A file is fetched once: not again for a message filed already (a text's second filing fails on the index below).
  const filed = typeof mediaId === "string" && (await db.conversationMessage.count({ where: { inboundId: inbound.id } })) > 0;
  if (filed) return null;
  const media = typeof mediaId === "string" ? await fetchMedia(job.tenantId, inbound.id, mediaId) : null;
  const preview = previewOf(inbound.text ?? `[${inbound.kind}]`);
  try {
    return await db.$transaction(async (tx) => {
      const { conversation, created } = await conversationOf(tx, { ...inbound, preview });
      // Another run of this job that filed it while this one fetched the file holds its inboundId: this one then fails
      // on the unique index and writes nothing.
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
      if (!created)
        await tx.conversation.update({
          where: { id: conversation.id },
          data: {
            lastInboundAt: inbound.receivedAt,
            lastMessageAt: inbound.receivedAt,
            preview,
            ...(inbound.fromName && inbound.fromName !== conversation.contactName ? { contactName: inbound.fromName } : {}),
          },
        });
      if (conversation.type !== CONVERSATION_TYPE.open || conversation.assigneeId !== null) return null;
      const next = { tenantId: job.tenantId, conversationId: conversation.id, messageId: message.id };
      await enqueue(tx, CONVERSATION_ASSISTANT, [{ data: next, key: `assistant:${job.tenantId}:${message.id}`, startAfter: promised(atOnce) }]);
      return next;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
    throw error;
  }
}

export type AssistantJob = { tenantId: number; conversationId: number; messageId: number };

/**
 * A worker answers Meta's webhook in a thread of its own (callback-thread.ts), and files and answers the families'
 * messages in its main thread as soon as Meta has its answer, rather than when the queue is next polled: the queued
 * jobs stay the promise (a worker that stops midway leaves them to another), held back while this is done. The two
 * threads share the count of messages handed over and not yet filed; the web app and the tests set neither side.
 */
let backlog: Int32Array | null = null;

/** Messages just stored, handed from the callback thread to the main thread: one family's, by the number they came from. */
export interface Handed {
  tenantId: number;
  from: string;
  inboundIds: number[];
}

/** The callback thread's side: hands stored messages to the main thread. */
let handOver: ((handed: Handed) => void) | null = null;

/** Messages handed over and not yet filed; past this many a burst is left to the queued jobs (see takesAtOnce). */
const AT_ONCE_BACKLOG = 40;
/**
 * Families whose messages are filed side by side: each message waits on a few statements in turn, so one at a time
 * would leave the processor idle while a burst waits. One family's messages take one lane, in the order they came.
 */
const AT_ONCE_LANES = 4;

/** A count both threads of a worker read and change (the backlog of messages to file at once). */
export const sharedBacklog = (): Int32Array => new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

/** The callback thread's side: messages it stores are handed to the main thread by `post` (fileAtOnce's `file`). */
export function handAtOnce(shared: Int32Array, post: (handed: Handed) => void): void {
  backlog = shared;
  handOver = post;
}

/**
 * Whether the message a webhook is about to store is filed at once (fileSoon) rather than left to its queued job,
 * which then waits (promised): only where a worker takes them, and only while the backlog is short, so that a burst is
 * left to the queued jobs, and any worker, rather than held in memory. The backlog may pass its mark by the webhooks
 * storing at that moment.
 */
export const takesAtOnce = (): boolean => handOver !== null && backlog !== null && Atomics.load(backlog, 0) < AT_ONCE_BACKLOG;

/** Hands the messages just stored, where takesAtOnce said so, to be filed at once. */
export function fileSoon(handed: Handed): void {
  if (!handOver || !backlog || handed.inboundIds.length === 0) return;
  Atomics.add(backlog, 0, handed.inboundIds.length);
  handOver(handed);
}

/**
 * The main thread's side: answers the function that files the messages handed over (each then considered by `then`,
 * the assistant), AT_ONCE_LANES families at a time. A failure is the job's to retry.
 */
export function fileAtOnce(system: Db, shared: Int32Array, then: (system: Db, job: AssistantJob) => Promise<void>): (handed: Handed) => void {
  const lanes: Promise<void>[] = Array.from({ length: AT_ONCE_LANES }, () => Promise.resolve());
  return ({ tenantId, from, inboundIds }) => {
    const lane = createHash("sha1").update(contactNumber(from)).digest().readUInt32BE(0) % AT_ONCE_LANES;
    for (const inboundId of inboundIds) {
      lanes[lane] = lanes[lane]!.then(async () => {
        try {
          const next = await fileInbound(system, { tenantId, inboundId }, true);
          if (next) await then(system, next);
        } catch (error) {
          log().info({ inboundId, error: (error as Error).message }, "a family's message is left to its queued job");
        } finally {
          Atomics.sub(shared, 0, 1);
        }
      });
    }
  };
}
