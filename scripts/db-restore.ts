// `pnpm db:restore -- --in FILE [--database NAME | --url URL] [--force]`: an archive of `pnpm db:backup` into an
// empty database (created when missing): the demo's (DATABASE_URL's when set), another on the same server
// (--database), or any (--url). --force replaces the data of a database that holds some, and only one named on the
// command line: the operator says which database's data is to go, never the default.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatSize } from "./lib/backup/archive.ts";
import { elapsed, runCommand, storageDir } from "./lib/backup/cli.ts";
import { restore } from "./lib/backup/restore.ts";
import { withDatabase } from "./lib/database.ts";

await runCommand("db:restore", async (demo) => {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: { in: { type: "string" }, database: { type: "string" }, url: { type: "string" }, force: { type: "boolean", default: false } },
  });
  if (!values.in) throw new Error("name the archive: --in FILE");
  if (values.database && values.url) throw new Error("give --database or --url, not both");
  if (values.force && !values.database && !values.url) {
    throw new Error("--force replaces a database's data: name that database with --database NAME or --url URL");
  }
  const given = values.url ?? (await demo()).url;
  const url = values.database ? withDatabase(given, values.database) : given;
  const archive = path.resolve(values.in);
  const storage = await storageDir(url);
  console.log(`Restoring ${archive} into ${new URL(url).pathname.slice(1)}…`);
  const { seconds } = await restore({ archive, url, force: values.force, storageDir: storage });
  console.log(`Restored ${formatSize(fs.statSync(archive).size)} in ${elapsed(seconds)}: every table's rows and checksum match the backup's.`);
});
