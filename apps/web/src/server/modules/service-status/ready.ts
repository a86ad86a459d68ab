import fs from "node:fs";
import path from "node:path";
import type { TReadyAnswer } from "@pizarra/contracts";
import type { Db } from "@pizarra/db";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";

/** A worker is stale when it missed this many beats in a row (WORKER_HEARTBEAT_SECONDS). */
const MISSED_BEATS = 4;

let shipped: string[] | null | undefined;

/**
 * The migrations this copy of the app ships: the folders of prisma/migrations, found from the working directory up
 * (the repository's root in the Docker image, apps/web or the root when started by the scripts). Read once; null when
 * there is no such folder (a deployment that left it out cannot tell, and says so).
 */
function shippedMigrations(): string[] | null {
  if (shipped !== undefined) return shipped;
  shipped = null;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const folder = path.join(dir, "prisma", "migrations");
    if (fs.existsSync(folder)) {
      shipped = fs
        .readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(folder, entry.name, "migration.sql")))
        .map((entry) => entry.name);
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return shipped;
}

async function migrationsState(system: Db): Promise<Pick<TReadyAnswer, "migrations" | "pending">> {
  const expected = shippedMigrations();
  if (!expected) return { migrations: "unknown", pending: null };
  const applied = await system.$queryRaw<{ name: string }[]>`
    SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const done = new Set(applied.map((row) => row.name));
  const pending = expected.filter((name) => !done.has(name)).length;
  return { migrations: pending ? "pending" : "applied", pending };
}

async function workerState(system: Db): Promise<Pick<TReadyAnswer, "worker" | "workerSeconds">> {
  const { _max } = await system.workerHeartbeat.aggregate({ _max: { beatAt: true } });
  if (!_max.beatAt) return { worker: "none", workerSeconds: null };
  const seconds = Math.max(0, Math.floor((Date.now() - _max.beatAt.getTime()) / 1000));
  return { worker: seconds > MISSED_BEATS * env().WORKER_HEARTBEAT_SECONDS ? "stale" : "fresh", workerSeconds: seconds };
}

/**
 * GET ready: 200 when this instance can do its work (the database answers, its schema is the one the app ships, a
 * worker is alive to send what it queues), else 503 naming the checks that failed, with what each found.
 */
export async function ready(ctx: BaseContext): Promise<Reply<TReadyAnswer>> {
  let answer: TReadyAnswer;
  try {
    await ctx.system.$queryRaw`SELECT 1`;
    answer = { database: "up", ...(await migrationsState(ctx.system)), ...(await workerState(ctx.system)) };
  } catch {
    answer = { database: "down", migrations: "unknown", pending: null, worker: "unknown", workerSeconds: null };
  }
  const failed = [answer.database !== "up" && "database", answer.migrations !== "applied" && "migrations", answer.worker !== "fresh" && "worker"].filter(
    (check): check is string => Boolean(check),
  );
  if (failed.length) throw new AppError(-503, "api.notReady", 503, { checks: failed.join(", ") }, answer);
  return { data: answer };
}
