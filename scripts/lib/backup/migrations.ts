// The schema of a restore is the project's migrations, applied by Prisma's own `migrate deploy` as everywhere else.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { ROOT } from "../database.ts";
import { mustRun } from "../run.ts";
import type { Manifest } from "./archive.ts";

const MIGRATIONS = path.join(ROOT, "prisma/migrations");

/** This code's migrations: each folder's name and Prisma's checksum of it (sha256 of its migration.sql, in hex). */
export function codeMigrations(): Map<string, string> {
  const names = fs.readdirSync(MIGRATIONS).filter((name) => fs.existsSync(path.join(MIGRATIONS, name, "migration.sql")));
  return new Map(
    names.map((name) => [
      name,
      createHash("sha256")
        .update(fs.readFileSync(path.join(MIGRATIONS, name, "migration.sql")))
        .digest("hex"),
    ]),
  );
}

/** The migrations a database has applied, as Prisma records them; refuses one whose last migration failed or is under way. */
export async function appliedMigrations(client: pg.Client): Promise<{ name: string; checksum: string }[]> {
  const { rows } = await client.query<{ name: string; checksum: string; finished: boolean; rolledBack: boolean }>(
    `SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack"
       FROM public._prisma_migrations ORDER BY migration_name`,
  );
  const unfinished = rows.find((r) => !r.finished && !r.rolledBack);
  if (unfinished) throw new Error(`Migration ${unfinished.name} failed or is still running on this database: resolve it (prisma migrate resolve) first.`);
  return rows.filter((r) => r.finished).map(({ name, checksum }) => ({ name, checksum }));
}

/**
 * The names of this code's migrations the backup lacks. Refuses a backup with a migration this code does not have, or
 * whose migration.sql differs from this code's: its tables would not fit the schema these migrations make.
 */
export function migrationsAfter(manifest: Manifest): string[] {
  const code = codeMigrations();
  for (const m of manifest.migrations) {
    const checksum = code.get(m.name);
    if (checksum === undefined) {
      throw new Error(
        `The backup's database had migration ${m.name}, which this code does not have: restore it with the Pizarra version that has it (the one that made the backup, or newer).`,
      );
    }
    if (checksum !== m.checksum) throw new Error(`Migration ${m.name} of the backup differs from this code's prisma/migrations/${m.name}/migration.sql.`);
  }
  const had = new Set(manifest.migrations.map((m) => m.name));
  return [...code.keys()].filter((name) => !had.has(name)).sort();
}

/**
 * `prisma migrate deploy` on `url`; with `only`, of those migrations alone: a copy of their folders and a config that
 * is the project's own with that copy as its migrations folder, so that the data of an older backup is loaded into
 * the schema it was taken from, and the newer migrations then change it as they change any database.
 */
export async function migrate(url: string, only?: string[]): Promise<void> {
  if (!only) return mustRun("prisma", ["migrate", "deploy"], { DATABASE_URL: url });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pizarra-migrations-"));
  try {
    fs.copyFileSync(path.join(MIGRATIONS, "migration_lock.toml"), path.join(dir, "migration_lock.toml"));
    for (const name of only) fs.cpSync(path.join(MIGRATIONS, name), path.join(dir, name), { recursive: true });
    const config = path.join(dir, "prisma.config.ts");
    fs.writeFileSync(
      config,
      `import config from ${JSON.stringify(path.join(ROOT, "prisma.config.ts"))};\n` +
        `export default { ...config, schema: ${JSON.stringify(path.join(ROOT, "prisma/schema"))}, migrations: { ...config.migrations, path: ${JSON.stringify(dir)} } };\n`,
    );
    await mustRun("prisma", ["migrate", "deploy", "--config", config], { DATABASE_URL: url });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
