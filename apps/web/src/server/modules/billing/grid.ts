import {
  DEFAULT_CURRENCY,
  fullName,
  GRID_FIRST_YEAR,
  GRID_PAGE_SIZE,
  gridLabelKey,
  gridLastYear,
  ORDER_STATUS,
  PAYMENT_STATUS,
  PERSON_TYPE,
  type TGridAnswer,
  type TGridModule,
  type TGridQuery,
  type TGridState,
} from "@pizarra/contracts";
import { Prisma, tenantOf } from "@pizarra/db";
import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { formatDateTime } from "../../resource/values.ts";

/**
 * The pension board (001 §7 getGrid, §9 grid years): the students of a grade or section by the months of a year, each
 * cell the orders due that month with their state and amounts. Cells and totals are summed by PostgreSQL (numeric, to
 * the cent) grouped by student and month, over the orders of one currency (soles and dollars never add up); only the
 * page's students and twelve column totals come back.
 */

interface Named {
  id: number;
  name: string;
  last: string | null;
  last2: string | null;
  externalId: string | null;
}
type Cell = Omit<TGridAnswer["rows"][number]["cells"][number], "balance">;
type PageRow = Named & { cells: string; total: string; paid: string };
type MonthTotal = { month: number | null; total: string; paid: string };
type BoardLine = Partial<Omit<PageRow, "id">> & { id: number | null; totals: string; students: number; curr: string; currencies: string[] };

const cents = (text: string) => new Prisma.Decimal(text).toFixed(2);
const amounts = (total: string, paid: string) => ({ total: cents(total), paid: cents(paid), balance: new Prisma.Decimal(total).minus(paid).toFixed(2) });

/**
 * The students the filters name ($3 section, $4 grade, else those with orders in the year between $5 and $6; a
 * withdrawn one only if they have). They are one IN list at the top of the WHERE, never an EXISTS under an OR:
 * PostgreSQL turns a sublink into a join only before it folds the parameters, so an EXISTS under an OR stays a probe
 * per student of the school and the row estimates are guesses; an IN is a semi-join it can drive from the section's
 * members, the branch the parameters rule out folded away. Then their orders of the year with what confirmed payments
 * settled of each (the
 * penalty aside), the board's currency ($12, else the one most of those orders are in, else $13), the cells of that
 * currency by student and month, and the students kept by the state filter ($8). A voided order is shown in its cell
 * but counts in no amount (its payments went back).
 */
const BOARD = `
WITH cand AS (
  SELECT u.id, u.name, u.last, u.last2, u."externalId"
    FROM "User" u
   WHERE u."tenantId" = $1 AND u.type = $2
     AND u.id IN (
           SELECT m."userId" FROM "SectionMember" m JOIN "Section" s ON s."tenantId" = m."tenantId" AND s.id = m."sectionId"
            WHERE m."tenantId" = $1 AND ($3::int IS NOT NULL OR $4::int IS NOT NULL)
              AND ($3::int IS NULL OR m."sectionId" = $3) AND ($4::int IS NULL OR s."superSectionId" = $4)
           UNION ALL
           SELECT o."studentId" FROM "Order" o
            WHERE o."tenantId" = $1 AND $3::int IS NULL AND $4::int IS NULL AND o."dueDate" >= $5::date AND o."dueDate" < $6::date)
     AND (NOT u.inactive OR EXISTS (
           SELECT 1 FROM "Order" o WHERE o."tenantId" = $1 AND o."studentId" = u.id AND o."dueDate" >= $5::date AND o."dueDate" < $6::date))
), o AS (
  SELECT o.id, o."studentId", extract(month FROM o."dueDate")::int AS month, o.status, o.total, o."dueDate", o."easyId", o.brief, o.curr,
         CASE WHEN o.status = $10 THEN 0.00 ELSE coalesce(p.settled, 0.00) END AS paid, r."refId" AS receipt
    FROM "Order" o
    JOIN cand c ON c.id = o."studentId"
    LEFT JOIN LATERAL (
      SELECT sum(p.amount - p.penalty) AS settled FROM "Payment" p WHERE p."tenantId" = $1 AND p."orderId" = o.id AND p.status = $9
    ) p ON true
    LEFT JOIN LATERAL (
      -- The latest receipt, not a refund's credit note: the one the receipt PDF's "latest" prints.
      SELECT r."refId" FROM "Receipt" r WHERE r."tenantId" = $1 AND r."orderId" = o.id AND r."creditOfId" IS NULL ORDER BY r.id DESC LIMIT 1
    ) r ON true
   WHERE o."tenantId" = $1 AND o."dueDate" >= $5::date AND o."dueDate" < $6::date
), cur AS (
  SELECT coalesce($12::text, (SELECT o.curr FROM o GROUP BY o.curr ORDER BY count(*) DESC, o.curr LIMIT 1), $13::text) AS curr,
         coalesce((SELECT array_agg(DISTINCT o.curr ORDER BY o.curr) FROM o), '{}') AS currencies
), cells AS (
  SELECT "studentId", month,
         coalesce(sum(total) FILTER (WHERE status <> $10), 0.00) AS total,
         coalesce(sum(paid) FILTER (WHERE status <> $10), 0.00) AS paid,
         CASE WHEN bool_and(status = $10) THEN 'voided'
              WHEN bool_and(status <> $11) THEN 'paid'
              WHEN bool_or(status = $11 AND "dueDate" < $7::date) THEN 'overdue'
              WHEN sum(paid) FILTER (WHERE status <> $10) > 0 THEN 'partly'
              ELSE 'pending' END AS state,
         json_agg(json_build_object(
           'ID', id, 'easyId', "easyId", 'brief', brief, 'status', status, 'dueDate', to_char("dueDate", 'YYYY-MM-DD'), 'curr', curr, 'receipt', receipt,
           'total', total::text, 'paid', paid::text, 'balance', (CASE WHEN status = $10 THEN 0.00 ELSE total - paid END)::text
         ) ORDER BY "dueDate", id) AS orders
    FROM o WHERE o.curr = (SELECT curr FROM cur) GROUP BY "studentId", month
), kept AS (
  SELECT c.* FROM cand c WHERE $8::text IS NULL OR EXISTS (SELECT 1 FROM cells x WHERE x."studentId" = c.id AND x.state = $8)
)`;

/**
 * One statement, so the board's CTEs are computed once: the summary (the months' totals and the board's, month null,
 * over every kept student, as JSON text of decimal texts; how many students; the board's currency and the currencies
 * present) on every line, beside the page's students with their cells (as JSON text) and row totals. A page with no
 * student is one line whose student is null.
 */
const BOARD_PAGE = `${BOARD}, page AS (
  SELECT k.* FROM kept k ORDER BY k.last, k.last2, k.name, k.id LIMIT $14 OFFSET $15
), summary AS (
  SELECT (SELECT json_agg(json_build_object('month', t.month, 'total', t.total::text, 'paid', t.paid::text))
            FROM (SELECT x.month, coalesce(sum(x.total), 0.00) AS total, coalesce(sum(x.paid), 0.00) AS paid
                    FROM cells x WHERE x."studentId" IN (SELECT id FROM kept) GROUP BY GROUPING SETS ((x.month), ())) t)::text AS totals,
         (SELECT count(*) FROM kept)::int AS students, (SELECT curr FROM cur) AS curr, (SELECT currencies FROM cur) AS currencies
)
SELECT s.totals, s.students, s.curr, s.currencies, k.id, k.name, k.last, k.last2, k."externalId",
       coalesce((SELECT json_agg(json_build_object('month', x.month, 'state', x.state, 'total', x.total::text, 'paid', x.paid::text, 'orders', x.orders)
                                 ORDER BY x.month) FROM cells x WHERE x."studentId" = k.id), '[]')::text AS cells,
       coalesce((SELECT sum(x.total) FROM cells x WHERE x."studentId" = k.id), 0.00)::text AS total,
       coalesce((SELECT sum(x.paid) FROM cells x WHERE x."studentId" = k.id), 0.00)::text AS paid
  FROM summary s LEFT JOIN page k ON true
 ORDER BY k.last, k.last2, k.name, k.id`;

/** GET admBilling/getGrid, admOrder/getGrid. */
export function boardOf(module: TGridModule) {
  return async (ctx: AuthedContext & { query: TGridQuery }): Promise<Reply<TGridAnswer>> => {
    const { query, t } = ctx;
    const today = formatDateTime(new Date()).slice(0, 10);
    const year = query.year ?? Number(today.slice(0, 4));
    if (query.sectionId && !(await ctx.db.section.findFirst({ where: { id: query.sectionId }, select: { id: true } })))
      throw fieldRefusal("sectionId", t("validation.option", { attribute: t(gridLabelKey("sectionId")) }));
    if (query.superSectionId && !(await ctx.db.superSection.findFirst({ where: { id: query.superSectionId }, select: { id: true } })))
      throw fieldRefusal("superSectionId", t("validation.option", { attribute: t(gridLabelKey("superSectionId")) }));
    const page = query.page ?? 1;
    const size = query.PageSize ?? GRID_PAGE_SIZE;
    const params = [
      tenantOf(ctx.db),
      PERSON_TYPE.student,
      query.sectionId ?? null,
      query.superSectionId ?? null,
      `${year}-01-01`,
      `${year + 1}-01-01`,
      today,
      query.status ?? null,
      PAYMENT_STATUS.confirmed,
      ORDER_STATUS.voided,
      ORDER_STATUS.unpaid,
      query.curr ?? null,
      DEFAULT_CURRENCY,
    ];
    const lines = await ctx.db.$queryRawUnsafe<BoardLine[]>(BOARD_PAGE, ...params, size, (page - 1) * size);
    const summary = lines[0]!;
    const rows = lines.filter((line): line is BoardLine & PageRow => line.id !== null);
    const byMonth = new Map((JSON.parse(summary.totals) as MonthTotal[]).map((r) => [r.month, r]));
    // GROUPING SETS' () line is there even when no cell is: the board's total.
    const grand = byMonth.get(null)!;
    return {
      data: {
        year,
        years: { first: GRID_FIRST_YEAR[module], last: gridLastYear() },
        today,
        curr: summary.curr,
        currencies: summary.currencies,
        count: summary.students,
        page,
        PageSize: size,
        rows: rows.map((row) => ({
          studentId: row.id,
          name: fullName(row, ctx.user.givenNamesFirst),
          code: row.externalId,
          cells: (JSON.parse(row.cells) as Cell[]).map((cell) => ({ ...cell, state: cell.state as TGridState, ...amounts(cell.total, cell.paid) })),
          ...amounts(row.total, row.paid),
        })),
        columns: Array.from({ length: 12 }, (_, i) => {
          const column = byMonth.get(i + 1);
          return { month: i + 1, ...amounts(column?.total ?? "0", column?.paid ?? "0") };
        }),
        ...amounts(grand.total, grand.paid),
      },
    };
  };
}
