import { type Db, forTenant, type Prisma } from "@pizarra/db";
import { z } from "zod";
import { type Progress, recordFailure, recordProgress } from "../../delivery/ledger.ts";
import { gatherer, JOBS } from "../../delivery/queue.ts";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { signatureValid } from "./signature.ts";

/** Statuses are queued together over this many milliseconds (delivery/queue.ts gatherer). */
const queueStatuses = gatherer(50);

/** Replies that withdraw a person from WhatsApp messages (compared trimmed, in any case). */
const STOP_WORDS = new Set(["stop", "baja"]);

const ZStatus = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  /** The ledger key the message was sent with, echoed by Meta: it finds a message whose provider id is not stored yet. */
  biz_opaque_callback_data: z.string().max(300).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }).loose()).optional(),
});

export type StatusUpdate = z.infer<typeof ZStatus>;

const ZInbound = z
  .object({
    id: z.string().min(1),
    from: z.string().min(1),
    type: z.string().default("text"),
    text: z.object({ body: z.string() }).loose().optional(),
    button: z.object({ text: z.string().optional(), payload: z.string().optional() }).loose().optional(),
    interactive: z
      .object({
        button_reply: z.object({ title: z.string() }).loose().optional(),
        list_reply: z.object({ title: z.string() }).loose().optional(),
      })
      .loose()
      .optional(),
    image: z.object({ caption: z.string().optional() }).loose().optional(),
    video: z.object({ caption: z.string().optional() }).loose().optional(),
    document: z.object({ caption: z.string().optional() }).loose().optional(),
  })
  .loose();

/** The parts of Meta's `messages` webhook we act on; anything else in it (contacts, pricing, other fields) is ignored. */
const ZNotification = z
  .object({
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    value: z
                      .object({
                        metadata: z.object({ phone_number_id: z.string().optional() }).loose().optional(),
                        statuses: z.array(ZStatus).optional(),
                        messages: z.array(ZInbound).optional(),
                      })
                      .loose()
                      .optional(),
                  })
                  .loose(),
              )
              .default([]),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();

type Inbound = z.infer<typeof ZInbound>;
/** The statuses the ledger follows; Meta's others ("deleted", "warning") say nothing about delivery. */
const ZLedgerStatus = z.enum(["sent", "delivered", "read", "failed"]);

/**
 * GET whatsapp/webhook: Meta's subscription check. It sends our verify token and a challenge; the challenge echoed
 * as plain text proves we own the URL. A wrong token (or none configured) is refused.
 */
export async function verifyWebhook(ctx: BaseContext & { query: unknown }): Promise<Reply> {
  // Without a query schema the wrapper hands over the search parameters as one object of strings.
  const { "hub.mode": mode, "hub.verify_token": token, "hub.challenge": challenge } = ctx.query as Record<string, unknown>;
  const expected = env().WHATSAPP_VERIFY_TOKEN;
  if (!expected || mode !== "subscribe" || token !== expected || typeof challenge !== "string") {
    console.warn("WhatsApp webhook verification refused", { address: ctx.address, mode: typeof mode === "string" ? mode.slice(0, 40) : null });
    throw new AppError(-403, "api.webhookVerifyRefused", 403);
  }
  const response = new Response(challenge, {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
  return { data: null, response };
}

/**
 * POST whatsapp/webhook: Meta's notifications (statuses of what we sent, messages families sent). The signature over
 * the body exactly as sent is checked first: a call without it, or signed with another secret, is refused and logged,
 * and nothing of it is read or stored.
 */
export async function receiveWebhook(ctx: BaseContext & { body: unknown }): Promise<Reply> {
  if (!signatureValid(ctx.rawBody ?? "", ctx.headers.get("x-hub-signature-256"), env().WHATSAPP_APP_SECRET)) {
    console.warn("WhatsApp webhook refused: missing or wrong X-Hub-Signature-256", { address: ctx.address });
    throw new AppError(-401, "api.badSignature", 401);
  }
  const parsed = ZNotification.safeParse(ctx.body);
  if (!parsed.success) {
    // Signed by Meta but of a shape we do not read: answered 200 all the same, or Meta would resend it for days.
    console.warn("WhatsApp webhook: a signed notification of an unknown shape was ignored", parsed.error.issues[0]);
    return { data: null };
  }
  const changes = parsed.data.entry.flatMap((entry) => entry.changes.map((change) => change.value));
  // Statuses come by the thousand while a notification goes out: they are queued (with those of the other calls of the
  // same few milliseconds, a status Meta sends twice queued once) and the worker applies them, so that the web app
  // answers Meta soon and stays free for staff.
  const statuses = changes.flatMap((value) => value?.statuses ?? []);
  await queueStatuses(
    ctx.system,
    statuses.map((status) => ({ name: JOBS.whatsappStatus, data: status, key: `wa:${status.id}:${status.status}` })),
  );
  for (const value of changes) {
    for (const message of value?.messages ?? []) await storeInbound(ctx.system, value?.metadata?.phone_number_id ?? null, message);
  }
  return { data: null };
}

/**
 * Statuses of messages we sent, a batch taken from the queue by the worker: deliveries and reads move their ledger
 * rows forward together (recordProgress), failures one by one (recordFailure: each may fall back to another channel).
 */
export async function applyStatuses(system: Db, statuses: StatusUpdate[]): Promise<void> {
  const progress: Progress[] = [];
  for (const status of statuses) {
    const known = ZLedgerStatus.safeParse(status.status);
    if (!known.success) continue;
    const seconds = Number(status.timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
    const found = { providerId: status.id, key: status.biz_opaque_callback_data };
    if (known.data !== "failed") {
      progress.push({ ...found, status: known.data, at });
      continue;
    }
    const failure = status.errors?.[0];
    const error = failure ? [failure.code, failure.title ?? failure.message].filter((part) => part !== undefined).join(" ") : undefined;
    await recordFailure(system, "whatsapp", found, at, error);
  }
  if (progress.length) await recordProgress(system, "whatsapp", progress);
}

/** What a person wrote: the text, the tapped button or list item, or a file's caption. */
function textOf(message: Inbound): string | null {
  return (
    message.text?.body ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    message.image?.caption ??
    message.video?.caption ??
    message.document?.caption ??
    null
  );
}

/** The school a notification is for: the one whose settings name the receiving number (settings.whatsappPhoneNumberId). */
async function schoolOfNumber(system: Db, phoneNumberId: string | null): Promise<number | null> {
  if (!phoneNumberId) return null;
  const school = await system.tenant.findFirst({ where: { settings: { path: ["whatsappPhoneNumberId"], equals: phoneNumberId } }, select: { id: true } });
  return school?.id ?? null;
}

/**
 * The active person whose mobile is the sender's number, in `tenantId` when the school is known. WhatsApp gives the
 * number with its country code, schools often keep it without ("987000001" for 51987000001), so a stored number of 8
 * digits or more that ends the sender's matches; an exact match wins, then a relative (type 1), who is who writes back.
 * Raw SQL because the digits are compared without the separators people type; it only reads, and it must look across
 * schools when the receiving number names none.
 */
async function personOfNumber(system: Db, from: string, tenantId: number | null): Promise<{ id: number; tenantId: number } | null> {
  const digits = from.replace(/\D/g, "");
  if (digits.length < 8) return null;
  const rows = await system.$queryRaw<{ id: number; tenantId: number }[]>`
    SELECT id, "tenantId" FROM (
      SELECT id, "tenantId", type, regexp_replace(cel, '[^0-9]', '', 'g') AS d FROM "User"
      WHERE NOT inactive AND cel IS NOT NULL AND (${tenantId}::int IS NULL OR "tenantId" = ${tenantId}::int)
    ) u
    WHERE length(u.d) >= 8 AND right(${digits}, length(u.d)) = u.d
    ORDER BY (u.d = ${digits}) DESC, (u.type = 1) DESC, u.id
    LIMIT 1`;
  return rows[0] ?? null;
}

/**
 * Keeps a family's message once (a notification Meta delivers twice is stored once), in the school of the receiving
 * number, else of the sender; a STOP or BAJA from a known person withdraws them from WhatsApp, in the same transaction.
 */
async function storeInbound(system: Db, phoneNumberId: string | null, message: Inbound): Promise<void> {
  const byNumber = await schoolOfNumber(system, phoneNumberId);
  const person = await personOfNumber(system, message.from, byNumber);
  const tenantId = byNumber ?? person?.tenantId ?? null;
  if (tenantId === null) {
    console.warn("WhatsApp webhook: a message from a number no school knows was dropped", { id: message.id, phoneNumberId });
    return;
  }
  const text = textOf(message);
  await forTenant(system, tenantId).$transaction(async (tx) => {
    await tx.inboundMessage.createMany({
      data: [
        {
          channel: "whatsapp",
          providerId: message.id,
          fromAddress: message.from,
          userId: person?.id ?? null,
          kind: message.type,
          text,
          payload: message as Prisma.InputJsonValue,
        },
      ],
      skipDuplicates: true,
    });
    if (person && text !== null && STOP_WORDS.has(text.trim().toLowerCase())) {
      await tx.channelOptOut.createMany({ data: [{ userId: person.id, channel: "whatsapp", via: "reply" }], skipDuplicates: true });
    }
  });
}
