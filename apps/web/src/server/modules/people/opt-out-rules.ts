import type { TenantDb, TenantTx } from "@pizarra/db";
import { CHANNELS, type ChannelName } from "../../channels/channel.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { refuse } from "../../resource/refuse.ts";
import { formatDateTime } from "../../resource/values.ts";

type Row = Record<string, unknown>;
const R = "admRelatives";
/** How an opt-out can have been asked (ChannelOptOut.via); anything else is told without the how. */
const VIAS = new Set(["staff", "reply", "link"]);

const isChannel = (value: unknown): value is ChannelName => CHANNELS.includes(value as ChannelName);

/**
 * A guardian's `optOut` (virtual) is the set of channels they asked not to be written on, kept as
 * ChannelOptOut rows that queueMessages honours. A save writes the difference in the edit's transaction: a channel
 * ticked gets a row "asked through staff", one unticked loses its row whoever asked (a STOP reply included: staff
 * heard the person want it back). A save without the field leaves them as they are.
 */
export const optOutRules: ResourceRules = {
  async afterSave(tx, id, virtual, ctx) {
    if (virtual.optOut === undefined) return;
    const wanted = virtual.optOut ?? [];
    if (!Array.isArray(wanted) || !wanted.every(isChannel)) refuse(ctx, R, "optOut", "validation.option");
    const userId = Number(id);
    const want = new Set<ChannelName>(wanted);
    // Only the channels this form offers are its to change; a row of another kind stays.
    const have = new Set((await tx.channelOptOut.findMany({ where: { userId }, select: { channel: true } })).map((o) => o.channel).filter(isChannel));
    const gone = [...have].filter((c) => !want.has(c));
    const added = [...want].filter((c) => !have.has(c));
    if (gone.length) await tx.channelOptOut.deleteMany({ where: { userId, channel: { in: gone } } });
    await optOut(tx, userId, added, "staff");
  },
};

/**
 * The person asked not to be written on these channels (how: staff on their record, a STOP reply, a link), honoured
 * by every send from now on (delivery/guardians.ts). Asked again, or by two ways at once, it stays one opt-out: the
 * first way it was asked is kept, and nothing fails.
 */
export async function optOut(db: TenantDb | TenantTx, userId: number, channels: ChannelName[], via: "staff" | "reply" | "link"): Promise<void> {
  if (channels.length) await db.channelOptOut.createMany({ data: channels.map((channel) => ({ userId, channel, via })), skipDuplicates: true });
}

/**
 * The relatives' rows as staff read them: `optOut`, the channels they opted out of, and `optOutSince`, when and how
 * each was asked in the reader's language ("WhatsApp: replied STOP on 2026-11-20"), null when there is none.
 */
export async function optOutStatus(db: TenantDb | TenantTx, rows: Row[], ctx: AuthedContext): Promise<void> {
  const ids = rows.map((r) => r.ID).filter((id): id is number => typeof id === "number");
  if (ids.length === 0) return;
  const outs = await db.channelOptOut.findMany({
    where: { userId: { in: ids } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { userId: true, channel: true, via: true, createdAt: true },
  });
  for (const row of rows) {
    const mine = outs.filter((o) => o.userId === row.ID && isChannel(o.channel));
    row.optOut = CHANNELS.filter((c) => mine.some((o) => o.channel === c));
    const said = mine.map((o) =>
      ctx.t(`resources.${R}.optOutVia.${VIAS.has(o.via) ? o.via : "other"}`, {
        channel: ctx.t(`resources.${R}.options.optOut.${o.channel}`),
        date: formatDateTime(o.createdAt).slice(0, 10),
      }),
    );
    row.optOutSince = said.length ? said.join(" · ") : null;
  }
}
