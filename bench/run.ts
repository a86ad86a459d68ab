// `pnpm bench`: the built app (apps/web/server.mjs on loopback) against the bench database of `pnpm bench:seed`,
// driven by autocannon at 1, 10 and 50 clients; each call beside the hand-written SQL it stands for, run with `pg` in
// the same run. Prints one table and writes bench/results/latest.json. Nothing here asserts a time.
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { weightedAverage } from "../packages/contracts/src/grades/scale.ts";
import { readXlsx } from "../apps/web/src/test-support/read-xlsx.ts";
import { buildIfNeeded, randomAuthSecret, startWeb } from "../scripts/lib/web.ts";
import { attendanceScenarios } from "./attendance.ts";
import { BACKUP_TARGETS, type BackupFigures, backupFigures } from "./backup.ts";
import {
  type AutoChargeFigures,
  autoChargeFigures,
  type BillingFigures,
  billingFigures,
  printAutoChargeFigures,
  printBillingFigures,
  printWebhookFigures,
  type WebhookFigures,
  webhookFigures,
} from "./billing.ts";
import { type ConversationFigures, conversationFigures, printConversationFigures } from "./conversations.ts";
import { type BrowserFigures, browserFigures, printBrowserFigures } from "./browser.ts";
import { FIRST_LOAD_ROUTES, firstLoad } from "./first-load.ts";
import { IMPORT_TARGETS, type ImportFigures, importFigures } from "./import.ts";
import { BENCH_ACCOUNTS, BENCH_PASSWORD, benchDatabase, nextOf, percentile, type Request } from "./config.ts";
import { type Fixture, fixture, gradeSaves } from "./fixture.ts";
import { OBSERVABILITY_TARGET_PERCENT, type ObservabilityFigures, observabilityFigures } from "./observability.ts";
import { type Figures, previousSummary, was, writeSummary } from "./record.ts";
import { REGISTRATIONS, type RegistrationFigures, registrationFigures, SETUP_TARGET_MS, TIMED } from "./registration.ts";
import { SEND_FIRST_SECONDS, type SendingFigures, sendingFigures } from "./send.ts";

const PORT = 3457;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENTS = [1, 10, 50];
/** Seconds of load per call and number of clients (after a 2-second warm-up at one client), and of its SQL. */
const SECONDS = 8;
const SQL_SECONDS = 4;
/**
 * A common search term (García, Garrido …), one that matches nobody (a rare name costs what no match does), and a
 * full name typed without its accents, its matches ranked best first.
 */
const SEARCHES = ["gar", "zzq", "garcia lopez"];
/** `pnpm bench -- <text> …` runs only the calls whose name holds one of the texts (no export, no results file). */
const ONLY = process.argv.slice(2).filter((a) => a !== "--");

/** `failed`: answers that were not 2xx (errors and timeouts included), `codes` the HTTP statuses among them. */
type Stats = { p50: number; p95: number; p99: number; rps: number; count: number; failed: number; codes?: Record<string, number> };
export interface Scenario {
  name: string;
  token: string;
  request: Request;
  /** The queries the handler ends up running, hand-written, on one connection (`worker`: which of the loop's connections). */
  sql: (client: pg.PoolClient, worker: number) => Promise<unknown>;
  /** The client counts to load it at (CLIENTS unless given), and the target p95 at some of them (ms). */
  clients?: number[];
  targets?: Partial<Record<number, number>>;
  /** The bound the bench checks on the call's p95 against its SQL's, at every client count (reads 1.5, the save 2). */
  ratioTarget?: number;
  /** A read with a large answer: its floor (the SQL and the answer written as JSON) is measured too. */
  floor?: boolean;
  /** Undoes what the loads left behind that a later figure would trip on. */
  cleanup?: (pool: pg.Pool) => Promise<void>;
}

function stats(times: number[], seconds: number, failed: number): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: times.length / seconds, count: times.length, failed };
}

const headers = (token: string) => ({ authorization: `Bearer ${token}`, "x-locale": "es", "content-type": "application/json" });

async function call(token: string, request: Request): Promise<Response> {
  const { path, body } = nextOf(request);
  return fetch(`${BASE}/api/${path}`, { method: request.method, headers: headers(token), body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Fails the run unless the call answers 2xx with a non-negative envelope status: a benchmark of refusals is worthless. */
async function check(name: string, token: string, request: Request): Promise<void> {
  const res = await call(token, request);
  const envelope = (await res.json().catch(() => null)) as { status?: number; msg?: string } | null;
  if (!res.ok || (envelope?.status ?? 0) < 0) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(envelope)?.slice(0, 300)}`);
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/admStaff/login?adm=true`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: email, pass: BENCH_PASSWORD }),
  });
  const envelope = (await res.json()) as { data?: { token?: string } };
  if (!envelope.data?.token) throw new Error(`Sign-in of ${email} failed: ${JSON.stringify(envelope).slice(0, 300)}`);
  return envelope.data.token;
}

async function loadApi(s: Scenario, connections: number, seconds: number): Promise<Stats> {
  const { times, failed, codes } = await latencies(s, connections, seconds);
  return { ...stats(times, seconds, failed), codes };
}

/** The call at `connections` clients for `seconds` (on the run's server unless given another): the time of each answer in 2xx, and what failed. */
async function latencies(
  s: Scenario,
  connections: number,
  seconds: number,
  base = BASE,
): Promise<{ times: number[]; failed: number; codes: Record<string, number> }> {
  const times: number[] = [];
  const codes: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method: s.request.method,
            path: `/api/${s.request.path}`,
            headers: headers(s.token),
            ...(s.request.body || s.request.next
              ? {
                  setupRequest: (req: autocannon.Request) => {
                    const { path, body } = nextOf(s.request);
                    return { ...req, path: `/api/${path}`, body: JSON.stringify(body) };
                  },
                }
              : {}),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
      else codes[status] = (codes[status] ?? 0) + 1;
    });
  });
  return { times, failed: result.non2xx + result.errors + result.timeouts, codes };
}

/** Waits until the server's database work has drained: autocannon stops sending, but requests queued server-side go on. */
async function settle(pool: pg.Pool): Promise<void> {
  for (;;) {
    const { rows } = await pool.query<{ busy: number }>(
      "SELECT count(*)::int AS busy FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()",
    );
    if (rows[0]!.busy === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The hand-written SQL at `connections` clients for SQL_SECONDS. With `answer` (a reply of the call, parsed), each
 * round also writes that reply as JSON, as any server of this answer must: the floor of a read whose answer is large.
 */
async function loadSql(pool: pg.Pool, s: Scenario, connections: number, answer?: unknown): Promise<Stats> {
  await settle(pool);
  const times: number[] = [];
  const end = Date.now() + SQL_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (Date.now() < end) {
        const started = performance.now();
        const client = await pool.connect();
        try {
          await s.sql(client, worker);
          if (answer !== undefined) JSON.stringify(answer);
        } finally {
          client.release();
        }
        times.push(performance.now() - started);
      }
    }),
  );
  return stats(times, SQL_SECONDS, 0);
}

/** Resident memory of the server and its child processes, summed (kB, from /proc). */
function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = safeRead(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  let total = 0;
  const visit = (pid: number) => {
    const status = safeRead(`/proc/${pid}/status`);
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return total;
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** The 20,000-row export: seconds, rows in the file, and the server's resident memory before and at its peak. */
async function exportXlsx(token: string, serverPid: number) {
  const before = treeRss(serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(serverPid))), 25);
  const started = performance.now();
  const res = await fetch(`${BASE}/api/admStudent/get?print=true&format=xlsx`, { headers: headers(token) });
  const file = Buffer.from(await res.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, treeRss(serverPid));
  if (!res.ok || !(res.headers.get("content-type") ?? "").includes("spreadsheet"))
    throw new Error(`export: HTTP ${res.status} ${file.toString("utf8", 0, 300)}`);
  const rows = (await readXlsx(file))[0]!.rows.length - 1;
  return { seconds, bytes: file.length, rows, rssBeforeMB: before / 1024, rssPeakMB: peak / 1024 };
}

const STUDENT_PAGE_SQL = `
  SELECT u.id, u."externalId", u.last, u.last2, u.name, u.status, u.enrolled, u.face, u.mail, u.birthday, u.gender, latest.*
    FROM "User" u
    LEFT JOIN LATERAL (
      SELECT s.id AS "sectionId", s.name AS "sectionName", s."superSectionId", ss.name AS "superSectionName"
        FROM "SectionMember" m JOIN "Section" s ON s.id = m."sectionId" JOIN "SuperSection" ss ON ss.id = s."superSectionId"
       WHERE m."userId" = u.id AND m."tenantId" = u."tenantId"
       ORDER BY ss."periodId" DESC, m.id DESC LIMIT 1) latest ON true
   WHERE u."tenantId" = $1 AND u.type = 2`;

/** POST admGrades by hand: the checks, the locks, 40 cells and the two averages above them, set-based; rolled back. */
async function saveBySql(client: pg.PoolClient, f: Fixture, conceptId: number, value: number) {
  const { tenantId, part, students } = f;
  await client.query("BEGIN");
  try {
    await client.query(
      `SELECT id, "parentId", "activityId", "periodId", type, "weightType", weight, locked, "canEdit", "calcAverage" FROM "EvalConcept" WHERE "tenantId" = $1 AND id = $2`,
      [tenantId, conceptId],
    );
    await client.query(
      `SELECT m."userId", m."sectionId" FROM "SectionMember" m JOIN "User" u ON u.id = m."userId" JOIN "Section" s ON s.id = m."sectionId" JOIN "SuperSection" ss ON ss.id = s."superSectionId"
        WHERE m."tenantId" = $1 AND m."userId" = ANY($2) AND u.type = 2 AND ss."periodId" = $3`,
      [tenantId, students, part.periodId],
    );
    await client.query(`SELECT count(*) FROM "ActivityPart" WHERE "tenantId" = $1 AND "activityId" = $2 AND "sectionId" = $3 AND "masterId" = $4`, [
      tenantId,
      part.activityId,
      part.sectionId,
      part.teacherId,
    ]);
    await client.query(`SELECT pg_advisory_xact_lock(hashtext(k)) FROM unnest($1::text[]) AS k ORDER BY k`, [
      students.map((s) => `${tenantId}:${s}:${part.activityId}`),
    ]);
    let values = new Map(students.map((s) => [s, value as number | null]));
    for (let concept: number | null = conceptId; concept !== null; ) {
      await client.query(
        `WITH v AS (SELECT * FROM unnest($3::int[], $4::float8[]) AS v(s, n)),
              old AS (SELECT g."studentId", g."gradeNum" FROM "Grade" g JOIN v ON v.s = g."studentId" WHERE g."tenantId" = $1 AND g."conceptId" = $2),
              up AS (UPDATE "Grade" g SET "gradeNum" = v.n, "updatedBy" = $5, "updatedAt" = now() FROM v WHERE g."tenantId" = $1 AND g."conceptId" = $2 AND g."studentId" = v.s RETURNING g."studentId")
         INSERT INTO "GradeChange" ("tenantId", "conceptId", "studentId", "userId", "oldNum", "newNum", computed)
         SELECT $1, $2, v.s, $5, old."gradeNum", v.n, $6 FROM v LEFT JOIN old ON old."studentId" = v.s`,
        [tenantId, concept, students, students.map((s) => values.get(s)), part.teacherId, concept !== conceptId],
      );
      const parentId: number | null = f.concepts.find((c) => c.id === concept)!.parentId;
      if (parentId !== null) {
        const children = f.concepts.filter((c) => c.parentId === parentId);
        const { rows } = await client.query<{ conceptId: number; studentId: number; gradeNum: number | null }>(
          `SELECT "conceptId", "studentId", "gradeNum" FROM "Grade" WHERE "tenantId" = $1 AND "conceptId" = ANY($2) AND "studentId" = ANY($3)`,
          [tenantId, children.map((c) => c.id), students],
        );
        const cell = new Map(rows.map((r) => [`${r.studentId}:${r.conceptId}`, r.gradeNum]));
        values = new Map(
          students.map((s) => [
            s,
            weightedAverage(children.map((c) => ({ value: cell.get(`${s}:${c.id}`) ?? null, weightType: c.weightType, weight: c.weight }))),
          ]),
        );
      }
      concept = parentId;
    }
  } finally {
    await client.query("ROLLBACK");
  }
}

function scenarios(f: Fixture, tokens: { admin: string; teacher: string }, saves: () => unknown): Scenario[] {
  const { tenantId, part, leaves } = f;
  return [
    {
      name: "GET admGrades/get (40 × 60)",
      token: tokens.teacher,
      ratioTarget: 1.5,
      floor: true,
      request: { method: "GET", path: `admGrades/get?activityPartId=${part.id}` },
      sql: async (client) => {
        await client.query(`SELECT "activityId", "sectionId" FROM "ActivityPart" WHERE "tenantId" = $1 AND id = $2`, [tenantId, part.id]);
        const { rows: concepts } = await client.query<{ id: number }>(
          `SELECT id, "parentId", type, "weightType", weight, locked, "canEdit", "calcAverage", hidden FROM "EvalConcept" WHERE "tenantId" = $1 AND "activityId" = $2 AND ("sectionId" IS NULL OR "sectionId" = $3) ORDER BY level, "order"`,
          [tenantId, part.activityId, part.sectionId],
        );
        const { rows: roster } = await client.query<{ id: number }>(
          `SELECT u.id, u.name, u.last, u.last2, u.face FROM "User" u WHERE u."tenantId" = $1 AND u.type = 2 AND NOT u.inactive AND EXISTS (SELECT 1 FROM "SectionMember" m WHERE m."userId" = u.id AND m."tenantId" = $1 AND m."sectionId" = $2)`,
          [tenantId, part.sectionId],
        );
        await client.query(
          `SELECT "conceptId", "studentId", "gradeNum", "gradeTxt" FROM "Grade" WHERE "tenantId" = $1 AND "conceptId" = ANY($2) AND "studentId" = ANY($3)`,
          [tenantId, concepts.map((c) => c.id), roster.map((r) => r.id)],
        );
      },
    },
    {
      name: "POST admGrades (40 cells)",
      token: tokens.teacher,
      targets: { 1: 40 },
      ratioTarget: 2,
      // Each call writes one leaf for the 40 students, leaf after leaf, every cell to a value it did not hold.
      request: { method: "POST", path: "admGrades", body: saves },
      sql: (client) => saveBySql(client, f, leaves[0]!.id, 5),
    },
    ...SEARCHES.map(
      (search): Scenario => ({
        name: `GET admStudent/get (40, "${search}")`,
        ratioTarget: 1.5,
        token: tokens.admin,
        request: { method: "GET", path: `admStudent/get?page=1&PageSize=40&filter=${encodeURIComponent(search)}` },
        // One word: the page in the list's order. Several (a full name): the matches' ids and search texts in that order
        // (at most 501, which the handler ranks), then the page by id.
        sql: async (client) => {
          const words = search.split(" ").map((w) => `%${w}%`);
          const matching = words.map((_, i) => `u."searchText" LIKE $${i + 2}`).join(" AND ");
          if (words.length === 1)
            return client.query(`${STUDENT_PAGE_SQL} AND ${matching} ORDER BY u.last, u.last2, u.name, u.id LIMIT 41`, [tenantId, ...words]);
          const { rows } = await client.query<{ id: number }>(
            `SELECT u.id, u."searchText" FROM "User" u WHERE u."tenantId" = $1 AND u.type = 2 AND ${matching} ORDER BY u.last, u.last2, u.name, u.id LIMIT 501`,
            [tenantId, ...words],
          );
          return client.query(`${STUDENT_PAGE_SQL} AND u.id = ANY($2)`, [tenantId, rows.slice(0, 41).map((r) => r.id)]);
        },
      }),
    ),
    {
      // What every signed-in call costs before its own work (the token, its session, the person and their rights, the
      // envelope): no target of its own, the stack's floor under the calls above. Its SQL: the same read, by hand, in one
      // statement as the handler's.
      name: "GET admGrades/reports (signed-in, nothing read)",
      token: tokens.teacher,
      request: { method: "GET", path: "admGrades/reports" },
      sql: async (client) => {
        const claims = JSON.parse(Buffer.from(tokens.teacher.split(".")[1]!, "base64url").toString()) as { sub: string; tid: number; sid: string };
        await client.query(
          `SELECT u.id, u."roleCode", u.inactive, u."accountId", u.name, u.last, s."startedAt", s."endedAt", a."moduleId", a."canRead", a."canWrite"
             FROM "User" u LEFT JOIN "Session" s ON s.id = $3 AND s."accountId" = u."accountId"
             LEFT JOIN "UserGroupMember" m ON m."tenantId" = u."tenantId" AND m."userId" = u.id
             LEFT JOIN "ModuleAccess" a ON a."tenantId" = m."tenantId" AND a."groupId" = m."groupId"
            WHERE u."tenantId" = $1 AND u.id = $2`,
          [claims.tid, Number(claims.sub), claims.sid],
        );
      },
    },
    {
      name: "POST admStaff/login (sign-in)",
      token: "",
      request: { method: "POST", path: "admStaff/login?adm=true", body: () => ({ user: BENCH_ACCOUNTS.admin, pass: BENCH_PASSWORD }) },
      sql: async (client) => {
        const { rows } = await client.query<{ id: number }>(`SELECT id, "passwordHash", "lastTenantId" FROM "Account" WHERE email = $1`, [
          BENCH_ACCOUNTS.admin,
        ]);
        await client.query(
          `SELECT u.id, u."tenantId", t.title FROM "User" u JOIN "Tenant" t ON t.id = u."tenantId" WHERE u."accountId" = $1 AND NOT u.inactive ORDER BY u."tenantId"`,
          [rows[0]!.id],
        );
      },
    },
  ];
}

/** The SMTP catcher and the WhatsApp stand-in, in a process of their own (bench/outside.ts). */
async function startOutsideProcess(webPort: number): Promise<{ pid: number; env: Record<string, string>; close(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/outside.ts", String(webPort)], { stdio: ["ignore", "pipe", "inherit"], detached: true });
  process.once("exit", () => child.kill("SIGKILL"));
  const line = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(text.split("\n")[0]!);
    });
    child.once("exit", (code) => reject(new Error(`the outside stand-ins stopped (${code})`)));
  });
  return {
    pid: child.pid!,
    env: JSON.parse(line) as Record<string, string>,
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
/** "9 (503)" : how many failed and with which statuses. */
const failures = (s: Stats) => (s.failed ? `${s.failed} (${Object.keys(s.codes ?? {}).join(",") || "err"})` : "0");

const database = await benchDatabase();
const pool = new pg.Pool({ connectionString: database.url, max: 10 });
// An idle connection that the database's stop closes at the end is no failure of the run (pg asks for a listener).
pool.on("error", (error) => console.error(`bench pool: ${error.message}`));
let web: Awaited<ReturnType<typeof startWeb>> | undefined;
const outside = await startOutsideProcess(PORT);
try {
  const f = await fixture(pool);
  const previous = previousSummary();
  await buildIfNeeded();
  // No log line and no metrics port: every figure but the observability one measures the app without them.
  const env = { DATABASE_URL: database.url, AUTH_SECRET: randomAuthSecret(), LOG_LEVEL: "silent", ...outside.env };
  web = await startWeb(PORT, env);
  const tokens = { admin: await signIn(BENCH_ACCOUNTS.admin), teacher: await signIn(BENCH_ACCOUNTS.teacher) };

  // The export first, on a fresh server, so that its peak memory is not that of the load before it.
  const exported = ONLY.length ? null : await exportXlsx(tokens.admin, web.pid!);
  // What a person waits for, in Chromium, before the load leaves the server's caches warm for every call alike.
  const browser: BrowserFigures | null =
    ONLY.length && !ONLY.some((text) => "browser".includes(text))
      ? null
      : await browserFigures({ base: BASE, accounts: BENCH_ACCOUNTS, password: BENCH_PASSWORD, fixture: { partId: f.part.id, students: f.students.length } });
  const rows: { call: string; clients: number; api: Stats; sql: Stats; floor?: Stats; ratioP95: number; target?: number; ratioTarget?: number }[] = [];
  const all = [...scenarios(f, tokens, await gradeSaves(pool, f)), ...(await attendanceScenarios(pool, f, tokens))];
  for (const s of all.filter((s) => ONLY.length === 0 || ONLY.some((text) => s.name.includes(text)))) {
    await check(s.name, s.token, s.request);
    const answer = s.floor ? ((await (await call(s.token, s.request)).json()) as unknown) : undefined;
    await loadApi(s, 1, 2);
    for (const clients of s.clients ?? CLIENTS) {
      await settle(pool);
      const api = await loadApi(s, clients, SECONDS);
      const sql = await loadSql(pool, s, clients);
      const floor = answer === undefined ? undefined : await loadSql(pool, s, clients, answer);
      rows.push({ call: s.name, clients, api, sql, floor, ratioP95: api.p95 / sql.p95, target: s.targets?.[clients], ratioTarget: s.ratioTarget });
      console.log(`${s.name} @ ${clients}: p95 ${fmt(api.p95)} ms (SQL ${fmt(sql.p95)} ms)`);
    }
    await s.cleanup?.(pool);
  }

  // What the logs (LOG_LEVEL=info) and the metrics port cost the grade sheet, against this run's silent server.
  let observability: ObservabilityFigures | null = null;
  if (ONLY.length === 0 || ONLY.some((text) => "observability".includes(text))) {
    const sheet = scenarios(f, tokens, () => null)[0]!;
    observability = await observabilityFigures({
      silentBase: BASE,
      env,
      gradeSheet: async (base, seconds) => (await latencies(sheet, 10, seconds, base)).times,
      settle: () => settle(pool),
    });
  }

  // The students-and-families import into the big school (deleted afterwards): its trial run, then the import.
  let imported: ImportFigures | null = null;
  if (ONLY.length === 0 || ONLY.some((text) => "import".includes(text))) {
    const pid = web.pid!;
    imported = await importFigures({ base: BASE, token: tokens.admin, pool, tenantId: f.tenantId, rss: () => treeRss(pid) });
  }

  // 100 schools registered beside the big one: its sign-in and grade sheet before and after, as their rows measure them.
  let registration: RegistrationFigures | null = null;
  if (ONLY.length === 0 || ONLY.some((text) => "registration".includes(text))) {
    const [sheet, , , login] = scenarios(f, tokens, () => null);
    registration = await registrationFigures({
      base: BASE,
      pool,
      env,
      signInP95: async () => stats((await latencies(login!, 10, SECONDS)).times, SECONDS, 0).p95,
      gradeSheetP95: async () => stats((await latencies(sheet!, 10, SECONDS)).times, SECONDS, 0).p95,
      settle: () => settle(pool),
    });
  }

  // The inbox at a year's scale, and families' messages answered by the worker beside the grade sheet.
  let conversations: ConversationFigures | null = null;
  if (ONLY.length === 0 || ONLY.some((text) => "conversations".includes(text))) {
    const sheet = scenarios(f, tokens, () => null)[0]!;
    conversations = await conversationFigures({
      pool,
      tenantId: f.tenantId,
      env,
      check: (request) => check(request.path, tokens.admin, request),
      load: async (request, clients, seconds) => {
        await settle(pool);
        return (await latencies({ name: request.path, token: tokens.admin, request, sql: async () => null }, clients, seconds)).times;
      },
      gradeSheet: async (seconds) => (await latencies(sheet, 10, seconds)).times,
    });
  }

  // Payments of the two years of pensions: one client, then twenty paying at once, and their receipts' numbers.
  let billing: BillingFigures | null = null;
  let autoCharge: AutoChargeFigures | null = null;
  if (ONLY.length === 0 || ONLY.some((text) => "billing".includes(text))) {
    const pid = web.pid!;
    const billingOptions = {
      pool,
      tenantId: f.tenantId,
      base: BASE,
      token: tokens.admin,
      rss: () => treeRss(pid),
      check: (request: Request) => check(request.path, tokens.admin, request),
      load: async (request: Request, clients: number, seconds: number) => {
        await settle(pool);
        return (await latencies({ name: request.path, token: tokens.admin, request, sql: async () => null }, clients, seconds)).times;
      },
    };
    billing = await billingFigures(billingOptions);
    autoCharge = await autoChargeFigures(billingOptions);
  }
  // The payment provider's signed webhook at a steady rate, on a running worker's callback port.
  let webhook: WebhookFigures | null = null;
  if (ONLY.length === 0 || ONLY.some((text) => "billing".includes(text))) {
    await settle(pool);
    webhook = await webhookFigures({ pool, tenantId: f.tenantId, env });
  }

  // Sending last: the notification and its 4,000 messages stay in the bench database (a later run sends a new one).
  let sending: SendingFigures | null = null;
  if (ONLY.length === 0 || ONLY.some((text) => "sending".includes(text))) {
    const sheet = scenarios(f, tokens, () => null)[0]!;
    sending = await sendingFigures({
      pool,
      tenantId: f.tenantId,
      base: BASE,
      token: tokens.admin,
      env,
      pids: { web: web.pid!, standIns: outside.pid },
      gradeSheet: async (seconds) => (await latencies(sheet, 10, seconds)).times,
    });
  }

  // After the sending, on a database no call loads any more: the backup reads every table, the restore writes a copy.
  const backedUp: BackupFigures | null = ONLY.length === 0 || ONLY.some((text) => "backup".includes(text)) ? await backupFigures(database.url) : null;

  const line = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const widths = [38, 7, 8, 8, 9, 8, 8, 11, 9, 9, 7, 7, 10, 13];
  const met = (ok: boolean) => (ok ? "met" : "missed");
  console.log(
    `\n${line(["call", "clients", "p50 ms", "p95 ms", "prev p95", "p99 ms", "req/s", "failed", "SQL p50", "SQL p95", "SQL/s", "p95 ×", "× target", "p95 target"], widths)}`,
  );
  for (const r of rows) {
    console.log(
      line(
        [
          r.call,
          String(r.clients),
          fmt(r.api.p50),
          fmt(r.api.p95),
          was(previous, `${r.call} @${r.clients} p95`),
          fmt(r.api.p99),
          fmt(r.api.rps),
          failures(r.api),
          fmt(r.sql.p50),
          fmt(r.sql.p95),
          fmt(r.sql.rps, 0),
          fmt(r.ratioP95),
          r.ratioTarget === undefined ? "" : `≤ ${r.ratioTarget} ${met(r.ratioP95 <= r.ratioTarget)}`,
          r.target === undefined ? "" : `< ${r.target} ${met(r.api.p95 < r.target)}`,
        ],
        widths,
      ),
    );
  }
  const floors = rows.filter((r) => r.floor);
  if (floors.length) console.log("\nFloors of large answers (the hand-written SQL and the same answer written as JSON, in one process, as the app must):");
  for (const r of floors) {
    console.log(`  ${r.call} @ ${r.clients}: floor p95 ${fmt(r.floor!.p95)} ms, the call ${fmt(r.api.p95 / r.floor!.p95)} × its floor`);
  }
  if (observability) {
    const { silent, observed, p95CostPercent, rpsCostPercent, logLines } = observability;
    const cost = (figure: string, percent: number, key: string) =>
      console.log(
        `  ${figure.padEnd(44)} ${`${fmt(percent)} %`.padStart(9)}   target < ${OBSERVABILITY_TARGET_PERCENT} % ${met(percent < OBSERVABILITY_TARGET_PERCENT)}${was(previous, key) && `   was ${was(previous, key)}`}`,
      );
    console.log(
      `\nObservability: GET admGrades/get @ 10 clients, LOG_LEVEL=info and metrics on (${logLines} log lines) against LOG_LEVEL=silent and metrics off:`,
    );
    console.log(`  p95 ${fmt(observed.p95)} ms against ${fmt(silent.p95)} ms, ${fmt(observed.rps)} req/s against ${fmt(silent.rps)}`);
    cost("p95 slower by", p95CostPercent, "observability p95 cost %");
    cost("requests a second fewer by", rpsCostPercent, "observability req/s cost %");
  }
  if (imported) {
    const { seconds, rssGrowthMB } = IMPORT_TARGETS;
    const figure = (name: string, value: string, goal: string, key: string) =>
      console.log(`  ${name.padEnd(36)} ${value.padStart(10)}   ${goal.padEnd(22)} ${was(previous, key) && `was ${was(previous, key)}`}`);
    const growth = imported.rssPeakMB - imported.rssBeforeMB;
    console.log(
      `\nPOST admStudent/familyImport: ${imported.students} students and ${imported.guardians} guardians in one .xlsx, streamed (${imported.progressLines} progress lines); it did ${JSON.stringify(imported.answer && { ...(imported.answer as object), problems: undefined })}`,
    );
    figure(
      "trial run (dryRun=true)",
      `${fmt(imported.trialSeconds, 2)} s`,
      `target < ${seconds} s ${met(imported.trialSeconds < seconds)}`,
      "import trial seconds",
    );
    figure("import", `${fmt(imported.importSeconds, 2)} s`, `target < ${seconds} s ${met(imported.importSeconds < seconds)}`, "import seconds");
    figure("server RSS growth", `${fmt(growth, 0)} MB`, `target < ${rssGrowthMB} MB ${met(growth < rssGrowthMB)}`, "import RSS growth MB");
    console.log(`  (server RSS ${fmt(imported.rssBeforeMB, 0)} MB before, ${fmt(imported.rssPeakMB, 0)} MB at peak)`);
  }
  if (sending) {
    const target = (figure: string, value: string, goal: string, key: string) =>
      console.log(`  ${figure.padEnd(52)} ${value.padStart(14)}   target ${goal.padEnd(9)} ${was(previous, key) && `was ${was(previous, key)}`}`);
    console.log(
      `\nSending: one notification to ${sending.recipients} guardians by WhatsApp and e-mail (${sending.messages} messages, ${sending.failed} failed):`,
    );
    target("confirm (POST admNotification/schedule?confirm=true)", `${fmt(sending.confirmMs)} ms`, "< 300 ms", "sending confirm ms");
    target("every message delivered", `${fmt(sending.allDeliveredSeconds)} s`, "< 60 s", "sending delivered s");
    target("worker peak RSS", `${fmt(sending.workerPeakRssMB, 0)} MB`, "flat", "sending worker RSS MB");
    target(
      "GET admGrades/get p95 @ 10 clients, during / before",
      `${fmt(sending.gradeSheetP95During)} / ${fmt(sending.gradeSheetP95Before)} = ${fmt(sending.gradeSheetP95During / sending.gradeSheetP95Before, 2)} ×`,
      "≤ 1.5 ×",
      "sending grade sheet ratio",
    );
    console.log(
      `  (the grade sheet's p95 in the send's first ${SEND_FIRST_SECONDS} s alone, while its audience is written: ${fmt(sending.gradeSheetP95First)} ms)`,
    );
    const cores = os.cpus().length;
    for (const [when, cpu] of [
      ["before", sending.cpuBefore],
      ["during", sending.cpuDuring],
    ] as const) {
      const share = (seconds: number) => `${fmt((100 * seconds) / (cores * cpu.seconds), 0)} %`;
      console.log(
        `  processor of ${cores} cores while the grade sheet was measured ${when} the send: web app ${share(cpu.web)}, worker ${share(cpu.worker)}, ` +
          `PostgreSQL ${share(cpu.database)}, bench load ${share(cpu.bench)}, stand-ins ${share(cpu.standIns)}; the web app waited for a processor ${fmt((1000 * cpu.webWaited) / cpu.seconds, 0)} ms a second`,
      );
    }
  }
  if (conversations) printConversationFigures(conversations, (key) => was(previous, key));
  if (billing) printBillingFigures(billing, (key) => was(previous, key));
  if (autoCharge) printAutoChargeFigures(autoCharge, (key) => was(previous, key));
  if (webhook) printWebhookFigures(webhook, (key) => was(previous, key));
  if (backedUp) {
    const figure = (name: string, value: string, goal: string, key: string) =>
      console.log(`  ${name.padEnd(36)} ${value.padStart(10)}   ${goal.padEnd(22)} ${was(previous, key) && `was ${was(previous, key)}`}`);
    const within = (seconds: number, target: number) => `target < ${target / 60} min ${met(seconds < target)}`;
    console.log("\nBackup of the bench database (pnpm db:backup), restored into a fresh database (pnpm db:restore):");
    figure("backup", `${fmt(backedUp.backupSeconds)} s`, within(backedUp.backupSeconds, BACKUP_TARGETS.backupSeconds), "backup seconds");
    figure("archive", `${fmt(backedUp.archiveMB, 0)} MB`, "", "backup archive MB");
    figure(
      "restore (migrate, load, check)",
      `${fmt(backedUp.restoreSeconds)} s`,
      within(backedUp.restoreSeconds, BACKUP_TARGETS.restoreSeconds),
      "restore seconds",
    );
  }
  if (registration) {
    const { setupP50, setupP95, registered, before, after } = registration;
    const row = (figure: string, value: string, goal: string, key: string) =>
      console.log(`  ${figure.padEnd(52)} ${value.padStart(22)}   target ${goal.padEnd(12)} ${was(previous, key) && `was ${was(previous, key)}`}`);
    console.log(`\nRegistration: POST company/setup one after another (${registered} schools registered beside the bench school):`);
    row(
      `company/setup p95 over the first ${TIMED}`,
      `${fmt(setupP95)} ms (p50 ${fmt(setupP50)})`,
      `< ${SETUP_TARGET_MS} ms ${met(setupP95 < SETUP_TARGET_MS)}`,
      "registration setup p95",
    );
    // With the schools against the mean of the two measures without them (before, and after their removal).
    const ratio = (a: number, b: number, c: number) => `${fmt(a)} / ${fmt(b)} / ${fmt(c)} ms (${fmt(b / ((a + c) / 2), 2)} ×)`;
    const { without } = registration;
    row(
      `sign-in p95 @ 10: without / with ${REGISTRATIONS} / without`,
      ratio(before.signIn, after.signIn, without.signIn),
      "within noise",
      "registration sign-in ratio",
    );
    row(
      `GET admGrades/get p95 @ 10: without / with / without`,
      ratio(before.gradeSheet, after.gradeSheet, without.gradeSheet),
      "within noise",
      "registration grade sheet ratio",
    );
  }
  if (browser) printBrowserFigures(browser);
  if (!exported) {
    console.log(`\nOnly the calls matching ${ONLY.join(", ")}: no export, no first-load figures, no results file.`);
  } else {
    const exportSqlStarted = performance.now();
    const { rowCount: exportSqlRows } = await pool.query(`${STUDENT_PAGE_SQL} ORDER BY u.last, u.last2, u.name, u.id`, [f.tenantId]);
    const exportSqlSeconds = (performance.now() - exportSqlStarted) / 1000;
    const bundles = FIRST_LOAD_ROUTES.map((r) => ({ ...firstLoad(r.route, r.manifest), target: r.targetGzipKB }));

    console.log(
      `\nGET admStudent/get?print=true&format=xlsx: ${exported.rows} rows, ${fmt(exported.bytes / 1024 / 1024)} MB in ${fmt(exported.seconds, 2)} s; server RSS ${fmt(exported.rssBeforeMB, 0)} MB before, ${fmt(exported.rssPeakMB, 0)} MB at peak` +
        ` (the same rows by SQL: ${exportSqlRows} in ${fmt(exportSqlSeconds, 2)} s, ${fmt(exported.seconds / exportSqlSeconds)} ×)`,
    );
    console.log("\nFirst-load JavaScript (root main files + every chunk of the route's segments, from the client reference manifest):");
    for (const b of bundles)
      console.log(
        `  ${b.route.padEnd(18)} ${String(b.chunks).padStart(3)} chunks  ${fmt(b.rawKB, 0).padStart(6)} kB raw  ${fmt(b.gzipKB, 0).padStart(5)} kB gzip` +
          `   target ≤ ${b.target} kB ${met(b.gzipKB <= b.target)}${was(previous, `first load ${b.route} gzip kB`, 0) && `   was ${was(previous, `first load ${b.route} gzip kB`, 0)}`}`,
      );

    const figures: Figures = {
      "export seconds": exported.seconds,
      "export peak RSS MB": exported.rssPeakMB,
      ...Object.fromEntries(
        rows.flatMap((r) => [
          [`${r.call} @${r.clients} p95`, r.api.p95],
          [`${r.call} @${r.clients} SQL p95`, r.sql.p95],
          ...(r.floor ? [[`${r.call} @${r.clients} floor p95`, r.floor.p95]] : []),
        ]),
      ),
      ...Object.fromEntries(bundles.map((b) => [`first load ${b.route} gzip kB`, b.gzipKB])),
      ...Object.fromEntries((browser?.steps ?? []).map((step) => [`browser ${step.step} median ms`, step.median])),
      ...(imported
        ? {
            "import trial seconds": imported.trialSeconds,
            "import seconds": imported.importSeconds,
            "import RSS growth MB": imported.rssPeakMB - imported.rssBeforeMB,
          }
        : {}),
      ...(backedUp ? { "backup seconds": backedUp.backupSeconds, "backup archive MB": backedUp.archiveMB, "restore seconds": backedUp.restoreSeconds } : {}),
      ...(observability ? { "observability p95 cost %": observability.p95CostPercent, "observability req/s cost %": observability.rpsCostPercent } : {}),
      ...(registration
        ? {
            "registration setup p95": registration.setupP95,
            "registration sign-in ratio": registration.after.signIn / ((registration.before.signIn + registration.without.signIn) / 2),
            "registration grade sheet ratio": registration.after.gradeSheet / ((registration.before.gradeSheet + registration.without.gradeSheet) / 2),
          }
        : {}),
      ...(conversations
        ? {
            "conversations list p95 @1": conversations.list1.p95,
            "conversations list p95 @10": conversations.list10.p95,
            "conversations messages p95 @1": conversations.messages.p95,
            "conversations webhook p95": conversations.webhook.p95,
            "conversations webhook during p95": conversations.webhookDuring.p95,
            "conversations assistant p95": conversations.assistant.p95,
            "conversations decided p95": conversations.decided.p95,
            "conversations grade sheet ratio": conversations.gradeSheetDuring.p95 / conversations.gradeSheetBefore.p95,
          }
        : {}),
      ...(billing
        ? {
            "billing board p95 @1": billing.board1.p95,
            "billing board p95 @10": billing.board10.p95,
            "billing pay p95 @1": billing.pay1.p95,
            "billing pay p95 @20": billing.pay20.p95,
            "billing zip receipts per second": billing.zip.streamed / billing.zip.seconds,
            "billing zip RSS growth MB": billing.zip.rssPeakMB - billing.zip.rssBeforeMB,
          }
        : {}),
      ...(autoCharge ? { "billing autocharge preview p95": autoCharge.preview.p95 } : {}),
      ...(webhook ? { "billing webhook p95": webhook.ack.p95 } : {}),
      ...(sending
        ? {
            "sending confirm ms": sending.confirmMs,
            "sending delivered s": sending.allDeliveredSeconds,
            "sending worker RSS MB": sending.workerPeakRssMB,
            "sending grade sheet ratio": sending.gradeSheetP95During / sending.gradeSheetP95Before,
          }
        : {}),
    };
    console.log(`\nWritten to ${writeSummary(figures, SECONDS, SQL_SECONDS)}`);
  }
} finally {
  // The server's connections must close before its database stops.
  if (web && web.exitCode === null) {
    const exited = once(web, "exit");
    web.kill("SIGTERM");
    await exited;
  }
  await pool.end();
  await outside.close();
  await database.stop();
}
