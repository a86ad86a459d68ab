import {
  AUTO_CHARGE_ROWS,
  AUTO_CHARGE_STATUS,
  fullName,
  ORDER_STATUS,
  PAYMENT_STATUS,
  type TAutoChargeAnswer,
  type TAutoChargePreview,
  type TAutoChargeRun,
} from "@pizarra/contracts";
import { Prisma, type TenantTx, tenantOf } from "@pizarra/db";
import { cardProvider } from "../../channels/payments/index.ts";
import { enqueue } from "../../delivery/queue.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { parseDate } from "../../resource/values.ts";
import { AUTO_CHARGE_JOB, AUTO_CHARGE_JOB_SIZE } from "./auto-charge-job.ts";
import { PAYER_KINDS } from "./auto-charge-cards.ts";

/**
 * The automatic charge (001 §7 `GET` and `POST admBilling/automaticCharge/{date}?confirm=true`): every unpaid order due
 * on or before the date whose payer guardian keeps a card on file is charged its balance, off-session, by the worker.
 * The school's run of a date is one row (unique (tenantId, date)) and each order's attempt of the date another (unique
 * (tenantId, orderId, date)), both written in the confirm's transaction with the jobs that charge them: a second
 * confirm, or two at once, find the first run and charge nothing. Amounts stay numeric text from SQL to the answer.
 */

type Params = { params: { date: string } };

/** The payer guardian as billing/ledger.ts receiptParties picks them: an open guardian link, the one that pays first. */
const payerJoin = (tenantId: number) => Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT k."relativeId" FROM "Kinship" k
    WHERE k."tenantId" = ${tenantId} AND k."studentId" = o."studentId" AND k."endedAt" IS NULL
      AND k."userKind" IN (${Prisma.join(PAYER_KINDS)}) AND k."contactRights"
    ORDER BY k.pays DESC, k."userKind" ASC, k."relativeId" ASC LIMIT 1
  ) g ON true`;

/**
 * The school's unpaid orders due by `day` that still owe something, each with its balance (total less what its
 * confirmed payments settled, their penalties aside, as the ledger counts it), payer guardian and that guardian's card
 * at the provider (null without one). One statement: the whole school is read in the database, not in Node.
 */
const dueOrders = (tenantId: number, day: Date, provider: string) => Prisma.sql`
  SELECT o.id, o."easyId", o.brief, o."dueDate", o.curr, o."studentId", g."relativeId" AS "guardianId",
         c.id AS "cardId", c.brand, c.last4, b.balance
  FROM "Order" o
  -- An order nothing was paid of (most of those due) owes its total: its payments are read only when it has some.
  CROSS JOIN LATERAL (
    SELECT CASE WHEN o.paid = 0 THEN o.total ELSE o.total - (
      SELECT COALESCE(sum(p.amount - p.penalty), 0) FROM "Payment" p
      WHERE p."tenantId" = ${tenantId} AND p."orderId" = o.id AND p.status = ${PAYMENT_STATUS.confirmed}
    ) END AS balance
  ) b
  ${payerJoin(tenantId)}
  LEFT JOIN "CardOnFile" c ON c."tenantId" = ${tenantId} AND c."guardianId" = g."relativeId" AND c.provider = ${provider}
  WHERE o."tenantId" = ${tenantId} AND o.status = ${ORDER_STATUS.unpaid} AND o."dueDate" <= ${day} AND b.balance > 0`;

type Total = { curr: string; count: number; amount: string };
interface PreviewRow {
  id: number;
  easyId: string;
  brief: string;
  dueDate: Date;
  curr: string;
  guardianId: number;
  brand: string;
  last4: string;
  balance: string;
  sName: string;
  sLast: string | null;
  sLast2: string | null;
  gName: string;
  gLast: string | null;
  gLast2: string | null;
}

const providerName = () => cardProvider()?.name ?? "stripe";
const dayText = (day: Date) => day.toISOString().slice(0, 10);

/** The preview of a date: totals per currency of what would be charged and of what has no card, and the first rows. */
async function preview(tx: TenantTx, day: Date, givenNamesFirst: boolean): Promise<TAutoChargePreview> {
  const tenantId = tenantOf(tx);
  const [row] = await tx.$queryRaw<{ totals: (Total & { card: boolean })[] | null; rows: PreviewRow[] | null }[]>`
    WITH due AS MATERIALIZED (${dueOrders(tenantId, day, providerName())}),
    totals AS (
      SELECT "cardId" IS NOT NULL AS card, curr, count(*)::int AS count, sum(balance)::text AS amount FROM due GROUP BY 1, 2 ORDER BY 2
    ),
    shown AS (
      SELECT d.id, d."easyId", d.brief, d."dueDate", d.curr, d."guardianId", d.brand, d.last4, d.balance::text AS balance,
             s.name AS "sName", s.last AS "sLast", s.last2 AS "sLast2", r.name AS "gName", r.last AS "gLast", r.last2 AS "gLast2"
      FROM due d
      JOIN "User" s ON s."tenantId" = ${tenantId} AND s.id = d."studentId"
      JOIN "User" r ON r."tenantId" = ${tenantId} AND r.id = d."guardianId"
      WHERE d."cardId" IS NOT NULL ORDER BY d."dueDate", d.id LIMIT ${AUTO_CHARGE_ROWS}
    )
    SELECT (SELECT json_agg(t) FROM totals t) AS totals, (SELECT json_agg(s ORDER BY s."dueDate", s.id) FROM shown s) AS rows`;
  const totals = row?.totals ?? [];
  const pick = (card: boolean) => totals.filter((t) => t.card === card).map(({ curr, count, amount }) => ({ curr, count, amount: money(amount) }));
  const charged = pick(true);
  const without = pick(false);
  const count = (list: Total[]) => list.reduce((n, t) => n + t.count, 0);
  return {
    count: count(charged),
    totals: charged,
    withoutCard: { count: count(without), totals: without },
    rows: (row?.rows ?? []).map((r) => ({
      orderId: r.id,
      easyId: r.easyId,
      brief: r.brief,
      dueDate: String(r.dueDate).slice(0, 10),
      student: fullName({ name: r.sName, last: r.sLast, last2: r.sLast2 }, givenNamesFirst),
      guardian: fullName({ name: r.gName, last: r.gLast, last2: r.gLast2 }, givenNamesFirst),
      guardianId: r.guardianId,
      brand: r.brand,
      last4: r.last4,
      balance: money(r.balance),
      curr: r.curr,
    })),
  };
}

/** numeric's text to the cent ("350.5" → "350.50"), by Decimal: never a float. */
const money = (text: string) => new Prisma.Decimal(text).toFixed(2);

/** The run of a date as the screen follows it: counts by state, what was collected, the unsuccessful attempts first. */
async function runOf(tx: TenantTx, day: Date, givenNamesFirst: boolean): Promise<TAutoChargeRun | null> {
  const run = await tx.autoChargeRun.findFirst({ where: { date: day }, select: { id: true, total: true, createdAt: true } });
  if (!run) return null;
  const [groups, collected, attempts] = await Promise.all([
    tx.autoChargeAttempt.groupBy({ by: ["status"], where: { runId: run.id }, _count: { _all: true } }),
    tx.autoChargeAttempt.groupBy({
      by: ["curr"],
      where: { runId: run.id, status: AUTO_CHARGE_STATUS.succeeded },
      orderBy: { curr: "asc" },
      _count: { _all: true },
      _sum: { amount: true },
    }),
    tx.autoChargeAttempt.findMany({
      where: { runId: run.id },
      orderBy: [{ status: "asc" }, { id: "asc" }],
      take: AUTO_CHARGE_ROWS,
      select: {
        orderId: true,
        brand: true,
        last4: true,
        amount: true,
        curr: true,
        status: true,
        reason: true,
        message: true,
        order: { select: { student: { select: { name: true, last: true, last2: true } } } },
      },
    }),
  ]);
  const n = (status: number) => groups.find((g) => g.status === status)?._count._all ?? 0;
  const queued = n(AUTO_CHARGE_STATUS.queued);
  const charged = n(AUTO_CHARGE_STATUS.charged);
  return {
    id: run.id,
    createdAt: run.createdAt.toISOString(),
    total: run.total,
    done: run.total - queued,
    succeeded: n(AUTO_CHARGE_STATUS.succeeded),
    charged,
    declined: n(AUTO_CHARGE_STATUS.declined),
    failed: n(AUTO_CHARGE_STATUS.failed),
    skipped: n(AUTO_CHARGE_STATUS.skipped),
    finished: queued === 0 && charged === 0,
    collected: collected.map((c) => ({ curr: c.curr, count: c._count._all, amount: (c._sum.amount ?? new Prisma.Decimal(0)).toFixed(2) })),
    attempts: attempts.map((a) => ({
      orderId: a.orderId,
      student: fullName(a.order.student, givenNamesFirst),
      brand: a.brand,
      last4: a.last4,
      amount: a.amount.toFixed(2),
      curr: a.curr,
      status: a.status,
      reason: a.reason,
      message: a.message,
    })),
  };
}

/**
 * GET admBilling/automaticCharge/{date}: what the date's charge would take (the preview) and, once confirmed, its run;
 * with `progress=true` the run alone, which the screen polls while the worker charges.
 */
export async function previewAutoCharge(ctx: AuthedContext & Params & { query: { progress?: "true" | "false" } }): Promise<Reply<TAutoChargeAnswer>> {
  const day = parseDate(ctx.params.date);
  const { givenNamesFirst } = ctx.user;
  return ctx.db.$transaction(async (tx) => ({
    data: {
      date: dayText(day),
      preview: ctx.query.progress === "true" ? null : await preview(tx, day, givenNamesFirst),
      run: await runOf(tx, day, givenNamesFirst),
    },
  }));
}

/**
 * POST admBilling/automaticCharge/{date}?confirm=true: the date's run, taken once. The run's row is inserted first
 * (a second confirm of the date waits on the unique index until the first commits, then finds it and answers it),
 * then one attempt per order due with a card, copied from the same statement as the preview, then the jobs that
 * charge them in batches: all in one transaction, so a run exists exactly with its attempts and jobs. Without
 * confirm=true it is the dry run, the preview.
 */
export async function confirmAutoCharge(ctx: AuthedContext & Params & { query: { confirm?: "true" | "false" } }): Promise<Reply<TAutoChargeAnswer>> {
  const day = parseDate(ctx.params.date);
  const date = dayText(day);
  const { givenNamesFirst } = ctx.user;
  if (ctx.query.confirm !== "true") return ctx.db.$transaction(async (tx) => ({ data: { date, preview: await preview(tx, day, givenNamesFirst), run: null } }));
  const provider = cardProvider();
  if (!provider) throw new AppError(-409, "billing.autoCharge.off", 409);
  return ctx.db.$transaction(
    async (tx): Promise<Reply<TAutoChargeAnswer>> => {
      const tenantId = tenantOf(tx);
      const [taken] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO "AutoChargeRun" ("tenantId", date, "createdById") VALUES (${tenantId}, ${day}, ${ctx.user.id})
        ON CONFLICT ("tenantId", date) DO NOTHING RETURNING id`;
      if (!taken)
        return { data: { date, preview: null, run: await runOf(tx, day, givenNamesFirst) }, msgKey: "billing.autoCharge.already", msgValues: { date } };
      const ids = await tx.$queryRaw<{ id: number }[]>`
        WITH due AS (${dueOrders(tenantId, day, provider.name)})
        INSERT INTO "AutoChargeAttempt" ("tenantId", "runId", "orderId", date, amount, curr, "cardId", brand, last4, status, "updatedAt")
        SELECT ${tenantId}, ${taken.id}, id, ${day}, balance, curr, "cardId", brand, last4, ${AUTO_CHARGE_STATUS.queued}, now()
        FROM due WHERE "cardId" IS NOT NULL ORDER BY "dueDate", id
        ON CONFLICT ("tenantId", "orderId", date) DO NOTHING RETURNING id`;
      if (ids.length === 0) throw new AppError(-404, "billing.autoCharge.nothingDue", 404, { date });
      await tx.autoChargeRun.update({ where: { id: taken.id }, data: { total: ids.length } });
      const batches = [];
      for (let i = 0; i < ids.length; i += AUTO_CHARGE_JOB_SIZE) {
        const chunk = ids.slice(i, i + AUTO_CHARGE_JOB_SIZE).map((r) => r.id);
        batches.push({ data: { tenantId, runId: taken.id, ids: chunk }, key: `auto-charge:${tenantId}:${taken.id}:${chunk[0]}` });
      }
      await enqueue(tx, AUTO_CHARGE_JOB, batches);
      await audit(tx, ctx, "admBilling", "create", `automaticCharge/${date}`, { run: taken.id, attempts: ids.length });
      return {
        data: { date, preview: null, run: await runOf(tx, day, givenNamesFirst) },
        msgKey: "billing.autoCharge.started",
        msgValues: { date, total: ids.length },
      };
    },
    { timeout: 60_000 },
  );
}
