import type { Prisma } from "@pizarra/db";
import type { ChannelName } from "../../channels/channel.ts";
import { addressOf, type Draft } from "../../delivery/ledger.ts";
import { personLocale } from "../../delivery/locale.ts";
import { type Content, type Recipient, render } from "./render.ts";

export type NotificationRow = Prisma.NotificationGetPayload<{ include: { template: true } }>;

/** The channels a notification goes out on, in the order a person would want them tried. */
export function channelsOf(n: { doWA: boolean; doMail: boolean; doPush: boolean }): ChannelName[] {
  return [...(n.doWA ? (["whatsapp"] as const) : []), ...(n.doMail ? (["mail"] as const) : []), ...(n.doPush ? (["push"] as const) : [])];
}

export const contentOf = (n: NotificationRow): Content => ({
  title: n.title,
  content: n.content,
  body: n.body,
  placeholders: n.placeholders,
  template: n.template ? { id: n.template.id, templateId: n.template.templateId, content: n.template.content } : null,
});

/** Every message of one run: each recipient on each of the notification's channels. */
export function draftsOf(n: NotificationRow, run: number, recipients: Recipient[], school: { title: string; defaultLocale: string }): Draft[] {
  const content = contentOf(n);
  const fallback = (n.fallbackChannel as ChannelName | null) ?? null;
  return recipients.flatMap((r) =>
    channelsOf(n).map((channel) => {
      const locale = personLocale(r, school.defaultLocale);
      return {
        key: `n:${n.id}:${run}:${r.id}:${channel}`,
        source: "notification",
        sourceId: n.id,
        notificationId: n.id,
        run,
        userId: r.id,
        aboutId: r.aboutId,
        channel,
        address: addressOf(r, channel),
        locale,
        urgent: n.urgent,
        fallback,
        ...render(content, channel, r, school.title, locale),
      };
    }),
  );
}
