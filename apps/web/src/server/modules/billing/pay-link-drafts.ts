import { givenNamesFirstIn } from "@pizarra/contracts";
import { Prisma, type TenantDb, type TenantTx, tenantOf } from "@pizarra/db";
import type { ChannelName } from "../../channels/channel.ts";
import { CHANNEL_BY_NAME } from "../../channels/registry.ts";
import { readRecipients, type Recipient } from "../../delivery/guardians.ts";
import { addressOf, type Draft } from "../../delivery/ledger.ts";
import { personLocale } from "../../delivery/locale.ts";
import { translator } from "../../i18n.ts";
import { fullName } from "../../resource/display.ts";
import { formatDate } from "../../resource/values.ts";
import { payUrl } from "./pay-link-token.ts";
import { payersOf } from "./payer-split.ts";

/** The ledger's `source` of the messages about what a family owes: a pay link sent by staff, or a reminder. */
export const BILLING_SOURCE = { payLink: "billingPayLink", reminder: "billingReminder" } as const;

/** An order as a family's message lists it: what it still owes, decimal text to the cent. */
export interface OwedOrder {
  id: number;
  studentId: number;
  brief: string;
  dueDate: Date;
  curr: string;
  balance: string;
}

/** Who pays each student's fees (payer-split.ts: the split's two guardians, or the payer guardian), by id. */
export async function payerIdsOf(db: TenantDb | TenantTx, studentIds: number[]): Promise<Map<number, number[]>> {
  const payers = await payersOf(db, [...new Set(studentIds)], false);
  return new Map([...payers].map(([studentId, list]) => [studentId, list.map((p) => p.relativeId)]));
}

/** E-mail to a payer with an address, and push where their browser took it: of the channels they have not opted out of. */
const channelsOf = (payer: Recipient): ChannelName[] =>
  (["mail", "push"] as const).filter(
    (c) => CHANNEL_BY_NAME[c].configured() && payer.channels.includes(c) && (c === "push" ? payer.devices > 0 : addressOf(payer, c) !== null),
  );

/**
 * The ledger rows of one message to the payers of some orders (of one student, or of siblings who share payers): each
 * payer who may be told about the students (delivery/guardians.ts), in their language, the orders listed with what
 * they owe, when they were due and, when the school takes payments online, the link that pays each (pay-link-token.ts).
 * `key` names the message: with payer and channel it is the ledger row's key, so a rerun queues nothing twice.
 */
export async function payerDrafts(
  tx: TenantTx,
  message: { source: string; key: string; texts: "billing.payLink.message" | "billing.reminders.message"; online: boolean },
  orders: OwedOrder[],
  payerIds: number[],
): Promise<Draft[]> {
  const tenantId = tenantOf(tx);
  const studentIds = [...new Set(orders.map((o) => o.studentId))];
  const [school, students, payers] = await Promise.all([
    tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { title: true, defaultLocale: true, settings: true } }),
    tx.user.findMany({ where: { id: { in: studentIds } }, select: { id: true, name: true, last: true, last2: true } }),
    readRecipients(tx, { familyOf: { id: { in: studentIds } }, people: { id: { in: payerIds } } }),
  ]);
  const givenNamesFirst = givenNamesFirstIn(school.settings);
  const names = new Map(students.map((s) => [s.id, fullName(s, givenNamesFirst)]));
  const links = new Map<number, string>();
  if (message.online) for (const order of orders) links.set(order.id, await payUrl(tenantId, order.id));
  const drafts: Draft[] = [];
  for (const payer of payers) {
    const channels = channelsOf(payer);
    if (!channels.length) continue;
    const locale = personLocale(payer, school.defaultLocale);
    const t = translator(locale);
    const lines = orders.map((order) => {
      const line = t("billing.payLink.line", {
        student: names.get(order.studentId) ?? "",
        concept: order.brief,
        amount: `${new Prisma.Decimal(order.balance).toFixed(2)} ${order.curr}`,
        date: formatDate(order.dueDate),
      });
      const link = links.get(order.id);
      return link ? `${line}\n  ${t("billing.payLink.payOnline", { link })}` : line;
    });
    const values = { guardian: fullName(payer, givenNamesFirst), school: school.title, lines: lines.join("\n") };
    for (const channel of channels)
      drafts.push({
        key: `${message.key}:${payer.id}:${channel}`,
        source: message.source,
        sourceId: orders[0]?.id ?? null,
        userId: payer.id,
        aboutId: payer.aboutId,
        channel,
        address: addressOf(payer, channel),
        locale,
        subject: t(`${message.texts}.subject`, values),
        text: t(channel === "push" ? `${message.texts}.push` : `${message.texts}.text`, { ...values, count: orders.length }),
      });
  }
  return drafts;
}
