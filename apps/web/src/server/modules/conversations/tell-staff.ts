import { ROLE } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import type { Draft } from "../../delivery/ledger.ts";
import { queueMessages } from "../../delivery/ledger.ts";
import { personLocale } from "../../delivery/locale.ts";
import { translator } from "../../i18n.ts";

/**
 * Tells the school's administrators who take Web Push that a family is waiting for a person (the conversation was
 * handed over), on the transaction that hands it over; the inbox's Escalated tab shows it to everyone else.
 */
export async function tellStaff(
  tx: TenantTx,
  conversation: { id: number; contact: string; contactName: string | null },
  messageId: number,
  reason: string,
): Promise<void> {
  const [staff, school] = await Promise.all([
    tx.user.findMany({
      where: { inactive: false, roleCode: { gte: ROLE.administrator }, pushSubscriptions: { some: {} } },
      select: { id: true, locale: true, language: true },
    }),
    tx.tenant.findFirstOrThrow({ select: { defaultLocale: true } }),
  ]);
  const drafts: Draft[] = staff.map((person) => {
    const locale = personLocale(person, school.defaultLocale);
    const t = translator(locale);
    const who = conversation.contactName ?? conversation.contact;
    return {
      key: `conversation:${conversation.id}:handover:${messageId}:${person.id}`,
      source: "conversation",
      sourceId: conversation.id,
      userId: person.id,
      channel: "push",
      address: `user:${person.id}`,
      locale,
      subject: t("conversations.handover.title"),
      text: t("conversations.handover.text", { who, reason: t(`conversations.reasons.${reason}`) }),
      urgent: true,
    };
  });
  await queueMessages(tx, drafts);
}
