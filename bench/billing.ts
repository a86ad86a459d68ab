// The billing figures of `pnpm bench` (`pnpm bench -- billing`), on the big school's two years of pensions
// (bench/billing-seed.ts, 400,000 orders): registering a payment at 1 client and at 20 paying at once, whether the
// receipts those payments numbered are gapless and unrepeated, and the receipts zip of a month's worth of receipts.
// Figures beside their targets; nothing asserts a time.
import type pg from "pg";
import { zipEntryCounter } from "../apps/web/src/components/billing/zip-entries.ts";
import { readZip } from "../apps/web/src/test-support/read-zip.ts";
import { percentile, type Request } from "./config.ts";
import { BENCH_ORDER_PREFIX } from "./billing-seed.ts";

export const BILLING_TARGETS = { pay1: 40, zipReceipts: 20_000, zipPerSecond: 100, zipRssGrowthMB: 100 } as const;
const SECONDS = 10;
/** Orders paid in turn, one peso at a time (a partial payment leaves each unpaid, to be paid again). */
const ORDERS = 2_000;

type Stats = { p50: number; p95: number; count: number };
const stats = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
};

export interface BillingFigures {
  pay1: Stats;
  pay20: Stats;
  /** The receipts the payments numbered: how many, how many distinct numbers, and the span from the first to the last. */
  receipts: { count: number; distinct: number; span: number };
  zip: ZipFigures;
}

interface ZipFigures {
  from: string;
  to: string;
  /** Receipts dated in the range, the files the zip held as it streamed, and those JSZip read back from it. */
  expected: number;
  streamed: number;
  readBack: number;
  seconds: number;
  megabytes: number;
  rssBeforeMB: number;
  rssPeakMB: number;
}

interface Options {
  pool: pg.Pool;
  tenantId: number;
  base: string;
  token: string;
  /** Resident memory of the web server and its children, in kB. */
  rss: () => number;
  /** The signed-in administrator's calls at `clients` for `seconds`: the time of each answer in 2xx. */
  load: (request: Request, clients: number, seconds: number) => Promise<number[]>;
  check: (request: Request) => Promise<void>;
}

export async function billingFigures({ pool, tenantId, base, token, rss, load, check }: Options): Promise<BillingFigures> {
  const { rows: due } = await pool.query<{ id: number }>(
    `SELECT id FROM "Order" WHERE "tenantId" = $1 AND "easyId" LIKE $2 || '-%' AND status = 0 ORDER BY id LIMIT $3`,
    [tenantId, BENCH_ORDER_PREFIX, ORDERS],
  );
  if (due.length < ORDERS) throw new Error("billing: the big school has no pensions: run `pnpm bench:seed -- billing` first.");
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
  return { pay1, pay20, receipts: numbered[0]!, zip: await zipFigures(pool, tenantId, base, token, rss) };
}

/**
 * GET admBilling/report/receipts/zip over the days from the first of the busiest month until it holds 20,000 receipts
 * (a month of a big school's receipts): how fast the receipts arrive and how much the server grows meanwhile. The
 * files are counted as the bytes stream in, as the screen counts them, and read back once more by jszip.
 */
async function zipFigures(pool: pg.Pool, tenantId: number, base: string, token: string, rss: () => number): Promise<ZipFigures> {
  const { rows } = await pool.query<{ from: string; to: string; expected: number }>(
    `WITH month AS (
       SELECT date_trunc('month', date)::date AS first FROM "Receipt" WHERE "tenantId" = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1
     ), days AS (
       SELECT r.date, sum(count(*)) OVER (ORDER BY r.date) AS running
         FROM "Receipt" r, month WHERE r."tenantId" = $1 AND r.date >= month.first GROUP BY r.date
     )
     SELECT to_char(month.first, 'YYYY-MM-DD') AS "from", to_char(min(days.date), 'YYYY-MM-DD') AS "to",
            min(days.running)::int AS expected
       FROM month, days WHERE days.running >= $2 GROUP BY month.first`,
    [tenantId, BILLING_TARGETS.zipReceipts],
  );
  const range = rows[0];
  if (!range) throw new Error(`billing: the big school has fewer than ${BILLING_TARGETS.zipReceipts} receipts from its busiest month on.`);
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25);
  const started = performance.now();
  const res = await fetch(`${base}/api/admBilling/report/receipts/zip?from=${range.from}&to=${range.to}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`billing zip: HTTP ${res.status} ${await res.text()}`);
  const count = zipEntryCounter();
  const chunks: Uint8Array[] = [];
  let streamed = 0;
  const reader = res.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    streamed = count(read.value);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const file = Buffer.concat(chunks);
  const readBack = [...(await readZip(file)).keys()].filter((name) => name.endsWith(".pdf")).length;
  return { ...range, streamed, readBack, seconds, megabytes: file.length / 1024 / 1024, rssBeforeMB: before / 1024, rssPeakMB: peak / 1024 };
}

/** The figures as the bench prints them, each beside its target. */
export function printBillingFigures(f: BillingFigures, was: (key: string) => string): void {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
  const met = (ok: boolean) => (ok ? "met" : "missed");
  const row = (name: string, value: string, goal: string, key: string) =>
    console.log(`  ${name.padEnd(60)} ${value.padStart(16)}   ${goal.padEnd(18)} ${was(key) && `was ${was(key)}`}`);
  console.log("\nBilling: the big school's two years of pensions (400,000 orders):");
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
  const z = f.zip;
  const perSecond = z.streamed / z.seconds;
  const growth = z.rssPeakMB - z.rssBeforeMB;
  const whole = z.streamed === z.expected && z.readBack === z.expected;
  row(
    `GET admBilling/report/receipts/zip ${z.from}..${z.to}: receipts a second`,
    `${fmt(perSecond)}/s`,
    `>= ${BILLING_TARGETS.zipPerSecond}/s ${met(perSecond >= BILLING_TARGETS.zipPerSecond)}`,
    "billing zip receipts per second",
  );
  row(
    `  server RSS growth (${fmt(z.rssBeforeMB)} MB before, ${fmt(z.rssPeakMB)} MB at peak)`,
    `${fmt(growth)} MB`,
    `< ${BILLING_TARGETS.zipRssGrowthMB} MB ${met(growth < BILLING_TARGETS.zipRssGrowthMB)}`,
    "billing zip RSS growth MB",
  );
  row(
    `  ${z.expected} receipts dated in the range; ${z.streamed} streamed, ${z.readBack} read back (${fmt(z.megabytes)} MB, ${fmt(z.seconds)} s)`,
    whole ? "all" : "MISSING",
    `all ${met(whole)}`,
    "",
  );
}

// ---- Automatic charge (001 §7 automaticCharge): the whole school's preview ----

export const AUTO_CHARGE_TARGETS = { preview: 2000 } as const;
/** Previews timed in turn: each reads the whole school's due orders, their payer guardians and cards. */
const PREVIEW_SECONDS = 10;

export interface AutoChargeFigures {
  preview: Stats;
  /** The cards on file of the big school the preview reads. */
  cards: number;
}

/** GET admBilling/automaticCharge/{today} of the big school, one client at a time (a bursar's preview). */
export async function autoChargeFigures({ pool, tenantId, load, check }: Options): Promise<AutoChargeFigures> {
  const { rows: cards } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "CardOnFile" WHERE "tenantId" = $1`, [tenantId]);
  if (!cards[0]!.n) throw new Error("automatic charge: the big school keeps no cards on file: run `pnpm bench:seed -- billing` first.");
  const today = new Date().toISOString().slice(0, 10);
  const preview: Request = { method: "GET", path: `admBilling/automaticCharge/${today}` };
  await check(preview);
  const times = await load(preview, 1, PREVIEW_SECONDS);
  return { preview: stats(times), cards: cards[0]!.n };
}

export function printAutoChargeFigures(f: AutoChargeFigures, was: (key: string) => string): void {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
  const met = f.preview.p95 < AUTO_CHARGE_TARGETS.preview ? "met" : "missed";
  const line = `automatic-charge preview, whole school p95 (${f.preview.count} in ${PREVIEW_SECONDS} s)`;
  console.log(
    `  ${line.padEnd(60)} ${`${fmt(f.preview.p95)} ms`.padStart(16)}   ${`< ${AUTO_CHARGE_TARGETS.preview} ms ${met}`.padEnd(18)} ${was("billing autocharge preview p95") && `was ${was("billing autocharge preview p95")}`}`,
  );
  console.log(`    with ${f.cards.toLocaleString("en")} payer guardians keeping a card on file`);
}
