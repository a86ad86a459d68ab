// The backup figures of `pnpm bench`: `pnpm db:backup`'s code on the bench database (its time and the archive's
// size) and `pnpm db:restore`'s into a fresh database on the same server (its time: migrations, load, sequences,
// ANALYZE and the check against the manifest), which is dropped afterwards with the archive.
import fs from "node:fs";
import path from "node:path";
import { backup } from "../scripts/lib/backup/backup.ts";
import { restore } from "../scripts/lib/backup/restore.ts";
import { dropDatabase, ROOT, withDatabase } from "../scripts/lib/database.ts";

export const BACKUP_TARGETS = { backupSeconds: 5 * 60, restoreSeconds: 15 * 60 };
const RESTORED = "pizarra_bench_restore";

export interface BackupFigures {
  backupSeconds: number;
  archiveMB: number;
  restoreSeconds: number;
}

export async function backupFigures(databaseUrl: string): Promise<BackupFigures> {
  const dir = path.join(ROOT, ".data/bench-backup");
  const archive = path.join(dir, "pizarra_bench.tar");
  const adminUrl = withDatabase(databaseUrl, "postgres");
  const log = (line: string) => console.log(`  backup: ${line.trim()}`);
  fs.mkdirSync(dir, { recursive: true });
  // Files are the storage's, not the bench's: the bench school has none.
  await dropDatabase(adminUrl, RESTORED);
  try {
    const made = await backup({ url: databaseUrl, out: archive, storageDir: null, log });
    const restored = await restore({ archive, url: withDatabase(databaseUrl, RESTORED), force: false, storageDir: null, log });
    return { backupSeconds: made.seconds, archiveMB: made.bytes / 1024 / 1024, restoreSeconds: restored.seconds };
  } finally {
    await dropDatabase(adminUrl, RESTORED);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
