// The conversations figures of `pnpm bench` (`pnpm bench -- conversations`), on the big school's year of 200,000
// conversations (bench/conversations-seed.ts): the inbox's list searched at 1 and 10 clients, a conversation's
// messages, Meta's webhook acknowledged at 50 families' messages a second (signed as Meta signs, on the worker's
// callback port, as the demo and docker-compose route it), how soon after a message arrives the deterministic
// assistant's answer is queued (its ledger row written), and the grade sheet at 10 clients while those 50 messages a
// second are answered, against its own figure without them. Figures beside their targets; nothing asserts a time.
import http from "node:http";
import os from "node:os";
import type pg from "pg";
import { familyMessage, newWamid, signedNotification } from "../scripts/lib/whatsapp-sink.ts";
import { startWorker } from "../scripts/lib/outside.ts";
import { percentile, type Request } from "./config.ts";

export const CONVERSATION_TARGETS = { list1: 50, list10: 250, messages: 30, webhook: 50, assistant: 300, gradeSheetRatio: 1.5 } as const;
/** Families' messages a second, and for how long each load runs; at most this many wait for their answers at once. */
const INBOUND_RATE = 50;
const INBOUND_CONNECTIONS = 100;
const SECONDS = 10;
/** A common surname, folded as the search text keeps it. */
const SEARCH = "garcia";
/** What the families write: questions the school's FAQs answer, so the deterministic assistant answers them. */
const QUESTIONS = ["¿A qué hora empiezan las clases?", "¿Cuál es el uniforme escolar?", "¿Hay almuerzo en el comedor?", "¿Quién puede recoger a mi hijo?"];
/** The answers still missing this long after the last message are counted as not queued. */
const DRAIN_SECONDS = 90;

type Stats = { p50: number; p95: number; count: number };
const stats = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
};

export interface ConversationFigures {
  list1: Stats;
  list10: Stats;
  messages: Stats;
  /** The webhook's acknowledgement at INBOUND_RATE a second, alone and while the grade sheet is loaded. */
  webhook: Stats & { failed: number };
  webhookDuring: Stats & { failed: number };
  /** One message at a time: the acknowledgement without a queue of others. */
  webhookAlone: Stats & { failed: number };
  /** From each message's POST to its answer's ledger row, over every message of both loads that got one. */
  assistant: Stats & { sent: number; answered: number; handedOver: number };
  /** From each message's POST to the assistant's decision written: its answer queued, or the hand-over. */
  decided: Stats;
  gradeSheetBefore: Stats;
  gradeSheetDuring: Stats;
  /** The machine's load (1-minute average) when the section began: what else ran beside it. */
  loadAverage: number;
}

interface Options {
  pool: pg.Pool;
  tenantId: number;
  /** The signed-in administrator's calls at `clients` for `seconds`: the time of each answer in 2xx. */
  load: (request: Request, clients: number, seconds: number) => Promise<number[]>;
  /** Fails the run unless the call answers (a benchmark of refusals is worthless). */
  check: (request: Request) => Promise<void>;
  /** The grade sheet at 10 clients for `seconds`. */
  gradeSheet: (seconds: number) => Promise<number[]>;
  /** The worker's environment: the database and the stand-ins (WHATSAPP_APP_SECRET, WORKER_CALLBACK_PORT). */
  env: Record<string, string>;
}

/**
 * Families' messages for `seconds`, each from its own number, one every 1/INBOUND_RATE s whatever the answers before
 * it (an open load, as Meta calls: autocannon's rate starts all its connections together, which sends bursts of a
 * hundred every two seconds, not fifty a second), or `alone`: one at a time, the acknowledgement's own cost. When each
 * was posted, by wamid.
 */
async function inbound(env: Record<string, string>, numbers: string[], seconds: number, posted: Map<string, number>, alone = false) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: INBOUND_CONNECTIONS });
  const times: number[] = [];
  let failed = 0;
  let turn = 0;
  const post = () =>
    new Promise<void>((resolve) => {
      const from = numbers[turn % numbers.length]!;
      const id = newWamid();
      const { raw, signature } = signedNotification(
        env.WHATSAPP_APP_SECRET!,
        env.WHATSAPP_PHONE_NUMBER_ID!,
        familyMessage({ from, name: `Familia ${turn}`, text: QUESTIONS[turn % QUESTIONS.length], id }),
      );
      turn++;
      const headers = { "content-type": "application/json", "x-hub-signature-256": signature, "content-length": Buffer.byteLength(raw) };
      const started = performance.now();
      posted.set(id, Date.now());
      const req = http.request(
        { host: "127.0.0.1", port: Number(env.WORKER_CALLBACK_PORT), path: "/api/whatsapp/webhook", method: "POST", agent, headers },
        (res) => {
          res.resume();
          res.on("end", () => {
            if ((res.statusCode ?? 500) < 300) times.push(performance.now() - started);
            else failed++;
            resolve();
          });
        },
      );
      req.on("error", () => {
        failed++;
        resolve();
      });
      req.end(raw);
    });
  const start = performance.now();
  const sent: Promise<void>[] = [];
  if (alone) while (performance.now() - start < seconds * 1000) await post();
  else
    for (let i = 0; i < INBOUND_RATE * seconds; i++) {
      const wait = start + (i * 1000) / INBOUND_RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(post());
    }
  await Promise.all(sent);
  agent.destroy();
  return { ...stats(times), failed };
}

export async function conversationFigures({ pool, tenantId, load, check, gradeSheet, env }: Options): Promise<ConversationFigures> {
  const loadAverage = os.loadavg()[0]!;
  const { rows: long } = await pool.query<{ id: number }>(
    `SELECT c.id FROM "Conversation" c WHERE c."tenantId" = $1 AND c.type = 'closed'
        AND (SELECT count(*) FROM "ConversationMessage" m WHERE m."tenantId" = c."tenantId" AND m."conversationId" = c.id) = 25
      ORDER BY c.id DESC LIMIT 100`,
    [tenantId],
  );
  if (long.length === 0) throw new Error("conversations: the big school has none: run `pnpm bench:seed -- conversations` first.");
  const list: Request = { method: "GET", path: `admConversations/get?search=${SEARCH}&type=closed&page=1&PageSize=40` };
  let turn = 0;
  const messagesPath = () => `admConversations/${long[turn++ % long.length]!.id}/messages`;
  const messages: Request = { method: "GET", path: messagesPath(), next: () => ({ path: messagesPath(), body: undefined }) };
  await check(list);
  await check(messages);
  await load(list, 1, 2);
  const list1 = stats(await load(list, 1, SECONDS));
  const list10 = stats(await load(list, 10, SECONDS));
  const messages1 = stats(await load(messages, 1, SECONDS));

  // Families whose last conversation is closed: each message opens a new one, which the assistant answers.
  const { rows: families } = await pool.query<{ cel: string }>(
    `SELECT u.cel FROM "User" u WHERE u."tenantId" = $1 AND u.mail LIKE '%@conversaciones.bench'
        AND NOT EXISTS (SELECT 1 FROM "Conversation" c WHERE c."tenantId" = $1 AND c.contact = u.cel AND c.type <> 'closed')
      ORDER BY u.id LIMIT $2`,
    [tenantId, INBOUND_RATE * SECONDS * 3],
  );
  const numbers = families.map((f) => f.cel);
  const worker = startWorker(env);
  try {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await gradeSheet(4);
    const gradeSheetBefore = stats(await gradeSheet(SECONDS));
    const posted = new Map<string, number>();
    const webhookAlone = await inbound(env, numbers.slice(INBOUND_RATE * SECONDS * 2), 5, new Map(), true);
    const webhook = await inbound(env, numbers.slice(0, INBOUND_RATE * SECONDS), SECONDS, posted);
    const [webhookDuring, during] = await Promise.all([inbound(env, numbers.slice(INBOUND_RATE * SECONDS), SECONDS, posted), gradeSheet(SECONDS)]);
    const gradeSheetDuring = stats(during);

    // Each message's answer: the assistant's message after it in its conversation, and its ledger row's creation.
    const ids = [...posted.keys()];
    const answers = async () =>
      (
        await pool.query<{ wamid: string; queued: number | null; human: boolean; handedAt: number }>(
          `SELECT i."providerId" AS wamid, c.type = 'human' AS human, extract(epoch FROM c."updatedAt") * 1000 AS "handedAt",
                  (SELECT extract(epoch FROM min(l."createdAt")) * 1000 FROM "ConversationMessage" a JOIN "Message" l ON l.id = a."outboundId"
                    WHERE a."tenantId" = m."tenantId" AND a."conversationId" = m."conversationId" AND a.author = 'assistant' AND a.id > m.id) AS queued
             FROM "InboundMessage" i
             JOIN "ConversationMessage" m ON m."tenantId" = i."tenantId" AND m."inboundId" = i.id
             JOIN "Conversation" c ON c."tenantId" = m."tenantId" AND c.id = m."conversationId"
            WHERE i.channel = 'whatsapp' AND i."providerId" = ANY($1)`,
          [ids],
        )
      ).rows;
    const deadline = Date.now() + DRAIN_SECONDS * 1000;
    let rows = await answers();
    while (rows.filter((r) => r.queued !== null || r.human).length < ids.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      rows = await answers();
    }
    // The assistant's decision: its answer's ledger row, or (handed over without a word) the conversation's change.
    const decided = rows.flatMap((r) => (r.queued !== null ? [Number(r.queued)] : r.human ? [Number(r.handedAt)] : []).map((at) => at - posted.get(r.wamid)!));
    const delays = rows.filter((r) => r.queued !== null).map((r) => Number(r.queued) - posted.get(r.wamid)!);
    return {
      list1,
      list10,
      messages: messages1,
      webhook,
      webhookDuring,
      webhookAlone,
      assistant: { ...stats(delays), sent: ids.length, answered: delays.length, handedOver: rows.filter((r) => r.human).length },
      decided: stats(decided),
      gradeSheetBefore,
      gradeSheetDuring,
      loadAverage,
    };
  } finally {
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
    // The answers the stopped worker had not sent yet are given up: the next run's worker would send them as it starts.
    await pool.query(
      `UPDATE "Message" SET status = 'failed', permanent = true, error = 'left unsent by a bench run', "updatedAt" = now()
        WHERE "tenantId" = $1 AND source = 'conversation' AND status IN ('queued', 'sending') AND address = ANY($2)`,
      [tenantId, numbers],
    );
    // The conversations the load opened are closed again, so that the next run finds the same families to write as.
    await pool.query(
      `UPDATE "Conversation" SET type = 'closed', "closedAt" = now(), "holdAiTill" = NULL, "updatedAt" = now()
        WHERE "tenantId" = $1 AND contact = ANY($2) AND type <> 'closed'`,
      [tenantId, numbers],
    );
  }
}

/** The figures as the bench prints them, each beside its target. */
export function printConversationFigures(f: ConversationFigures, was: (key: string) => string): void {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
  const met = (ok: boolean) => (ok ? "met" : "missed");
  const T = CONVERSATION_TARGETS;
  const row = (name: string, value: string, goal: string, key: string) =>
    console.log(`  ${name.padEnd(60)} ${value.padStart(16)}   ${goal.padEnd(18)} ${was(key) && `was ${was(key)}`}`);
  console.log(
    `\nConversations: the big school's year (200,000 conversations, 3,000,000 messages); ${INBOUND_RATE} families' messages a second for ${SECONDS} s, alone and beside the grade sheet (load average ${f.loadAverage.toFixed(1)} on ${os.cpus().length} cores at the start):`,
  );
  row(
    `GET admConversations/get ("${SEARCH}", closed) p95 @ 1`,
    `${fmt(f.list1.p95)} ms`,
    `< ${T.list1} ms ${met(f.list1.p95 < T.list1)}`,
    "conversations list p95 @1",
  );
  row(
    `GET admConversations/get ("${SEARCH}", closed) p95 @ 10`,
    `${fmt(f.list10.p95)} ms`,
    `< ${T.list10} ms ${met(f.list10.p95 < T.list10)}`,
    "conversations list p95 @10",
  );
  row(
    "GET admConversations/{id}/messages (25) p95 @ 1",
    `${fmt(f.messages.p95)} ms`,
    `< ${T.messages} ms ${met(f.messages.p95 < T.messages)}`,
    "conversations messages p95 @1",
  );
  row(
    `POST whatsapp/webhook acknowledged p95 @ ${INBOUND_RATE}/s (${f.webhook.count}, ${f.webhook.failed} failed)`,
    `${fmt(f.webhook.p95)} ms`,
    `< ${T.webhook} ms ${met(f.webhook.p95 < T.webhook)}`,
    "conversations webhook p95",
  );
  row(
    `  one message at a time (${f.webhookAlone.count} in 5 s)`,
    `${fmt(f.webhookAlone.p95)} ms`,
    `< ${T.webhook} ms ${met(f.webhookAlone.p95 < T.webhook)}`,
    "conversations webhook alone p95",
  );
  row(
    `  the same beside the grade sheet (${f.webhookDuring.count}, ${f.webhookDuring.failed} failed)`,
    `${fmt(f.webhookDuring.p95)} ms`,
    `< ${T.webhook} ms ${met(f.webhookDuring.p95 < T.webhook)}`,
    "conversations webhook during p95",
  );
  row(
    `assistant's answer queued after the POST, p95 (p50 ${fmt(f.assistant.p50)} ms)`,
    `${fmt(f.assistant.p95)} ms`,
    `< ${T.assistant} ms ${met(f.assistant.p95 < T.assistant)}`,
    "conversations assistant p95",
  );
  console.log(
    `    (${f.assistant.answered} of ${f.assistant.sent} messages answered, ${f.assistant.handedOver} handed over; the decision written, answer or hand-over, p50 ${fmt(f.decided.p50)} ms, p95 ${fmt(f.decided.p95)} ms)`,
  );
  const ratio = f.gradeSheetDuring.p95 / f.gradeSheetBefore.p95;
  row(
    "GET admGrades/get p95 @ 10 clients, during / before",
    `${fmt(f.gradeSheetDuring.p95)} / ${fmt(f.gradeSheetBefore.p95)} = ${ratio.toFixed(2)} ×`,
    `≤ ${T.gradeSheetRatio} × ${met(ratio <= T.gradeSheetRatio)}`,
    "conversations grade sheet ratio",
  );
}
