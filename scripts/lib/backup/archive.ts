// The archive's layout, which backup writes and restore reads: one tar file holding
//   manifest.json               first, so that a restore checks the backup before it touches the database
//   tables/<table>.copy.gz      each table as COPY's text, gzip-compressed, in foreign-key order
//   files/<key>                 the uploaded files of STORAGE_DRIVER=local, under their storage keys
import { Transform } from "node:stream";
import type { TableSum } from "./tables.ts";

/** Raised when the archive's format changes in a way an older restore could not read. */
export const FORMAT = 1;
export const MANIFEST = "manifest.json";
export const TABLE_ENTRY = /^tables\/(.+)\.copy\.gz$/;
export const FILE_ENTRY = /^files\/(.+)$/;
export const tableEntry = (name: string) => `tables/${name}.copy.gz`;
export const fileEntry = (key: string) => `files/${key}`;

export interface Manifest {
  format: number;
  createdAt: string;
  /** The migrations applied to the database backed up, with Prisma's checksum of each (sha256 of migration.sql). */
  migrations: { name: string; checksum: string }[];
  tables: TableSum[];
  /** The uploaded files it holds; null when they were not copied (STORAGE_DRIVER=s3: the bucket keeps its own). */
  files: { key: string; size: number }[] | null;
}

export function parseManifest(text: string): Manifest {
  const manifest = JSON.parse(text) as Partial<Manifest>;
  if (manifest.format !== FORMAT) {
    throw new Error(
      `This archive is of format ${String(manifest.format)}; this code reads format ${FORMAT}: restore it with the Pizarra version that wrote it.`,
    );
  }
  if (!Array.isArray(manifest.migrations) || !Array.isArray(manifest.tables) || manifest.files === undefined) {
    throw new Error("The archive's manifest lacks its migrations, tables or files: it is not a Pizarra backup.");
  }
  return manifest as Manifest;
}

export const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * Counts the rows (lines of COPY's text, whose own line breaks are escaped) going through, and tells `log` every
 * few seconds how far a table has come, so that a table of millions of rows shows it is moving.
 */
export function rowProgress(label: string, total: number, log: (line: string) => void): Transform & { rows(): number } {
  let rows = 0;
  let bytes = 0;
  let shown = Date.now();
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      bytes += chunk.length;
      if (Date.now() - shown > 5_000) {
        shown = Date.now();
        log(
          `  ${label}: ${rows.toLocaleString("en")} of ${total.toLocaleString("en")} rows (${Math.floor((100 * rows) / Math.max(total, 1))} %, ${formatSize(bytes)})`,
        );
      }
      done(null, chunk);
    },
  });
  return Object.assign(counter, { rows: () => rows });
}
