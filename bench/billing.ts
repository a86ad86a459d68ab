// The billing figures of `pnpm bench` (`pnpm bench -- billing`), on the big school's two years of pensions
// (bench/billing-seed.ts, 400,000 orders): a section's pension board for a year at 1 and 10 clients, registering a
// payment at 1 client and at 20 paying at once, and whether the receipts those payments numbered are gapless and
// unrepeated. Figures beside their targets; nothing asserts a time.
import type pg from "pg";
import { percentile, type Request } from "./config.ts";
import { BENCH_ORDER_PREFIX, BILLING_YEARS } from "./billing-seed.ts";

export const BILLING_TARGETS = { pay1: 40, board1: 60, board10: 300 } as const;
/** Sections whose boards are asked in turn, so that no answer comes from a cache warmed by the one before. */
const BOARD_SECTIONS = 200;
const SECONDS = 10;
/** Orders paid in turn, one peso at a time (a partial payment leaves each unpaid, to be paid again). */
const ORDERS = 2_000;

type Stats = { p50: number; p95: number; count: number };
const stats = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
};

export interface BillingFigures {
  /** GET admBilling/getGrid of a section for the last bench year, sections in turn. */
  board1: Stats;
  board10: Stats;
  pay1: Stats;
  pay20: Stats;
  /** The receipts the payments numbered: how many, how many distinct numbers, and the span from the first to the last. */
  receipts: { count: number; distinct: number; span: number };
}

interface Options {
  pool: pg.Pool;
  tenantId: number;
  /** The signed-in administrator's calls at `clients` for `seconds`: the time of each answer in 2xx. */
  load: (request: Request, clients: number, seconds: number) => Promise<number[]>;
  check: (request: Request) => Promise<void>;
}

export async function billingFigures({ pool, tenantId, load, check }: Options): Promise<BillingFigures> {
  const { rows: due } = await pool.query<{ id: number }>(
    `SELECT id FROM "Order" WHERE "tenantId" = $1 AND "easyId" LIKE $2 || '-%' AND status = 0 ORDER BY id LIMIT $3`,
    [tenantId, BENCH_ORDER_PREFIX, ORDERS],
  );
  if (due.length < ORDERS) throw new Error("billing: the big school has no pensions: run `pnpm bench:seed -- billing` first.");
  const { rows: sections } = await pool.query<{ id: number }>(
    `SELECT s.id FROM "Section" s WHERE s."tenantId" = $1 AND EXISTS (SELECT 1 FROM "SectionMember" m WHERE m."tenantId" = $1 AND m."sectionId" = s.id)
      ORDER BY s.id LIMIT $2`,
    [tenantId, BOARD_SECTIONS],
  );
  let shown = 0;
  const year = BILLING_YEARS[BILLING_YEARS.length - 1];
  const nextBoard = () => ({ path: `admBilling/getGrid?year=${year}&sectionId=${sections[shown++ % sections.length]!.id}`, body: undefined });
  const board: Request = { method: "GET", path: nextBoard().path, next: nextBoard };
  await check(board);
  await load(board, 1, 2);
  const board1 = stats(await load(board, 1, SECONDS));
  const board10 = stats(await load(board, 10, SECONDS));
  let turn = 0;
  const next = () => ({ path: `admBilling/setpaymentbyorder/${due[turn++ % due.length]!.id}`, body: { total: "1.00", note: "Bench" } });
  const pay: Request = { method: "POST", path: next().path, body: () => ({ total: "1.00", note: "Bench" }), next };
  await check(pay);
  const { rows: before } = await pool.query<{ at: Date }>("SELECT now() AS at");
  await load(pay, 1, 2);
  const pay1 = stats(await load(pay, 1, SECONDS));
  const pay20 = stats(await load(pay, 20, SECONDS));
  const { rows: numbered } = await pool.query<{ count: number; distinct: number; span: number }>(
    `SELECT count(*)::int AS count, count(DISTINCT number)::int AS distinct, (max(number) - min(number) + 1)::int AS span
       FROM "Receipt" WHERE "tenantId" = $1 AND series = 'R001' AND "createdAt" >= $2`,
    [tenantId, before[0]!.at],
  );
  return { board1, board10, pay1, pay20, receipts: numbered[0]! };
}

/** The figures as the bench prints them, each beside its target. */
export function printBillingFigures(f: BillingFigures, was: (key: string) => string): void {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
  const met = (ok: boolean) => (ok ? "met" : "missed");
  const row = (name: string, value: string, goal: string, key: string) =>
    console.log(`  ${name.padEnd(60)} ${value.padStart(16)}   ${goal.padEnd(18)} ${was(key) && `was ${was(key)}`}`);
  console.log("\nBilling: the big school's two years of pensions (400,000 orders):");
  row(
    "GET admBilling/getGrid, a section's year, p95 @ 1",
    `${fmt(f.board1.p95)} ms`,
    `< ${BILLING_TARGETS.board1} ms ${met(f.board1.p95 < BILLING_TARGETS.board1)}`,
    "billing board p95 @1",
  );
  row(
    `  the same @ 10 (${f.board10.count} in ${SECONDS} s)`,
    `${fmt(f.board10.p95)} ms`,
    `< ${BILLING_TARGETS.board10} ms ${met(f.board10.p95 < BILLING_TARGETS.board10)}`,
    "billing board p95 @10",
  );
  row(
    "POST admBilling/setpaymentbyorder p95 @ 1",
    `${fmt(f.pay1.p95)} ms`,
    `< ${BILLING_TARGETS.pay1} ms ${met(f.pay1.p95 < BILLING_TARGETS.pay1)}`,
    "billing pay p95 @1",
  );
  row(`  the same @ 20 paying at once (${f.pay20.count} in ${SECONDS} s)`, `${fmt(f.pay20.p95)} ms`, "", "billing pay p95 @20");
  const gapless = f.receipts.count === f.receipts.distinct && f.receipts.count === f.receipts.span;
  row(
    `  their receipts: ${f.receipts.count} numbered, ${f.receipts.distinct} distinct, a span of ${f.receipts.span}`,
    gapless ? "gapless" : "GAPS",
    `gapless ${met(gapless)}`,
    "",
  );
}
