import { forTenant, type Prisma, type TenantDb } from "@pizarra/db";
import { z } from "zod";
import { schoolOfWhatsAppNumber } from "../../channels/whatsapp.ts";
import { gatherer } from "../../delivery/queue.ts";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import { log } from "../../log.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { fileSoon, personOfNumber, queueInbound, takesAtOnce } from "../conversations/index.ts";
import { optOut } from "../people/index.ts";
import { signatureValid, verifyTokenValid } from "./signature.ts";
import { type StatusUpdate, WHATSAPP_STATUS, ZStatus } from "./status-job.ts";

/** Statuses are queued together over this many milliseconds (delivery/queue.ts gatherer). */
const queueStatuses = gatherer(WHATSAPP_STATUS, 50);

/** Replies that withdraw a person from WhatsApp messages (compared trimmed, in any case). */
const STOP_WORDS = new Set(["stop", "baja"]);

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
                        contacts: z
                          .array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).loose().optional() }).loose())
                          .optional(),
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

/**
 * GET whatsapp/webhook: Meta's subscription check. It sends our verify token and a challenge; the challenge echoed
 * as plain text proves we own the URL. A wrong token (or none configured) is refused, after a comparison whose time
 * says nothing about the token.
 */
export async function verifyWebhook(ctx: BaseContext & { query: unknown }): Promise<Reply<null> & { response: Response }> {
  // Without a query schema the wrapper hands over the search parameters as one object of strings.
  const { "hub.mode": mode, "hub.verify_token": token, "hub.challenge": challenge } = ctx.query as Record<string, unknown>;
  const expected = env().WHATSAPP_VERIFY_TOKEN;
  if (!verifyTokenValid(token, expected) || mode !== "subscribe" || typeof challenge !== "string") {
    log().info({ address: ctx.address, mode: typeof mode === "string" ? mode.slice(0, 40) : null }, "WhatsApp webhook verification refused");
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
export async function receiveWebhook(ctx: BaseContext & { body: unknown }): Promise<Reply<null>> {
  if (!signatureValid(ctx.rawBody ?? "", ctx.headers.get("x-hub-signature-256"), env().WHATSAPP_APP_SECRET)) {
    log().info({ address: ctx.address }, "WhatsApp webhook refused: missing or wrong X-Hub-Signature-256");
    throw new AppError(-401, "api.badSignature", 401);
  }
  const parsed = ZNotification.safeParse(ctx.body);
  if (!parsed.success) {
    // Signed by Meta but of a shape we do not read: answered 200 all the same, or Meta would resend it for days.
    log().warn(
      { issue: parsed.error.issues[0]?.message, at: parsed.error.issues[0]?.path.join(".") },
      "WhatsApp webhook: a signed notification of an unknown shape was ignored",
    );
    return { data: null };
  }
  const changes = parsed.data.entry.flatMap((entry) => entry.changes.map((change) => change.value));
  // A notification is for the school whose number it came to (its own, or the default number of a deployment's only
  // school: schoolOfWhatsAppNumber), and is read inside that school only: one to a number of no school is dropped (and
  // logged), never matched against every school's people and messages.
  const statuses: StatusUpdate[] = [];
  const messages: { tenantId: number; message: Inbound; name: string | null }[] = [];
  for (const value of changes) {
    if (!value?.statuses?.length && !value?.messages?.length) continue;
    const phoneNumberId = value.metadata?.phone_number_id ?? null;
    const tenantId = phoneNumberId === null ? null : await schoolOfWhatsAppNumber(ctx.system, phoneNumberId);
    if (tenantId === null) {
      log().warn(
        {
          phoneNumberId: phoneNumberId?.slice(0, 60) ?? null,
          statuses: value.statuses?.length ?? 0,
          messages: value.messages?.map((m) => m.id.slice(0, 100)) ?? [],
        },
        "WhatsApp webhook: a notification to a number no school owns was dropped",
      );
      continue;
    }
    statuses.push(...(value.statuses ?? []).map((status) => ({ ...status, tenantId })));
    // The name each sender gave WhatsApp comes beside the messages, by their number.
    const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name?.trim().slice(0, 100) || null]));
    messages.push(...(value.messages ?? []).map((message) => ({ tenantId, message, name: names.get(message.from) ?? null })));
  }
  // Statuses come by the thousand while a notification goes out: they are queued (with those of the other calls of the
  // same few milliseconds, a status Meta sends twice queued once) and the worker applies them, so that the web app
  // answers Meta soon and stays free for staff.
  await queueStatuses(
    ctx.system,
    statuses.map((status) => ({ data: status, key: `wa:${status.tenantId}:${status.id}:${status.status}` })),
  );
  for (const { tenantId, message, name } of messages) {
    const atOnce = takesAtOnce();
    const stored = await storeInbound(forTenant(ctx.system, tenantId), tenantId, message, name, atOnce);
    if (atOnce) fileSoon({ tenantId, from: message.from, inboundIds: stored });
  }
  return { data: null };
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

/**
 * Keeps a family's message once (a notification Meta delivers twice is stored once), in the school of the receiving
 * number, and queues its filing into the inbox on the same transaction (held back where this process hands it to be
 * filed at once: takesAtOnce); a STOP or BAJA from a person of that school withdraws them from WhatsApp, in the same
 * transaction too. The rest (the conversation, its file, the assistant) is the worker's: Meta is answered at once.
 */
async function storeInbound(db: TenantDb, tenantId: number, message: Inbound, name: string | null, atOnce: boolean): Promise<number[]> {
  const person = await personOfNumber(db, message.from);
  const text = textOf(message);
  return db.$transaction(async (tx) => {
    const stored = await tx.inboundMessage.createManyAndReturn({
      data: [
        {
          channel: "whatsapp",
          providerId: message.id,
          fromAddress: message.from,
          fromName: name,
          userId: person?.id ?? null,
          kind: message.type,
          text,
          payload: message as Prisma.InputJsonValue,
        },
      ],
      skipDuplicates: true,
      select: { id: true },
    });
    await queueInbound(
      tx,
      tenantId,
      stored.map((row) => row.id),
      atOnce,
    );
    if (person && text !== null && STOP_WORDS.has(text.trim().toLowerCase())) await optOut(tx, person.id, ["whatsapp"], "reply");
    return stored.map((row) => row.id);
  });
}
