import type { TConversationDashboard } from "@pizarra/contracts";
import { tenantOf } from "@pizarra/db";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { visibleWhere } from "./visibility.ts";

/** The spec's fixed UTC-5 (000 §9): a day of the charts is a day there. */
const SHOWN_OFFSET = "5 hours";
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * GET admConversations/dashboard?from&to (002 §3 "Stats data", its conversations' part): conversations and families'
 * messages a day, how many of a day's conversations the assistant handled alone (never handed to a person, no staff
 * reply), and the conversations by type; over the caller's conversations only (visibleWhere), the last 30 days unless
 * said.
 */
export async function conversationDashboard(ctx: AuthedContext & { query: { from?: string; to?: string } }): Promise<Reply<TConversationDashboard>> {
  const to = ctx.query.to ? new Date(`${ctx.query.to}T23:59:59.999-05:00`) : new Date();
  const from = ctx.query.from ? new Date(`${ctx.query.from}T00:00:00-05:00`) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  const visible = await visibleWhere(ctx);
  const guardians = "guardianId" in visible ? (visible.guardianId as { in: number[] }).in : null;
  const rows = await ctx.db.$queryRawUnsafe<{ day: string; conversations: number; handled: number; messages: number }[]>(
    `WITH c AS (
       SELECT c.id, c."createdAt", (c.escalation IS NULL AND c.type <> 'human'
              AND NOT EXISTS (SELECT 1 FROM "ConversationMessage" s WHERE s."tenantId" = c."tenantId" AND s."conversationId" = c.id AND s.author = 'staff')) AS handled
         FROM "Conversation" c
        WHERE c."tenantId" = $1 AND c."createdAt" BETWEEN $2 AND $3 AND ($4::int[] IS NULL OR c."guardianId" = ANY($4::int[]))
     ), m AS (
       SELECT to_char(m."createdAt" - interval '${SHOWN_OFFSET}', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM "ConversationMessage" m JOIN "Conversation" c ON c."tenantId" = m."tenantId" AND c.id = m."conversationId"
        WHERE m."tenantId" = $1 AND m.author = 'contact' AND m."createdAt" BETWEEN $2 AND $3 AND ($4::int[] IS NULL OR c."guardianId" = ANY($4::int[]))
        GROUP BY 1
     ), d AS (
       SELECT to_char(c."createdAt" - interval '${SHOWN_OFFSET}', 'YYYY-MM-DD') AS day, count(*)::int AS conversations, count(*) FILTER (WHERE handled)::int AS handled
         FROM c GROUP BY 1
     )
     SELECT coalesce(d.day, m.day) AS day, coalesce(d.conversations, 0) AS conversations, coalesce(d.handled, 0) AS handled, coalesce(m.n, 0) AS messages
       FROM d FULL JOIN m ON m.day = d.day ORDER BY 1`,
    tenantOf(ctx.db),
    from,
    to,
    guardians,
  );
  const types = await ctx.db.conversation.groupBy({ by: ["type"], where: { ...visible, createdAt: { gte: from, lte: to } }, _count: { _all: true } });
  return {
    data: {
      totalConversations: rows.reduce((sum, r) => sum + r.conversations, 0),
      totalMessages: rows.reduce((sum, r) => sum + r.messages, 0),
      chartConversations: rows.map((r) => ({ Key: r.day, Value: r.conversations })),
      chartMessages: rows.map((r) => ({ Key: r.day, Value: r.messages })),
      chartUnanswered: rows.map((r) => ({ Key: r.day, handled: r.handled, total: r.conversations })),
      pieTypes: types.map((t) => ({ Key: t.type, Value: t._count._all })),
    },
  };
}
