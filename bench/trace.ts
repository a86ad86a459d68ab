// Where a call's time goes: the grade save, the grade sheet, the student page and the attendance register's
// save and list, each run in this process through the app's own route handler against the bench database, one at a
// time, with every SQL statement it sends timed at the driver (from the query to its last row). Prints, per call, the
// wall time, the time in PostgreSQL round trips and the rest (Prisma, the handler, JSON), and the statements grouped by
// their text. Run by `pnpm bench:trace` (needs `pnpm bench:seed`; no build).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { BENCH_ACCOUNTS, BENCH_PASSWORD, benchDatabase, nextOf, percentile } from "./config.ts";
import { attendanceScenarios } from "./attendance.ts";
import { fixture, gradeSaves } from "./fixture.ts";

type Statement = { text: string; ms: number };
let trace: Statement[] | null = null;
// The driver under Prisma's adapter: every statement passes through Client.query, which answers a promise.
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  if (!trace) return query.apply(this, args);
  const config = args[0] as string | { text: string; callback?: unknown };
  const text = typeof config === "string" ? config : config.text;
  const started = performance.now();
  const log = trace;
  const done = () => log.push({ text, ms: performance.now() - started });
  // The pool's own query passes a callback (as the last argument, or on the config); a client's answers a promise.
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    const callback = args[last] as (...a: unknown[]) => void;
    args[last] = (...a: unknown[]) => {
      done();
      callback(...a);
    };
  } else if (typeof config === "object" && typeof config.callback === "function") {
    const callback = config.callback as (...a: unknown[]) => void;
    config.callback = (...a: unknown[]) => {
      done();
      callback(...a);
    };
  }
  const result = query.apply(this, args);
  if (!(result instanceof Promise)) return result;
  return result.then((answer) => {
    done();
    return answer;
  });
} as typeof pg.Client.prototype.query;

const database = await benchDatabase();
process.env.DATABASE_URL = database.url;
process.env.AUTH_SECRET ??= randomBytes(32).toString("hex");
// A line a call would fill the trace's own output, and its cost is `pnpm bench`'s observability figure.
process.env.LOG_LEVEL ??= "silent";
const { handle } = await import("../apps/web/src/server/http/handle.ts");
const { router } = await import("../apps/web/src/server/routes.ts");
const pool = new pg.Pool({ connectionString: database.url, max: 2 });

async function call(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const headers = new Headers({ "x-locale": "es", "x-pizarra-peer": "127.0.0.1" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  const req = new Request(`http://127.0.0.1/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const res = await handle(router, req, path.split("?")[0]!);
  const envelope = (await res.json()) as { status: number; msg: string; data: unknown };
  if (envelope.status < 0) throw new Error(`${path}: ${envelope.msg}`);
  return envelope;
}

/** A statement's text without its literals' differences: the same query with other ids is one line. */
const shape = (text: string) => text.replace(/\s+/g, " ").replace(/\$\d+/g, "$").slice(0, 110);

async function traced(name: string, runs: number, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 3; i++) await run();
  const walls: number[] = [];
  const inSql: number[] = [];
  const byShape = new Map<string, { count: number; ms: number }>();
  for (let i = 0; i < runs; i++) {
    trace = [];
    const started = performance.now();
    await run();
    walls.push(performance.now() - started);
    const statements = trace;
    trace = null;
    inSql.push(statements.reduce((sum, s) => sum + s.ms, 0));
    for (const s of statements) {
      const line = byShape.get(shape(s.text)) ?? { count: 0, ms: 0 };
      byShape.set(shape(s.text), { count: line.count + 1, ms: line.ms + s.ms });
    }
  }
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const statements = [...byShape.values()].reduce((sum, s) => sum + s.count, 0) / runs;
  console.log(
    `\n${name}: median ${median(walls).toFixed(1)} ms a call, of which ${median(inSql).toFixed(1)} ms waiting on PostgreSQL (${statements.toFixed(0)} statements), ` +
      `${(median(walls) - median(inSql)).toFixed(1)} ms in the app (Prisma, the handler, JSON)`,
  );
  for (const [text, { count, ms }] of [...byShape].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`  ${(count / runs).toFixed(1).padStart(5)} ×  ${(ms / count).toFixed(2).padStart(6)} ms  ${text}`);
  }
}

try {
  const login = async (email: string) =>
    ((await call("POST", "admStaff/login?adm=true", "", { user: email, pass: BENCH_PASSWORD })).data as { token: string }).token;
  const teacher = await login(BENCH_ACCOUNTS.teacher);
  const f = await fixture(pool);
  const save = await gradeSaves(pool, f);
  await traced("POST admGrades (40 cells)", 30, () => call("POST", "admGrades", teacher, save()));
  await traced("GET admGrades/get (40 × 60)", 30, () => call("GET", `admGrades/get?activityPartId=${f.part.id}`, teacher));
  const admin = await login(BENCH_ACCOUNTS.admin);
  await traced('GET admStudent/get (40, "gar")', 30, () => call("GET", "admStudent/get?page=1&PageSize=40&filter=gar", admin));
  for (const s of await attendanceScenarios(pool, f, { admin, teacher })) {
    if (s.name.includes("missing")) continue;
    await traced(s.name, 30, () => {
      const { path, body } = nextOf(s.request);
      return call(s.request.method, path, s.token, body);
    });
    await s.cleanup?.(pool);
  }
} finally {
  await pool.end();
  await database.stop();
  process.exit(0);
}
