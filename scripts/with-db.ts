// Runs the command after "--" with DATABASE_URL set (the given one, or the embedded demo database) and the demo's
// AUTH_SECRET, so that `pnpm dev` signs sessions as `pnpm demo` does on the same data.
import { demoDatabase } from "./lib/database.ts";
import { run } from "./lib/run.ts";
import { demoAuthSecret } from "./lib/web.ts";

const separator = process.argv.indexOf("--");
const [command, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : [];
if (!command) {
  console.error("usage: tsx scripts/with-db.ts -- <command> [args…]");
  process.exit(2);
}
const db = await demoDatabase();
let code = 1;
try {
  code = await run(command, args, { DATABASE_URL: db.url, AUTH_SECRET: demoAuthSecret() });
} finally {
  await db.stop();
}
process.exit(code);
