// A restore rebuilds the schema with the project's migrations (those the backup's database had: newer ones run after
// the load, as on any database they upgrade), then loads every table in foreign-key order with `COPY … FROM STDIN`
// in one transaction, builds the indexes, checks the foreign keys, sets the sequences, analyses, and checks each
// table's rows and checksum against the manifest before it commits: a restore that differs in one row leaves nothing
// behind but the empty schema.
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import tar from "tar-stream";
import { assertStorageKey } from "../../../apps/web/src/server/storage/keys.ts";
import { createDatabaseIfMissing, withDatabase } from "../database.ts";
import { FILE_ENTRY, MANIFEST, type Manifest, parseManifest, rowProgress, TABLE_ENTRY } from "./archive.ts";
import { appliedMigrations, migrate, migrationsAfter } from "./migrations.ts";
import { quoteIdent, setTextSettings, tableRef, tableSum, tablesInForeignKeyOrder } from "./tables.ts";

export interface RestoreOptions {
  /** The archive to read. */
  archive: string;
  /** The database to restore into: created when missing; it must hold no rows unless `force`. */
  url: string;
  /**
   * Drop the target's public schema (and pg-boss's, which the migrations make again) with every row in it. Only the
   * caller decides what names the target explicitly enough for that: the CLI honours it only with --database or --url.
   */
  force: boolean;
  /** STORAGE_DIR to put the archive's uploaded files into; null when the restoring deployment keeps them in S3. */
  storageDir: string | null;
  log?: (line: string) => void;
}

/** Schemas of the database's own tables (the system's aside), in which a row means the target is not empty. */
const filledTables = async (client: pg.Client) => {
  const { rows } = await client.query<{ name: string }>(`
    SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pgboss') AND n.nspname NOT LIKE 'pg\\_%'
       AND NOT (n.nspname = 'public' AND c.relname = '_prisma_migrations')
     ORDER BY 1`);
  const filled: string[] = [];
  for (const { name } of rows) {
    if ((await client.query(`SELECT 1 FROM ${name} LIMIT 1`)).rowCount) filled.push(name);
  }
  return filled;
};

/**
 * Makes the target ready for the backup's migrations: created when missing; refused when any table holds a row or it
 * is migrated past the backup, unless forced, which drops what the migrations make (public, and pgboss, which the job
 * queue's migration creates) and nothing else. An empty database migrated up to the backup, or a restore that failed
 * before committing, is taken as it is.
 */
async function prepareTarget(url: string, manifest: Manifest, force: boolean, log: (line: string) => void): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await createDatabaseIfMissing(withDatabase(url, "postgres"), name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const filled = await filledTables(client);
    const migrated = (await client.query("SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS yes")).rows[0].yes
      ? await appliedMigrations(client).catch(() => [{ name: "a failed migration", checksum: "" }])
      : [];
    const known = new Set(manifest.migrations.map((m) => m.name));
    const ahead = migrated.filter((m) => !known.has(m.name));
    if (filled.length === 0 && ahead.length === 0) return;
    const why =
      filled.length > 0
        ? `${filled.length} of its tables hold rows (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", …" : ""})`
        : `it has migrations the backup lacks (${ahead.map((m) => m.name).join(", ")})`;
    if (!force) throw new Error(`Database ${name} is not empty: ${why}. Restore into an empty database, or name it and add --force to replace its data.`);
    log(`--force: dropping the schemas public and pgboss of database ${name}, where ${why}.`);
    // Made again as a new database has it: every role may use it.
    await client.query(
      "DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; GRANT USAGE ON SCHEMA public TO PUBLIC",
    );
  } finally {
    await client.end();
  }
}

/** Reads the archive's entries in order; the first must be the manifest. */
async function openArchive(archive: string) {
  if (!fs.existsSync(archive)) throw new Error(`No archive at ${archive}.`);
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(archive), extract);
  // Awaited at the end; a damaged archive fails the entry being read meanwhile.
  reading.catch(() => {});
  const entries = extract[Symbol.asyncIterator]();
  /** Stops reading (an unread archive would hold its stream open) and waits for the reading to end. */
  const close = async () => {
    extract.destroy();
    await reading.catch(() => {});
  };
  try {
    const first = await entries.next();
    if (first.done || first.value.header.name !== MANIFEST) throw new Error(`${archive} does not start with ${MANIFEST}: it is not a Pizarra backup.`);
    const chunks: Buffer[] = [];
    for await (const chunk of first.value) chunks.push(chunk as Buffer);
    return { manifest: parseManifest(Buffer.concat(chunks).toString("utf8")), entries, reading, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Loads the archive into the target; answers how long it took. */
export async function restore({ archive, url, force, storageDir, log = console.log }: RestoreOptions): Promise<{ seconds: number }> {
  const started = performance.now();
  const { manifest, entries, reading, close } = await openArchive(archive);
  const client = new pg.Client({ connectionString: url, application_name: "pizarra-restore" });
  let connected = false;
  let later: string[];
  try {
    later = migrationsAfter(manifest);
    if (manifest.files?.length && storageDir === null) {
      throw new Error(
        `The backup holds ${manifest.files.length} uploaded files and this deployment keeps its files in S3: restore with STORAGE_DRIVER=local and a STORAGE_DIR, then copy that folder into the bucket (aws s3 sync <dir> s3://<bucket>).`,
      );
    }
    log(
      `Backup of ${manifest.createdAt}: ${manifest.tables.length} tables, ${manifest.migrations.length} migrations, uploaded files: ${manifest.files?.length ?? "not copied"}.`,
    );
    await prepareTarget(url, manifest, force, log);
    log("Migrating to the backup's schema…");
    await migrate(
      url,
      manifest.migrations.map((m) => m.name),
    );

    await client.connect();
    connected = true;
    await setTextSettings(client);
    // The indexes are built after the load: a larger sort memory than the server's default keeps a big one's sort
    // off the disk. One build runs at a time.
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query("BEGIN");
    const order = await tablesInForeignKeyOrder(client);
    const expected = new Map(manifest.tables.map((t) => [t.name, t]));
    const missing = order.filter((t) => !expected.has(t.name)).map((t) => t.name);
    const unknown = manifest.tables.filter((t) => !order.some((o) => o.name === t.name)).map((t) => t.name);
    if (missing.length || unknown.length) {
      throw new Error(
        `The backup's tables do not match its migrations' schema: missing ${missing.join(", ") || "none"}, unknown ${unknown.join(", ") || "none"}.`,
      );
    }
    const remake = await dropKeysAndIndexes(client);
    const loaded = new Set<string>();
    const filesWritten = new Set<string>();
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const entry = next.value;
      const name = entry.header.name;
      const table = TABLE_ENTRY.exec(name)?.[1];
      const file = FILE_ENTRY.exec(name)?.[1];
      if (table !== undefined) {
        const t = expected.get(table);
        if (!t || loaded.has(table)) throw new Error(`The archive holds table ${table} ${t ? "twice" : "that its manifest does not list"}.`);
        const tableStarted = performance.now();
        const progress = rowProgress(table, t.rows, log);
        // The rows are loaded as they were, triggers aside: the person-keys trigger would claim again codes that the
        // backed-up rows deliberately left unclaimed.
        await client.query(`ALTER TABLE ${tableRef(table)} DISABLE TRIGGER USER`);
        const columns = t.columns.map(quoteIdent).join(", ");
        await pipeline(entry, createGunzip(), progress, client.query(copyStreams.from(`COPY ${tableRef(table)} (${columns}) FROM STDIN`)));
        await client.query(`ALTER TABLE ${tableRef(table)} ENABLE TRIGGER USER`);
        loaded.add(table);
        log(`  ${table}: ${progress.rows().toLocaleString("en")} rows in ${((performance.now() - tableStarted) / 1000).toFixed(1)} s`);
      } else if (file !== undefined && storageDir !== null) {
        assertStorageKey(file);
        const target = path.join(storageDir, file);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        await pipeline(entry, fs.createWriteStream(target, { mode: 0o640 }));
        filesWritten.add(file);
      } else {
        throw new Error(`The archive holds an entry this restore does not know: ${name}.`);
      }
    }
    await reading;
    const notLoaded = manifest.tables.filter((t) => !loaded.has(t.name)).map((t) => t.name);
    if (notLoaded.length) throw new Error(`The archive ends before tables ${notLoaded.join(", ")}: it is truncated.`);
    const filesMissing = (manifest.files ?? []).filter((f) => !filesWritten.has(f.key) || fs.statSync(path.join(storageDir!, f.key)).size !== f.size);
    if (filesMissing.length) throw new Error(`${filesMissing.length} uploaded files of the manifest are missing or cut short, e.g. ${filesMissing[0]!.key}.`);

    log(`Building ${remake.indexes.length} indexes and keys, then checking ${remake.foreignKeys.length} foreign keys…`);
    for (const statement of [...remake.indexes, ...remake.foreignKeys]) {
      const began = performance.now();
      await client.query(statement);
      const seconds = (performance.now() - began) / 1000;
      if (seconds > 2) log(`  ${statement.length > 120 ? `${statement.slice(0, 120)}…` : statement}: ${seconds.toFixed(1)} s`);
    }
    await setSequences(client);
    log("Analysing…");
    await client.query("ANALYZE");
    log("Checking every table's rows and checksum against the manifest…");
    const differences: string[] = [];
    for (const t of manifest.tables) {
      const now = await tableSum(client, t.name, t.columns);
      if (now.rows !== t.rows || now.checksum !== t.checksum)
        differences.push(`${t.name} (${now.rows} rows where the backup had ${t.rows}${now.rows === t.rows ? ", other values" : ""})`);
    }
    if (differences.length) throw new Error(`The restored data differs from the backup in ${differences.join("; ")}: nothing was committed.`);
    await client.query("COMMIT");
  } catch (error) {
    if (connected) await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    if (connected) await client.end().catch(() => {});
    await close();
  }
  if (later.length) {
    log(`Applying the ${later.length} migrations newer than the backup…`);
    await migrate(url);
  }
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * Drops the public schema's foreign keys, primary and unique keys and indexes, answering the statements that make
 * them again once every table is in, as pg_restore orders it. Kept while a table is copied, each index takes every row
 * in turn and each foreign key looks every row up in the table it references (a grade has four indexes and three
 * keys); made after the load, an index is built from one sorted pass over its table and a foreign key is checked by
 * one query. The tables still come parents first, as the backup wrote them.
 */
async function dropKeysAndIndexes(client: pg.Client): Promise<{ indexes: string[]; foreignKeys: string[] }> {
  const { rows: keys } = await client.query<{ table: string; name: string; definition: string; foreign: boolean }>(`
    SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition, k.contype = 'f' AS foreign
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE k.contype IN ('f', 'p', 'u', 'x') AND k.connamespace = 'public'::regnamespace AND c.relname <> '_prisma_migrations'
     ORDER BY k.contype = 'f' DESC, c.relname, k.conname`);
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(`
    SELECT x.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class x ON x.oid = i.indexrelid
     WHERE t.relnamespace = 'public'::regnamespace AND t.relname <> '_prisma_migrations'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))
     ORDER BY t.relname, x.relname`);
  // Foreign keys first: a key that one references cannot go before it.
  for (const k of keys) await client.query(`ALTER TABLE ${tableRef(k.table)} DROP CONSTRAINT ${quoteIdent(k.name)}`);
  for (const i of indexes) await client.query(`DROP INDEX ${tableRef(i.name)}`);
  const add = (k: (typeof keys)[number]) => `ALTER TABLE ${tableRef(k.table)} ADD CONSTRAINT ${quoteIdent(k.name)} ${k.definition}`;
  return {
    indexes: [...indexes.map((i) => i.definition), ...keys.filter((k) => !k.foreign).map(add)],
    foreignKeys: keys.filter((k) => k.foreign).map(add),
  };
}

/** Every sequence of the public schema's columns at its column's largest value, so that the next insert follows it. */
async function setSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ sequence: string; table: string; column: string }>(`
    SELECT s.oid::regclass::text AS sequence, c.relname AS table, a.attname AS column
      FROM pg_class s
      JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
      JOIN pg_class c ON c.oid = d.refobjid
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.refobjsubid
     WHERE s.relkind = 'S' AND c.relnamespace = 'public'::regnamespace`);
  for (const r of rows) {
    const column = quoteIdent(r.column);
    await client.query(`SELECT setval($1::regclass, coalesce(max(${column}), 1), max(${column}) IS NOT NULL) FROM ${tableRef(r.table)}`, [r.sequence]);
  }
}
