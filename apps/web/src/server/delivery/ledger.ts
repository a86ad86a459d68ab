import { NOTIFICATION_STATUS } from "@pizarra/contracts";
import { insertRows, type MessageModel, type Prisma, type TenantDb, type TenantTx, tenantOf } from "@pizarra/db";
import { z } from "zod";
import type { ChannelName, WhatsAppTemplate } from "../channels/channel.ts";
import { CHANNEL_BY_NAME } from "../channels/registry.ts";
import { whatsappNumberOf } from "../channels/whatsapp.ts";
import { fieldRefusal } from "../http/app-error.ts";
import type { AuthedContext } from "../http/context.ts";
import type { Locale } from "../i18n.ts";
import { aboutPairs, openChannels, readRecipients, stillToldAbout } from "./guardians.ts";
import { afterQuietHours } from "./quiet-hours.ts";
import { enqueue, type JobRequest, jobId, jobKind, ZJobId } from "./queue.ts";

/** A message a sender wants to go out; `key` is unique per school and makes queuing it twice a no-op. */
export interface Draft {
  key: string;
  source: string;
  sourceId?: number | null;
  notificationId?: number | null;
  run?: number;
  userId: number | null;
  /** A family's message: the student it is about (Recipient.aboutId), whose link is checked again when it is sent. */
  aboutId?: number | null;
  channel: ChannelName;
  /** null when the person has no address on that channel: the row is kept, failed for good, and may fall back. */
  address: string | null;
  replyTo?: string | null;
  locale: Locale;
  subject?: string | null;
  text: string;
  html?: string | null;
  template?: WhatsAppTemplate | null;
  fallback?: ChannelName | null;
  fallbackOf?: number | null;
  urgent?: boolean;
  /** Not before then (a tracking notice's date); quiet hours may hold it longer. */
  notBefore?: Date;
}

export const STATUS_RANK = { queued: 0, sending: 1, sent: 2, delivered: 3, read: 4 } as const;

/**
 * The address a person has on a channel: an e-mail, their mobile as it is kept (E.164, "+51987000001"; the WhatsApp
 * channel reads it in the school's country, which makes it E.164 whatever an older path wrote), or their devices.
 */
export function addressOf(user: { id: number; mail: string | null; cel: string | null }, channel: ChannelName): string | null {
  if (channel === "mail") return user.mail?.trim() || null;
  if (channel === "push") return `user:${user.id}`;
  const cel = user.cel?.trim() ?? "";
  return cel.replace(/\D/g, "").length >= 8 ? cel : null;
}

/** A channel the caller chose must be configured on this server: said in their language, naming the field. */
export function channelReady(ctx: AuthedContext, channel: ChannelName, field: string = channel): void {
  if (!CHANNEL_BY_NAME[channel].configured()) throw fieldRefusal(field, ctx.t(`delivery.notConfigured.${channel}`));
}

/**
 * channelReady for a send of the school of `db`: WhatsApp also needs a number of that school's (whatsappNumberOf), as
 * the worker sends from no other: one of another school would hand its families' replies and statuses to that school.
 */
export async function schoolChannelReady(db: TenantDb | TenantTx, ctx: AuthedContext, channel: ChannelName, field: string = channel): Promise<void> {
  channelReady(ctx, channel, field);
  if (channel === "whatsapp" && (await whatsappNumberOf(db, tenantOf(db))) === null) throw fieldRefusal(field, ctx.t("delivery.noSchoolNumber"));
}

/** Sends ledger rows of one school (a chunk of a send, SEND_CHUNK at most): the worker claims them and sends each once. */
export const MESSAGE_SEND = jobKind("message-send", z.object({ tenantId: ZJobId, ids: z.array(ZJobId).min(1) }));
export type SendJob = z.infer<typeof MESSAGE_SEND.payload>;

/** A notification's counters and status from its ledger (refreshSoon): at most one every two seconds while messages move. */
export const NOTIFICATION_REFRESH = jobKind("notification-refresh", z.object({ tenantId: ZJobId, id: ZJobId }));

/** Messages one send job carries: a send of thousands is a few hundred jobs for the queue to store, hand out and close. */
export const SEND_CHUNK = 25;

/**
 * The send jobs of ledger rows, a chunk of rows due at the same moment per job. A job's key is its first row and that
 * row's attempt (and the tag of a requeue): queuing the same rows again does nothing while the job is kept.
 */
function sendJobs(tenantId: number, rows: { id: number; attempts: number; notBefore: Date }[], tag = ""): JobRequest<SendJob>[] {
  const byDue = new Map<number, typeof rows>();
  for (const row of rows) {
    const due = byDue.get(row.notBefore.getTime());
    if (due) due.push(row);
    else byDue.set(row.notBefore.getTime(), [row]);
  }
  const jobs: JobRequest<SendJob>[] = [];
  for (const [due, dueRows] of byDue) {
    for (let i = 0; i < dueRows.length; i += SEND_CHUNK) {
      const chunk = dueRows.slice(i, i + SEND_CHUNK);
      jobs.push({
        data: { tenantId, ids: chunk.map((r) => r.id) },
        key: `send:${tenantId}:${chunk[0]!.id}:${chunk[0]!.attempts}${tag}`,
        startAfter: new Date(due),
      });
    }
  }
  return jobs;
}

/**
 * Queues send jobs and writes on each row the job that carries it: recovery asks the queue about that job
 * (send-message.ts, requeueOrphans).
 */
async function queueSends(tx: TenantTx, jobs: JobRequest<SendJob>[]): Promise<void> {
  await enqueue(tx, MESSAGE_SEND, jobs);
  const carried = jobs.flatMap((job) => job.data.ids.map((id) => ({ id, job: jobId(job.key) })));
  if (carried.length === 0) return;
  await tx.$executeRawUnsafe(
    `UPDATE "Message" m SET "sendJob" = v.job FROM jsonb_to_recordset($1::jsonb) AS v(id int, job uuid) WHERE m.id = v.id AND m."tenantId" = $2`,
    JSON.stringify(carried),
    tenantOf(tx),
  );
}

/**
 * Writes the drafts to the ledger and queues their sends, on the caller's transaction: a person no longer active, or
 * who opted out of the draft's channel, is left out (read again here, in the writing transaction, whatever the sender
 * read before), a key already written is not written again, and non-urgent messages wait for the end of the school's
 * quiet hours. Answers the ledger ids of the rows written now, by key.
 */
export async function queueMessages(tx: TenantTx, drafts: Draft[]): Promise<{ queued: number; skipped: number; ids: Map<string, number> }> {
  if (drafts.length === 0) return { queued: 0, skipped: 0, ids: new Map() };
  const tenantId = tenantOf(tx);
  const userIds = [...new Set(drafts.map((d) => d.userId).filter((id): id is number => id !== null))];
  const [open, told, school] = await Promise.all([
    openChannels(tx, userIds),
    stillToldAbout(tx, aboutPairs(drafts)),
    // Urgent messages go at once: the quiet hours are not read for them.
    drafts.every((d) => d.urgent) ? null : tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timeZone: true, quietFrom: true, quietTo: true } }),
  ]);
  const now = new Date();
  const kept = drafts.filter((d) => d.userId === null || (open.has(`${d.userId}:${d.channel}`) && (d.aboutId == null || told.has(`${d.userId}:${d.aboutId}`))));
  const rows = kept.map((d) => {
    const due = d.notBefore && d.notBefore > now ? d.notBefore : now;
    return {
      key: d.key,
      source: d.source,
      sourceId: d.sourceId ?? null,
      notificationId: d.notificationId ?? null,
      run: d.run ?? 0,
      userId: d.userId,
      aboutId: d.aboutId ?? null,
      channel: d.channel,
      address: d.address ?? "",
      replyTo: d.replyTo ?? null,
      locale: d.locale,
      subject: d.subject ?? null,
      text: d.text,
      html: d.html ?? null,
      template: d.template ?? null,
      fallback: d.fallback && d.fallback !== d.channel ? d.fallback : null,
      fallbackOf: d.fallbackOf ?? null,
      urgent: d.urgent ?? false,
      notBefore: d.urgent || !school ? due : afterQuietHours(due, school),
      updatedAt: now,
    };
  });
  // Only the rows written now get a send job: a key written before (a retried run) has had its own since then.
  const fresh: { id: number; key: string; attempts: number; notBefore: Date }[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    const written = await insertRows(tx, "Message", rows.slice(i, i + 2000), {
      on: ["tenantId", "key"],
      update: [],
      returning: ["id", "key", "attempts", "notBefore"],
    });
    fresh.push(...(written as typeof fresh));
  }
  await queueSends(tx, sendJobs(tenantId, fresh));
  return { queued: fresh.length, skipped: drafts.length - kept.length, ids: new Map(fresh.map((row) => [row.key, row.id])) };
}

/** Queues the sends of rows put back to "queued" (a retry, a resume): a new job each, named by the attempt. */
export async function requeue(tx: TenantTx, where: Prisma.MessageWhereInput, tag: string): Promise<number> {
  const tenantId = tenantOf(tx);
  const rows = await tx.message.findMany({ where: { ...where, status: "queued" }, select: { id: true, attempts: true, notBefore: true } });
  await queueSends(tx, sendJobs(tenantId, rows, `:${tag}`));
  return rows.length;
}

/**
 * A row that failed for good and names a fallback channel gets its replacement on that channel, once (its key is the
 * row's key plus the channel), unless the person is no longer active or opted out of it too.
 */
export async function fallBack(tx: TenantTx, row: MessageModel): Promise<void> {
  if (!row.fallback || row.userId === null) return;
  const [user] = await readRecipients(tx, { people: { id: row.userId } });
  if (!user) return;
  const channel = row.fallback as ChannelName;
  await queueMessages(tx, [
    {
      key: `${row.key}>${channel}`,
      source: row.source,
      sourceId: row.sourceId,
      notificationId: row.notificationId,
      run: row.run,
      userId: row.userId,
      aboutId: row.aboutId,
      channel,
      address: addressOf(user, channel),
      replyTo: row.replyTo,
      locale: row.locale as Locale,
      subject: row.subject,
      text: row.text,
      html: row.html,
      urgent: row.urgent,
      fallbackOf: row.id,
    },
  ]);
}

/**
 * A notification's counters and status, derived from its ledger for its current run (its own messages: a flow's
 * reminders are listed with them but not counted): a row replaced by its fallback counts once, through its
 * replacement. Paused (4) stays paused; otherwise 2 while anything is queued or being sent, then 5 when something
 * failed, else 3. Answers what the notification is about.
 */
export async function refreshNotification(db: TenantDb | TenantTx, notificationId: number): Promise<{ page: string; objectId: number | null } | null> {
  const n = await db.notification.findFirst({ where: { id: notificationId }, select: { status: true, run: true, page: true, objectId: true } });
  if (!n) return null;
  const groups = await db.message.groupBy({
    by: ["status", "permanent", "fallback"],
    where: { notificationId, run: n.run, source: "notification" },
    _count: { _all: true },
  });
  let total = 0;
  let sent = 0;
  let read = 0;
  let failed = 0;
  let pending = 0;
  for (const g of groups) {
    const count = g._count._all;
    if (g.status === "failed" && g.permanent && g.fallback) continue;
    total += count;
    if (g.status === "failed") failed += count;
    else if (g.status === "queued" || g.status === "sending") pending += count;
    else sent += count;
    if (g.status === "read") read += count;
  }
  const { cancelled, sending, errors, sent: done } = NOTIFICATION_STATUS;
  const status = n.status === cancelled ? cancelled : pending > 0 ? sending : failed > 0 ? errors : done;
  await db.notification.updateMany({ where: { id: notificationId }, data: { total, sent, read, failed, status } });
  return { page: n.page, objectId: n.objectId };
}

/** Refreshes are grouped by slots of this length: one job per notification and slot, run once the slot is over. */
const REFRESH_SLOT_MS = 2000;

/**
 * Asks for a notification's counters to be derived again soon, rather than at once: while thousands of messages move
 * (sends, delivery and read callbacks), each slot of two seconds makes one refresh, run after the slot has closed so
 * that it sees every change made in it.
 */
export async function refreshSoon(db: TenantDb | TenantTx, notificationId: number): Promise<void> {
  const tenantId = tenantOf(db);
  const slot = Math.floor(Date.now() / REFRESH_SLOT_MS);
  await enqueue(db, NOTIFICATION_REFRESH, [
    {
      data: { tenantId, id: notificationId },
      key: `refresh:${tenantId}:${notificationId}:${slot}`,
      startAfter: new Date((slot + 1) * REFRESH_SLOT_MS + 500),
    },
  ]);
}

/** A provider's word that a message moved on, with the time it did. */
export interface Progress {
  providerId: string;
  /** The ledger key the message was sent with, when the provider echoes it. */
  key?: string;
  status: "sent" | "delivered" | "read";
  at: Date;
}

type Moved = { providerId: string; notificationId: number | null };
const RANK_SQL = `CASE m.status ${Object.entries(STATUS_RANK)
  .map(([status, rank]) => `WHEN '${status}' THEN ${rank}`)
  .join(" ")} ELSE 99 END`;

/**
 * One statement for a batch: each row found moves forward only (a status that comes late or twice changes nothing but
 * a time still missing), and keeps the provider's id. Rows are found, among the school's own, by the provider's id,
 * or, for a status that overtook the worker's own record of the send, by the key it was sent with while it has no
 * provider id yet.
 */
async function moveForward(db: TenantDb, channel: ChannelName, rows: object[], by: "provider" | "key"): Promise<Moved[]> {
  const match = by === "provider" ? `m."providerId" = v.pid` : `m."providerId" IS NULL AND m.key = v.key`;
  return db.$queryRawUnsafe<Moved[]>(
    `UPDATE "Message" m SET
       status = CASE WHEN ${RANK_SQL} < v.rank THEN v.status ELSE m.status END,
       "providerId" = v.pid,
       "sentAt" = COALESCE(m."sentAt", v.sent, v.delivered, v.read),
       "deliveredAt" = COALESCE(m."deliveredAt", v.delivered),
       "readAt" = COALESCE(m."readAt", v.read),
       "updatedAt" = now()
     FROM jsonb_to_recordset($1::jsonb) AS v(pid text, key text, status text, rank int, sent timestamptz, delivered timestamptz, read timestamptz)
     WHERE ${match} AND m."tenantId" = $3 AND m.channel = $2 AND m.status <> 'failed'
       AND (${RANK_SQL} < v.rank OR m."providerId" IS NULL
            OR (m."deliveredAt" IS NULL AND v.delivered IS NOT NULL) OR (m."readAt" IS NULL AND v.read IS NOT NULL))
     RETURNING v.pid AS "providerId", m."notificationId"`,
    JSON.stringify(rows),
    channel,
    tenantOf(db),
  );
}

/**
 * Providers' word that messages of one school moved on (WhatsApp's sent, delivered and read callbacks to the school's
 * number), a batch at a time: thousands come while a notification goes out, so a batch costs two statements rather
 * than several per callback. The notifications touched get their counters soon. Ids the school does not know are
 * ignored: the callback may be for another installation sharing the number, and never moves another school's row.
 */
export async function recordProgress(db: TenantDb, channel: ChannelName, updates: Progress[]): Promise<void> {
  type Row = { pid: string; key: string | null; status: string; rank: number; sent?: string; delivered?: string; read?: string };
  const rows = new Map<string, Row>();
  for (const u of updates) {
    const row = rows.get(u.providerId) ?? { pid: u.providerId, key: null, status: u.status, rank: STATUS_RANK[u.status] };
    if (STATUS_RANK[u.status] > row.rank) Object.assign(row, { status: u.status, rank: STATUS_RANK[u.status] });
    row[u.status] ??= u.at.toISOString();
    row.key ??= u.key ?? null;
    rows.set(u.providerId, row);
  }
  const moved = await moveForward(db, channel, [...rows.values()], "provider");
  const found = new Set(moved.map((m) => m.providerId));
  const rest = [...rows.values()].filter((row) => row.key !== null && !found.has(row.pid));
  if (rest.length) moved.push(...(await moveForward(db, channel, rest, "key")));
  const touched = new Set(moved.map((m) => m.notificationId).filter((id): id is number => id !== null));
  for (const notificationId of touched) await refreshSoon(db, notificationId);
}

/**
 * A provider's word that a message of one school failed (a WhatsApp "failed" callback to the school's number): the row
 * fails for good unless it was delivered already, its notification's counters follow, and it falls back to the
 * notification's second channel.
 */
export async function recordFailure(
  db: TenantDb,
  channel: ChannelName,
  { providerId, key }: { providerId: string; key?: string },
  at: Date,
  error?: string,
): Promise<void> {
  const select = { id: true, notificationId: true } as const;
  const found =
    (await db.message.findFirst({ where: { providerId, channel }, select })) ??
    (key ? await db.message.findFirst({ where: { key, channel, providerId: null }, select }) : null);
  if (!found) return;
  await db.$transaction(async (tx) => {
    const [failed] = await tx.message.updateManyAndReturn({
      where: { id: found.id, status: { in: ["queued", "sending", "sent"] } },
      data: { providerId, status: "failed", permanent: true, error: error?.slice(0, 500) ?? "failed", failedAt: at, lockedUntil: null },
    });
    if (failed) await fallBack(tx, failed);
  });
  if (found.notificationId !== null) await refreshSoon(db, found.notificationId);
}
