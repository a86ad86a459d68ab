// The sending figure of `pnpm bench`: one notification to 2,000 guardians of the big school over WhatsApp
// and e-mail, through the real worker, the local WhatsApp stand-in and the SMTP catcher. It times the confirmation
// (which only queues; the median of several), the whole send until every message is delivered (WhatsApp: the
// stand-in's delivered or read callback; e-mail: accepted by the SMTP server, which is as far as e-mail tells), the
// worker's peak memory, and the grade sheet at 10 clients over the whole send (and its first seconds apart) against
// the same call without it.
import fs from "node:fs";
import type pg from "pg";
import { startWorker } from "../scripts/lib/outside.ts";
import { percentile } from "./config.ts";

export const GUARDIANS = 2_000;
const MAIL_DOMAIN = "@familias.bench";

/** A process and its descendants, each measured by `measure` (a process gone meanwhile counts 0). */
function treeSum(pid: number, measure: (p: number) => number): number {
  const children = (p: number): number[] => {
    try {
      return fs.readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const walk = (p: number): number => {
    try {
      return measure(p) + children(p).reduce((sum, c) => sum + walk(c), 0);
    } catch {
      return 0;
    }
  };
  return walk(pid);
}

/** Resident memory of a process and its children, in MB. */
const treeRssMB = (pid: number) => treeSum(pid, (p) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) / 1024);

/**
 * Processor seconds (user and system) a process has used, with those of its children that have exited and been reaped:
 * fields 14 to 17 of /proc/<pid>/stat, in ticks of 1/100 s. Without the reaped ones a PostgreSQL backend that ended
 * during a window took its time with it, and PostgreSQL's share came out below zero.
 */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

/** Seconds the threads of a process have waited for a processor while ready to run (/proc/<pid>/task/<tid>/schedstat). */
function waitSeconds(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
    try {
      return sum + Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[1]) / 1e9;
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * Processor seconds used so far by each part of the run: the web app, the worker, PostgreSQL, this process (the load)
 * and the stand-ins' process (Meta's and the mail server's share, which in production is on their machines).
 */
function cpuByPart(web: number, worker: number | null, standIns: number): CpuShare {
  const postgres = fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .reduce((sum, entry) => {
      try {
        return fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres" ? sum + cpuSeconds(Number(entry)) : sum;
      } catch {
        return sum;
      }
    }, 0);
  const own = process.cpuUsage();
  return {
    web: treeSum(web, cpuSeconds),
    webWaited: treeSum(web, waitSeconds),
    worker: worker === null ? 0 : treeSum(worker, cpuSeconds),
    database: postgres,
    bench: (own.user + own.system) / 1e6,
    standIns: treeSum(standIns, cpuSeconds),
  };
}

/** The grade sheet's p95 over rounds of load, with the processor seconds each part used while it ran. */
async function withCpu(pids: Pids, workerPid: number | null, measure: () => Promise<number[]>): Promise<{ p95: number; cpu: CpuWindow }> {
  const before = cpuByPart(pids.web, workerPid, pids.standIns);
  const started = performance.now();
  const times = (await measure()).sort((a, b) => a - b);
  const after = cpuByPart(pids.web, workerPid, pids.standIns);
  const used = (part: keyof CpuShare) => after[part] - before[part];
  return {
    p95: percentile(times, 95),
    cpu: {
      web: used("web"),
      webWaited: used("webWaited"),
      worker: used("worker"),
      database: used("database"),
      bench: used("bench"),
      standIns: used("standIns"),
      seconds: ms(started) / 1000,
    },
  };
}

/** Processor seconds by part: the web app, the worker, PostgreSQL, the bench process (the load) and the stand-ins. */
export type CpuShare = { web: number; worker: number; database: number; bench: number; standIns: number /** Ready but not running. */; webWaited: number };
/** The processes measured beside the worker: the web app's and the stand-ins'. */
type Pids = { web: number; standIns: number };
/** Processor seconds by part over a window of `seconds`. */
export type CpuWindow = CpuShare & { seconds: number };

/** The guardians, their children, a communication group holding them and a WhatsApp template: made once, kept. */
async function audience(pool: pg.Pool, tenantId: number): Promise<{ groupId: number; template: string }> {
  const template = "bench-aviso";
  await pool.query(
    `INSERT INTO "LocalizationTemplate" ("tenantId", id, type, name, content, "updatedAt") VALUES ($1, $2, 'w', 'Aviso', 'Hola {{name}}, mañana no hay clases.', now())
     ON CONFLICT DO NOTHING`,
    [tenantId, template],
  );
  const found = await pool.query<{ id: number }>(`SELECT id FROM "UserGroup" WHERE "tenantId" = $1 AND name = 'Familias (bench)'`, [tenantId]);
  if (found.rows[0]) return { groupId: found.rows[0].id, template };
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows: guardians } = await client.query<{ id: number; n: number }>(
      `WITH kids AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "User" WHERE "tenantId" = $1 AND type = 2 ORDER BY id LIMIT $2)
       INSERT INTO "User" ("tenantId", type, name, last, mail, cel, "updatedAt")
       SELECT $1, 1, 'Familia' || n, 'Bench', 'familia' || n || $3, '+51' || (900000000 + n)::text, now() FROM kids
       RETURNING id, (regexp_match(mail, '\\d+'))[1]::int AS n`,
      [tenantId, GUARDIANS, MAIL_DOMAIN],
    );
    await client.query(
      `INSERT INTO "Kinship" ("tenantId", "studentId", "relativeId")
       SELECT $1, k.id, g.id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "User" WHERE "tenantId" = $1 AND type = 2 ORDER BY id LIMIT $2) k
       JOIN unnest($3::int[], $4::int[]) AS g(id, n) ON g.n = k.n`,
      [tenantId, GUARDIANS, guardians.map((g) => g.id), guardians.map((g) => g.n)],
    );
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "UserGroup" ("tenantId", name, type, staff, "updatedAt") VALUES ($1, 'Familias (bench)', 1, false, now()) RETURNING id`,
      [tenantId],
    );
    await client.query(`INSERT INTO "UserGroupMember" ("tenantId", "groupId", "userId") SELECT $1, $2, unnest($3::int[])`, [
      tenantId,
      rows[0]!.id,
      guardians.map((g) => g.id),
    ]);
    await client.query("COMMIT");
    return { groupId: rows[0]!.id, template };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

export interface SendingFigures {
  recipients: number;
  messages: number;
  /** The median of CONFIRM_SAMPLES confirmations of the same notification dated a day ahead. */
  confirmMs: number;
  allDeliveredSeconds: number;
  workerPeakRssMB: number;
  gradeSheetP95Before: number;
  /** Over the whole send, from its confirmation until every message is delivered. */
  gradeSheetP95During: number;
  /** Over the send's first SEND_FIRST_SECONDS, while its audience becomes ledger rows: the worst of it. */
  gradeSheetP95First: number;
  /** Processor seconds each part used while the grade sheet was measured, without the send and during it. */
  cpuBefore: CpuWindow;
  cpuDuring: CpuWindow;
  failed: number;
}

interface Options {
  pool: pg.Pool;
  tenantId: number;
  base: string;
  token: string;
  /** The worker's environment: the database and the stand-ins. */
  env: Record<string, string>;
  /** The web app's and the stand-ins' processes, for their processor time. */
  pids: Pids;
  /** The grade sheet at 10 clients for `seconds`: the time of each answer, in ms. */
  gradeSheet: (seconds: number) => Promise<number[]>;
}

const ms = (since: number) => performance.now() - since;

/** The first seconds of the send, measured apart; the whole send is measured in rounds of SEND_ROUND_SECONDS. */
export const SEND_FIRST_SECONDS = 8;
const SEND_ROUND_SECONDS = 4;
/** Without the send: a warm-up, then as long a measure as a send takes at least. */
const WARM_UP_SECONDS = 4;
const BEFORE_SECONDS = 24;
/** One confirmation swings by tens of ms with whatever the machine did just before (a worker starting, a checkpoint). */
const CONFIRM_SAMPLES = 7;

export async function sendingFigures({ pool, tenantId, base, token, env, pids, gradeSheet }: Options): Promise<SendingFigures> {
  const { groupId, template } = await audience(pool, tenantId);
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-locale": "es" },
      body: JSON.stringify(body ?? {}),
    });
    const envelope = (await res.json()) as { status: number; msg: string; data: { ID?: number; status?: number } };
    if (envelope.status < 0) throw new Error(`${path}: ${envelope.msg} ${JSON.stringify(envelope.data)}`);
    return envelope.data;
  };
  await gradeSheet(WARM_UP_SECONDS);
  const before = await withCpu(pids, null, () => gradeSheet(BEFORE_SECONDS));

  // The school's time (UTC-5), as the form writes it; the send date must not have passed by the confirmation (002 §5).
  const schoolTime = (hoursAhead: number) => new Date(Date.now() + (hoursAhead - 5) * 3600_000).toISOString().slice(0, 16).replace("T", " ");
  const create = (sendOn: string) =>
    api("admNotification/create", {
      name: `Bench ${sendOn}`,
      sendOn,
      recipientType: 1,
      groupId,
      doWA: true,
      doWATemplate: template,
      doMail: true,
      title: "Aviso",
      content: "Hola {{name}}, mañana no hay clases.",
      urgent: true,
    });
  // The confirmation, timed before any worker runs: a notification dated a day ahead is confirmed and paused again,
  // CONFIRM_SAMPLES times (each confirmation does the whole work: audience, counts, previews, the run queued).
  const ahead = await create(schoolTime(24));
  const confirmations: number[] = [];
  for (let i = 0; i < CONFIRM_SAMPLES; i++) {
    const t = performance.now();
    await api(`admNotification/schedule/${ahead.ID}?confirm=true`);
    confirmations.push(ms(t));
    await api(`admNotification/${ahead.ID}/pause`);
  }

  const worker = startWorker(env);
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const created = await create(schoolTime(0));
  let peak = treeRssMB(worker.pid!);
  const started = performance.now();
  await api(`admNotification/schedule/${created.ID}?confirm=true`);

  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssMB(worker.pid!));
  }, 200);
  let done = false;
  let first: number[] = [];
  const during = withCpu(pids, worker.pid!, async () => {
    first = await gradeSheet(SEND_FIRST_SECONDS);
    const times = [...first];
    while (!done) times.push(...(await gradeSheet(SEND_ROUND_SECONDS)));
    return times;
  });
  let counts = { total: 0, delivered: 0, failed: 0 };
  while (!done) {
    const { rows } = await pool.query<{ total: number; delivered: number; failed: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status IN ('delivered', 'read') OR (channel = 'mail' AND status = 'sent'))::int AS delivered,
              count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM "Message" WHERE "tenantId" = $1 AND "notificationId" = $2`,
      [tenantId, created.ID],
    );
    counts = rows[0]!;
    done = counts.total === GUARDIANS * 2 && counts.delivered + counts.failed === counts.total;
    if (!done && ms(started) > 300_000) throw new Error(`sending: ${JSON.stringify(counts)} after 300 s`);
    if (!done) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const allDeliveredSeconds = ms(started) / 1000;
  const measured = await during;
  clearInterval(sampler);
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  worker.kill("SIGTERM");
  await exited;
  return {
    recipients: GUARDIANS,
    messages: counts.total,
    confirmMs: percentile(confirmations, 50),
    allDeliveredSeconds,
    workerPeakRssMB: peak,
    gradeSheetP95Before: before.p95,
    gradeSheetP95During: measured.p95,
    gradeSheetP95First: percentile(
      first.sort((a, b) => a - b),
      95,
    ),
    cpuBefore: before.cpu,
    cpuDuring: measured.cpu,
    failed: counts.failed,
  };
}
