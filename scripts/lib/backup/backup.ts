// A backup reads the database as pg_dump does, because pg_dump itself cannot run here: the embedded server is
// PostgreSQL 18 and the only client offline (Debian bookworm's) is 15, which refuses to dump a newer server. So:
// one REPEATABLE READ READ ONLY transaction (one consistent snapshot of every table), and per table `COPY … TO
// STDOUT` streamed through gzip into one tar archive, never a table in memory. The schema is not dumped: it is the
// project's migrations, whose names the manifest records; restore rebuilds it with them. pg-boss's schema is left
// out (a library's private tables, and derived state: the worker re-queues what a restored database is missing).
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import tar, { type Pack } from "tar-stream";
import { isStorageKey } from "../../../apps/web/src/server/storage/keys.ts";
import { FORMAT, fileEntry, formatSize, MANIFEST, type Manifest, rowProgress, tableEntry } from "./archive.ts";
import { appliedMigrations } from "./migrations.ts";
import { quoteIdent, setTextSettings, type TableSum, tableRef, tableSum, tablesInForeignKeyOrder } from "./tables.ts";

export interface BackupOptions {
  /** The database to back up. */
  url: string;
  /** The archive to write (replaced if it exists, only once the backup is whole). */
  out: string;
  /** STORAGE_DIR of a STORAGE_DRIVER=local deployment, whose files go into the archive; null for S3. */
  storageDir: string | null;
  log?: (line: string) => void;
}

/** The storage keys under `dir` (the app writes files under keys only), with their sizes. */
function storedFiles(dir: string): { key: string; size: number }[] {
  if (!fs.existsSync(dir)) return [];
  const found: { key: string; size: number }[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const key = path.relative(dir, full).split(path.sep).join("/");
        if (isStorageKey(key)) found.push({ key, size: fs.statSync(full).size });
      }
    }
  };
  walk(dir);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** Adds a file of known size to the archive as `name`, streaming it. */
function addFile(pack: Pack, name: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = fs.createReadStream(file);
    const entry = pack.entry({ name, size, mode: 0o640 }, (error) => (error ? reject(error) : resolve()));
    source.on("error", (error) => {
      entry.destroy(error);
      reject(error);
    });
    source.pipe(entry);
  });
}

/** Writes the archive; answers its size in bytes. */
export async function backup({ url, out, storageDir, log = console.log }: BackupOptions): Promise<{ bytes: number; seconds: number }> {
  const started = performance.now();
  const partial = `${out}.partial`;
  // A table's gzip is spooled beside the archive first: a tar entry states its size before its bytes.
  const spool = `${out}.table.partial`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const client = new pg.Client({ connectionString: url, application_name: "pizarra-backup" });
  await client.connect();
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(partial));
  // Awaited below; a failure to write meanwhile surfaces there, through the entries it stops.
  written.catch(() => {});
  try {
    await setTextSettings(client);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const migrations = await appliedMigrations(client);
    const tables = await tablesInForeignKeyOrder(client);
    log(`Counting and summing ${tables.length} tables…`);
    const sums: TableSum[] = [];
    for (const t of tables) {
      const summing = performance.now();
      sums.push({ name: t.name, columns: t.columns, ...(await tableSum(client, t.name, t.columns)) });
      const seconds = (performance.now() - summing) / 1000;
      if (seconds > 1) log(`  ${t.name}: ${sums.at(-1)!.rows.toLocaleString("en")} rows counted and summed in ${seconds.toFixed(1)} s`);
    }
    const files = storageDir === null ? null : storedFiles(storageDir);
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), migrations, tables: sums, files };
    pack.entry({ name: MANIFEST, mode: 0o640 }, `${JSON.stringify(manifest, null, 2)}\n`);

    for (const t of sums) {
      const tableStarted = performance.now();
      const progress = rowProgress(t.name, t.rows, log);
      const columns = t.columns.map(quoteIdent).join(", ");
      await pipeline(client.query(copyStreams.to(`COPY ${tableRef(t.name)} (${columns}) TO STDOUT`)), progress, createGzip(), fs.createWriteStream(spool));
      if (progress.rows() !== t.rows) throw new Error(`${t.name}: COPY gave ${progress.rows()} rows where the snapshot counted ${t.rows}.`);
      const size = fs.statSync(spool).size;
      await addFile(pack, tableEntry(t.name), spool, size);
      log(`  ${t.name}: ${t.rows.toLocaleString("en")} rows, ${formatSize(size)} in ${((performance.now() - tableStarted) / 1000).toFixed(1)} s`);
    }
    await client.query("COMMIT");

    for (const f of files ?? []) {
      const file = path.join(storageDir!, f.key);
      const size = fs.statSync(file, { throwIfNoEntry: false })?.size;
      // Stored files are never rewritten in place: one gone or of another size was removed or replaced meanwhile.
      if (size !== f.size) throw new Error(`Uploaded file ${f.key} was removed or changed while the backup ran: run it again.`);
      await addFile(pack, fileEntry(f.key), file, f.size);
    }
    log(files === null ? "Uploaded files: not copied (STORAGE_DRIVER=s3: the bucket keeps them)." : `Uploaded files: ${files.length}.`);
    pack.finalize();
    await written;
    fs.renameSync(partial, out);
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(spool, { force: true });
    await client.end();
  }
  const bytes = fs.statSync(out).size;
  const seconds = (performance.now() - started) / 1000;
  return { bytes, seconds };
}
