// `pnpm db:backup [-- --out FILE]`: the demo's database (DATABASE_URL's when set) and its uploaded files into one
// archive. Why not pg_dump, and what the archive holds: scripts/lib/backup/backup.ts and the README's "Backups".
import path from "node:path";
import { parseArgs } from "node:util";
import { formatSize } from "./lib/backup/archive.ts";
import { backup } from "./lib/backup/backup.ts";
import { elapsed, runCommand, storageDir } from "./lib/backup/cli.ts";

await runCommand("db:backup", async (demo) => {
  const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== "--"), options: { out: { type: "string" } } });
  const stamp = new Date().toISOString().slice(0, 16).replace("T", "-").replace(":", "");
  const out = path.resolve(values.out ?? `pizarra-${stamp}.tar`);
  const db = await demo();
  const storage = await storageDir(db.url);
  console.log(`Backing up ${new URL(db.url).pathname.slice(1)} into ${out}…`);
  const { bytes, seconds } = await backup({ url: db.url, out, storageDir: storage });
  console.log(`Backup written in ${elapsed(seconds)}: ${out}, ${formatSize(bytes)}.`);
});
