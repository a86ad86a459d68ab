// What `pnpm db:backup` and `pnpm db:restore` share: the database they work on, where uploaded files live, and how a
// failure ends the command.
import path from "node:path";
import { type Database, demoDatabase } from "../database.ts";

/**
 * Runs a command; `demo()` starts the demo's database (DATABASE_URL's when set, as `pnpm db:migrate` does) for a
 * command that needs it, and stops it at the end. Any failure is one line on stderr and exit code 1.
 */
export async function runCommand(name: string, command: (demo: () => Promise<Database>) => Promise<void>): Promise<void> {
  let db: Promise<Database> | undefined;
  let code = 0;
  try {
    await command(() => (db ??= demoDatabase()));
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  } finally {
    await (await db?.catch(() => undefined))?.stop();
  }
  process.exit(code);
}

/**
 * The folder of uploaded files as the app reads its configuration (server/env.ts: STORAGE_DRIVER, STORAGE_DIR), or
 * null when they live in S3. The app's configuration is validated whole, and it needs a database: the one at hand.
 */
export async function storageDir(databaseUrl: string): Promise<string | null> {
  process.env.DATABASE_URL ??= databaseUrl;
  const { env } = await import("../../../apps/web/src/server/env.ts");
  const { STORAGE_DRIVER, STORAGE_DIR } = env();
  return STORAGE_DRIVER === "s3" ? null : path.resolve(STORAGE_DIR);
}

export const elapsed = (seconds: number) => (seconds < 90 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`);
