import { randomUUID } from "node:crypto";
import { AI_HOLD_MINUTES, type TConversationSource, type TMessageAuthor } from "@pizarra/contracts";
import type { Prisma, TenantTx } from "@pizarra/db";
import type { WhatsAppTemplate } from "../../channels/channel.ts";
import type { Locale } from "../../i18n.ts";
import { queueMessages } from "../../delivery/ledger.ts";

/** The list's context line: the last message, cut short. */
export const PREVIEW_MAX = 160;
export const previewOf = (text: string | null): string | null => (text === null ? null : text.replace(/\s+/g, " ").trim().slice(0, PREVIEW_MAX));

/** A conversation as a message of the school's is written into it. */
export interface Addressed {
  id: number;
  contact: string;
  guardianId: number | null;
  locale: string;
}

export interface SchoolMessage {
  author: Exclude<TMessageAuthor, "contact">;
  staffId?: number | null;
  /** What the family reads: the text, or for a template the text it fills to (shown in the inbox). */
  text: string;
  template?: WhatsAppTemplate | null;
  sources?: TConversationSource[];
  /** What makes its ledger key (one answer to one family's message is sent once); a fresh one when not given. */
  key?: string;
}

/**
 * Writes a message of the school into a conversation and queues it to the family on WhatsApp, on the caller's
 * transaction (which holds the conversation's row lock): the message, its ledger row (its delivery state) and the
 * conversation's last message are one change. An answer to a family that just wrote is urgent: quiet hours hold
 * the school's own notices, not its answers. The assistant's answer holds the conversation for AI_HOLD_MINUTES;
 * a person's releases it.
 */
export async function postSchoolMessage(tx: TenantTx, conversation: Addressed, message: SchoolMessage) {
  const now = new Date();
  const key = `conversation:${conversation.id}:${message.key ?? randomUUID()}`;
  const { ids } = await queueMessages(tx, [
    {
      key,
      source: "conversation",
      sourceId: conversation.id,
      userId: conversation.guardianId,
      channel: "whatsapp",
      address: conversation.contact,
      locale: conversation.locale as Locale,
      text: message.text,
      template: message.template ?? null,
      urgent: true,
    },
  ]);
  const [written] = await Promise.all([
    tx.conversationMessage.create({
      data: {
        conversationId: conversation.id,
        author: message.author,
        staffId: message.staffId ?? null,
        kind: message.template ? "template" : "text",
        text: message.text,
        sources: (message.sources ?? []) as Prisma.InputJsonValue,
        outboundId: ids.get(key) ?? null,
        createdAt: now,
      },
    }),
    tx.conversation.update({
      where: { id: conversation.id },
      data: {
        lastMessageAt: now,
        preview: previewOf(message.text),
        holdAiTill: message.author === "assistant" ? new Date(now.getTime() + AI_HOLD_MINUTES * 60_000) : null,
      },
    }),
  ]);
  return written;
}
