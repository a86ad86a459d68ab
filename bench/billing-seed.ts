// The big school's two years of pensions for `pnpm bench:seed` (and `pnpm bench:seed -- billing` on a bench database
// seeded before it): 10 monthly orders (March to December) per student for two years, 400,000 orders for 20,000
// students, each with its line, and the payments, receipts and refunds a school's year leaves: most past months paid
// (some with a penalty), some paid in part, a few refunded (the order voided, its receipts ANULADO), the rest due.
// Written by set-based statements in the database, as the product writes them: receipts numbered in the R001 series in
// the order they were paid, and the series' counter left after the last.
import type pg from "pg";
import { PERSON_TYPE } from "../packages/contracts/src/person-types.ts";

/** The years of pensions, the last one the current. */
export const BILLING_YEARS = [2025, 2026] as const;
/** The months billed: March to December (10 a year). */
const MONTHS = [3, 12] as const;
/** Orders of the bench are told apart by their code's prefix. */
export const BENCH_ORDER_PREFIX = "BP";
const PENSION = "350.00";

export async function seedBilling(pool: pg.Pool, tenantId: number, log: (line: string) => void): Promise<{ orders: number; payments: number }> {
  const { rows: existing } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Order" WHERE "tenantId" = $1 AND "easyId" LIKE $2 || '-%'`, [
    tenantId,
    BENCH_ORDER_PREFIX,
  ]);
  if (existing[0]!.n > 0) {
    log(`billing: the big school has its ${existing[0]!.n.toLocaleString("en")} bench orders already`);
    await seedCardsOnFile(pool, tenantId, log);
    return { orders: 0, payments: 0 };
  }
  const client = await pool.connect();
  let at = Date.now();
  const step = (what: string) => {
    log(`billing: ${what} in ${((Date.now() - at) / 1000).toFixed(1)} s`);
    at = Date.now();
  };
  try {
    await client.query("BEGIN");
    // Day by day: a month's state follows its due date against today (a month to come is due; one gone is paid by
    // most, in part by some, refunded for a few, and still owed by the rest, overdue), spread by the student's id.
    const orders = await client.query(
      `INSERT INTO "Order" ("tenantId", "easyId", "externalId", "studentId", curr, total, paid, status, brief, "dueDate", created, "hasPenalty",
                            "principalName", "dependantName", "updatedAt")
       SELECT $1, $2 || '-' || s.id || '-' || y || lpad(m::text, 2, '0'), coalesce(s."externalId", s.id::text), s.id, 'PEN', $3::numeric, 0, 0,
              'Pensión ' || lpad(m::text, 2, '0') || '/' || y, make_date(y, m, 28), make_date(y, m, 1), true,
              NULL, s.last || ' ' || coalesce(s.last2 || ' ', '') || s.name, now()
         FROM "User" s, generate_series($4::int, $5::int) y, generate_series($6::int, $7::int) m
        WHERE s."tenantId" = $1 AND s.type = $8 AND NOT s.inactive`,
      [tenantId, BENCH_ORDER_PREFIX, PENSION, BILLING_YEARS[0], BILLING_YEARS[1], MONTHS[0], MONTHS[1], PERSON_TYPE.student],
    );
    // Inside the transaction too: the foreign keys' checks of the rows below are planned from the tables' statistics,
    // and a table still counted at a thousand rows has them scan a school's orders for each line.
    await client.query(`ANALYZE "Order"`);
    step(`${orders.rowCount} orders`);
    await client.query(
      `INSERT INTO "OrderDetail" ("tenantId", "orderId", item, quantity, amount)
       SELECT o."tenantId", o.id, 'Pensión', 1, o.total FROM "Order" o WHERE o."tenantId" = $1 AND o."easyId" LIKE $2 || '-%'`,
      [tenantId, BENCH_ORDER_PREFIX],
    );
    step("their lines");
    // Who paid what: 100 in 100 of the months gone by, by the student and month: 0-79 paid (every tenth with a
    // penalty), 80-86 paid in part, 87-89 paid then refunded, 90-99 still owed.
    await client.query(
      `CREATE TEMP TABLE bench_pay ON COMMIT DROP AS
       SELECT o.id AS "orderId", o.total, o."dueDate", (o."studentId" * 7 + extract(month FROM o."dueDate")::int * 13) % 100 AS fate
         FROM "Order" o WHERE o."tenantId" = $1 AND o."easyId" LIKE $2 || '-%' AND o."dueDate" < current_date`,
      [tenantId, BENCH_ORDER_PREFIX],
    );
    await client.query("ANALYZE bench_pay");
    const payments = await client.query(
      `INSERT INTO "Payment" ("tenantId", "orderId", amount, "receiptAmount", penalty, date, type, method, note, status)
       SELECT $1, p."orderId",
              CASE WHEN p.fate BETWEEN 80 AND 86 THEN p.total / 2 WHEN p.fate % 10 = 3 THEN p.total + 15 ELSE p.total END,
              CASE WHEN p.fate BETWEEN 80 AND 86 THEN p.total / 2 ELSE p.total END,
              CASE WHEN p.fate < 80 AND p.fate % 10 = 3 THEN 15 ELSE 0 END,
              p."dueDate" - (p.fate % 20), CASE WHEN p.fate % 4 = 0 THEN 3 ELSE 2 END, CASE WHEN p.fate % 4 = 0 THEN 'DEPOSIT' ELSE 'CASH' END,
              'Caja', 1
         FROM bench_pay p WHERE p.fate < 90`,
      [tenantId],
    );
    await client.query(`ANALYZE "Payment"`);
    step(`${payments.rowCount} payments`);
    const { rows: base } = await client.query<{ next: number }>(
      `SELECT coalesce(max(next), 1) AS next FROM "ReceiptSeries" WHERE "tenantId" = $1 AND series = 'R001'`,
      [tenantId],
    );
    await client.query(
      `INSERT INTO "Receipt" ("tenantId", type, date, "refId", series, number, "datePaid", "dueDate", "dependantName", "dependantCode", brief, amount, curr,
                              code, paid, voided, "orderId", "studentId", "paymentId", "updatedAt")
       SELECT $1, 0, n.date, 'R001-' || lpad(n.number::text, 6, '0'), 'R001', n.number, n.date, o."dueDate", o."dependantName", o."externalId", o.brief,
              n."receiptAmount", o.curr, extract(month FROM o."dueDate")::int, true, false, o.id, o."studentId", n.id, now()
         FROM (SELECT p.*, $2::int - 1 + row_number() OVER (ORDER BY p.date, p.id) AS number FROM "Payment" p
                WHERE p."tenantId" = $1 AND p."orderId" IN (SELECT "orderId" FROM bench_pay)) n
         JOIN "Order" o ON o."tenantId" = n."tenantId" AND o.id = n."orderId"`,
      [tenantId, base[0]!.next],
    );
    step("their receipts");
    await client.query(
      `INSERT INTO "ReceiptSeries" ("tenantId", series, next)
       SELECT $1, 'R001', max(number) + 1 FROM "Receipt" WHERE "tenantId" = $1 AND series = 'R001'
       ON CONFLICT ("tenantId", series) DO UPDATE SET next = EXCLUDED.next`,
      [tenantId],
    );
    // The orders as their payments leave them, then the refunds: voided, their receipts ANULADO.
    await client.query(
      `UPDATE "Order" o SET paid = s.amount, status = CASE WHEN s.settled >= o.total THEN 1 ELSE 0 END
         FROM (SELECT "orderId", sum(amount) AS amount, sum(amount - penalty) AS settled FROM "Payment" WHERE "tenantId" = $1 GROUP BY "orderId") s
        WHERE o."tenantId" = $1 AND o.id = s."orderId"`,
      [tenantId],
    );
    await client.query(
      `INSERT INTO "Refund" ("tenantId", "orderId", amount, note, date)
       SELECT $1, p."orderId", o.paid, 'Retiro', p."dueDate" + 20 FROM bench_pay p JOIN "Order" o ON o."tenantId" = $1 AND o.id = p."orderId"
        WHERE p.fate BETWEEN 87 AND 89`,
      [tenantId],
    );
    await client.query(`UPDATE "Order" o SET status = -1, paid = 0 FROM "Refund" r WHERE r."tenantId" = $1 AND o."tenantId" = $1 AND o.id = r."orderId"`, [
      tenantId,
    ]);
    await client.query(`UPDATE "Receipt" c SET voided = true FROM "Refund" r WHERE r."tenantId" = $1 AND c."tenantId" = $1 AND c."orderId" = r."orderId"`, [
      tenantId,
    ]);
    await client.query("COMMIT");
    await pool.query(`ANALYZE "Order", "OrderDetail", "Payment", "Receipt", "Refund"`);
    await seedCardsOnFile(pool, tenantId, log);
    return { orders: orders.rowCount ?? 0, payments: payments.rowCount ?? 0 };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/** The share of payer guardians who keep a card on file for the automatic charge, in percent. */
const CARD_SHARE = 30;

/**
 * Cards on file for the automatic charge's preview (001 §7 automaticCharge): a share of the big school's payer
 * guardians keep one at the sandbox's provider. A step of its own, also run on a bench database seeded before it
 * (`pnpm bench:seed -- billing`): what is there already is kept (the unique guardian and provider).
 */
export async function seedCardsOnFile(pool: pg.Pool, tenantId: number, log: (line: string) => void): Promise<number> {
  const begun = Date.now();
  const cards = await pool.query(
    `INSERT INTO "CardOnFile" ("tenantId", "guardianId", provider, "customerId", "paymentMethodId", brand, last4, "expMonth", "expYear", "updatedAt")
     SELECT DISTINCT ON (k."relativeId") $1, k."relativeId", 'stripe', 'cus_bench_' || k."relativeId", 'pm_bench_' || k."relativeId",
            'visa', lpad((k."relativeId" % 10000)::text, 4, '0'), 1 + k."relativeId" % 12, 2028 + k."relativeId" % 4, now()
       FROM "Kinship" k
      WHERE k."tenantId" = $1 AND k."endedAt" IS NULL AND k."userKind" IN (0, 1) AND k."contactRights" AND k."relativeId" % 100 < $2
     ON CONFLICT ("tenantId", "guardianId", provider) DO NOTHING`,
    [tenantId, CARD_SHARE],
  );
  await pool.query(`ANALYZE "CardOnFile"`);
  log(`billing: ${cards.rowCount} cards on file in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  return cards.rowCount ?? 0;
}
