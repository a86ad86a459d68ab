// The billing figures of `pnpm bench` (`pnpm bench -- billing`), on the big school's two years of pensions
// (bench/billing-seed.ts, 400,000 orders): a section's pension board for a year at 1 and 10 clients, registering a
// payment at 1 client and at 20 paying at once, whether the receipts those payments numbered are gapless and
// unrepeated, the receipts zip of a month's worth of receipts, and a provider's webhook acknowledged. Figures beside
// their targets; nothing asserts a time.
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type pg from "pg";
import { zipEntryCounter } from "../apps/web/src/components/billing/zip-entries.ts";
import { readZip } from "../apps/web/src/test-support/read-zip.ts";
import { startMercadoPagoSink } from "../scripts/lib/mercadopago-sink.ts";
import { startWorker } from "../scripts/lib/outside.ts";
import { percentile, type Request } from "./config.ts";
import { BENCH_ORDER_PREFIX, BILLING_YEARS } from "./billing-seed.ts";

export const BILLING_TARGETS = { pay1: 40, board1: 60, board10: 300, zipReceipts: 20_000, zipPerSecond: 100, zipRssGrowthMB: 100 } as const;
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
  return { board1, board10, pay1, pay20, receipts: numbered[0]!, zip: await zipFigures(pool, tenantId, base, token, rss) };
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

// ---------------------------------------------------------------------------------------------------------------
// The payment provider's webhook (issue §5, "a provider webhook acknowledged p95 < 50 ms"): Mercado Pago's signed
// notifications posted to a running worker's callback port at a steady rate (an open load, as a provider calls: one
// every 1/WEBHOOK_RATE s whatever the answers before it), each read back from the loopback sandbox and registered.
// Every payment is notified twice (created, then updated), so half the calls find it registered already.

const WEBHOOK_TARGET_MS = 50;
/**
 * Calls a second: a school's busiest hour online (a pension month's last day) is a few thousand payments, each
 * notified twice or three times; every new payment takes the school's receipt counter row, one at a time.
 */
const WEBHOOK_RATE = 5;
const WEBHOOK_SECONDS = 20;
/** Payments notified one at a time first: the acknowledgement's own cost, without a queue of others. */
const WEBHOOK_ALONE = 20;

export interface WebhookFigures {
  ack: Stats & { failed: number; codes: Record<string, number> };
  alone: Stats;
  /** The payments notified, and those registered (each exactly once). */
  payments: number;
  registered: number;
}

interface WebhookOptions {
  pool: pg.Pool;
  tenantId: number;
  /** The environment of the web app (database, stand-ins, WORKER_CALLBACK_PORT): the worker's, with Mercado Pago's. */
  env: Record<string, string>;
}

export async function webhookFigures({ pool, tenantId, env }: WebhookOptions): Promise<WebhookFigures> {
  const token = `TEST-bench-${randomBytes(12).toString("hex")}`;
  const secret = randomBytes(24).toString("hex");
  // The sandbox posts nothing itself: the load below does, so that each call is timed where it is sent.
  const sink = await startMercadoPagoSink({ port: 0, webhookUrl: null, webhookSecret: secret, accessToken: token });
  const count = (WEBHOOK_RATE * WEBHOOK_SECONDS) / 2 + WEBHOOK_ALONE;
  const { rows: due } = await pool.query<{ id: number; curr: string }>(
    `SELECT id, curr FROM "Order" WHERE "tenantId" = $1 AND "easyId" LIKE $2 || '-%' AND status = 0 ORDER BY id DESC LIMIT $3`,
    [tenantId, BENCH_ORDER_PREFIX, count],
  );
  if (due.length < count) throw new Error("billing: the big school has no pensions: run `pnpm bench:seed -- billing` first.");
  // One peso paid by card on each: a partial payment, as a guardian's would be on a balance staff lowered.
  const notified: string[] = [];
  const calls: { dataId: string; body: string }[] = [];
  for (const order of due) {
    const made = await fetch(`${sink.url}/checkout/preferences`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ title: "Pensión", quantity: 1, unit_price: 1, currency_id: order.curr }],
        external_reference: `${tenantId}-${order.id}`,
      }),
    });
    const pref = (await made.json()) as { id: string };
    const { payment, notification } = await sink.pay(pref.id, "card", { deliver: false });
    notified.push(String(payment.id));
    calls.push({ dataId: notification.dataId, body: JSON.stringify(notification.body) });
  }
  const single = calls.splice(0, WEBHOOK_ALONE);
  const ordered = [...calls, ...calls.map((c) => ({ ...c, body: c.body.replace('"payment.created"', '"payment.updated"') }))];

  const worker = startWorker({
    ...env,
    PAYMENT_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: sink.url,
    MERCADOPAGO_ACCESS_TOKEN: token,
    MERCADOPAGO_WEBHOOK_SECRET: secret,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  try {
    const port = Number(env.WORKER_CALLBACK_PORT);
    const post = (call: { dataId: string; body: string }) =>
      new Promise<{ status: number; ms: number }>((resolve) => {
        const requestId = randomUUID();
        const headers = {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(call.body),
          "x-request-id": requestId,
          "x-signature": sink.sign(call.dataId, requestId),
        };
        const started = performance.now();
        const req = http.request(
          { host: "127.0.0.1", port, path: `/api/payments/mercadopago/webhook?data.id=${call.dataId}&type=payment`, method: "POST", agent, headers },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
          },
        );
        req.on("error", () => resolve({ status: 0, ms: 0 }));
        req.end(call.body);
      });
    // The worker is up when its callback port answers (a refused, unsigned call).
    const deadline = Date.now() + 30_000;
    while ((await post({ dataId: "0", body: "{}" }).then((r) => r.status)) === 0) {
      if (Date.now() > deadline) throw new Error("billing: the worker's callback port did not open");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const alone: number[] = [];
    for (const call of single) {
      const answer = await post(call);
      if (answer.status === 200) alone.push(answer.ms);
    }
    const start = performance.now();
    const sent: Promise<{ status: number; ms: number }>[] = [];
    for (let i = 0; i < ordered.length; i++) {
      const wait = start + (i * 1000) / WEBHOOK_RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(post(ordered[i]!));
    }
    const answers = await Promise.all(sent);
    const ok = answers.filter((a) => a.status === 200).map((a) => a.ms);
    const codes: Record<string, number> = {};
    for (const a of answers) if (a.status !== 200) codes[a.status] = (codes[a.status] ?? 0) + 1;
    const { rows } = await pool.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT "providerPaymentId")::int AS distinct FROM "Payment"
        WHERE "tenantId" = $1 AND provider = 'mercadopago' AND "providerPaymentId" = ANY($2) AND status = 1`,
      [tenantId, notified],
    );
    return {
      ack: { ...stats(ok), failed: answers.length - ok.length, codes },
      alone: stats(alone),
      payments: notified.length,
      registered: rows[0]!.n === rows[0]!.distinct ? rows[0]!.n : -rows[0]!.n,
    };
  } finally {
    agent.destroy();
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
    await sink.close();
  }
}

/** The webhook's figure as the bench prints it, beside its target. */
export function printWebhookFigures(f: WebhookFigures, was: (key: string) => string): void {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
  const row = (name: string, value: string, goal: string, key: string) =>
    console.log(`  ${name.padEnd(60)} ${value.padStart(16)}   ${goal.padEnd(18)} ${was(key) && `was ${was(key)}`}`);
  row(
    `provider webhook acknowledged p95 @ ${WEBHOOK_RATE}/s (${f.ack.count}, ${f.ack.failed} failed${f.ack.failed ? ` ${JSON.stringify(f.ack.codes)}` : ""})`,
    `${fmt(f.ack.p95)} ms`,
    `< ${WEBHOOK_TARGET_MS} ms ${f.ack.p95 < WEBHOOK_TARGET_MS ? "met" : "missed"}`,
    "billing webhook p95",
  );
  row(`  one at a time (${f.alone.count})`, `${fmt(f.alone.p95)} ms`, `< ${WEBHOOK_TARGET_MS} ms ${f.alone.p95 < WEBHOOK_TARGET_MS ? "met" : "missed"}`, "");
  const once = f.registered === f.payments;
  row(`  its ${f.payments} payments (those under load notified twice): registered`, `${f.registered}`, `once each ${once ? "met" : "missed"}`, "");
}
