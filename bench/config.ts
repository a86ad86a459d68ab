// What the bench seed, run and trace share: the bench database, the big school's sign-in accounts, a call's request.
import { createDatabaseIfMissing, dropDatabase, ensureDatabase } from "../scripts/lib/database.ts";
import { mustRun } from "../scripts/lib/run.ts";

/** The value under which `p` percent of the sorted figures fall (NaN for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/** The big school's sign-in accounts (password BENCH_PASSWORD). */
export const BENCH_ACCOUNTS = { admin: "admin@bench.pizarra", teacher: "docente@bench.pizarra" } as const;
export const BENCH_PASSWORD = "pizarra-bench";
export const BIG_SCHOOL = "bench-grande";
const NAME = "pizarra_bench";

/**
 * A loaded call's request. `next`, when given, makes each request's path and body anew (a call that moves from one
 * record to the next).
 */
export type Request = { method: "GET" | "POST"; path: string; body?: () => unknown; next?: () => { path: string; body: unknown } };
/** The path and body of a request's next call. */
export const nextOf = (r: Request) => r.next?.() ?? { path: r.path, body: r.body?.() };

/**
 * The bench database: `pizarra_bench` on the server of DATABASE_URL when it is set, otherwise on an embedded
 * PostgreSQL of its own (data in .data/pg-bench, port 54340), apart from the demo's. `fresh` drops it first. It is
 * migrated every time: a bench of an older schema (an index missing) would measure another product.
 */
export async function benchDatabase({ fresh = false } = {}) {
  const server = await ensureDatabase({ name: "bench", port: 54340 });
  if (fresh) await dropDatabase(server.adminUrl, NAME);
  await createDatabaseIfMissing(server.adminUrl, NAME);
  const url = new URL(server.adminUrl);
  url.pathname = `/${NAME}`;
  await mustRun("prisma", ["migrate", "deploy"], { DATABASE_URL: url.toString() });
  return { url: url.toString(), stop: server.stop };
}
