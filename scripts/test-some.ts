// `pnpm test:vitest -- <files…>` and `pnpm test:e2e -- <specs…> [--project=ui]`: one suite, or a few files of it,
// against the same real PostgreSQL and browser stack `pnpm test` uses, for the minute after an edit. The database
// server and its templates stay between runs (.data/pg-some); the templates are made again only when the migrations
// or the seed changed. No static checks and no summary: `pnpm test` is what CI runs.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dropTestTemplates } from "@pizarra/db/testing";
import { dropDatabase, ensureDatabase, ROOT } from "./lib/database.ts";
import { prepareTemplate, runPlaywright, runVitest, type TestServer } from "./lib/suites.ts";

const [suite, ...rest] = process.argv.slice(2);
const args = rest.filter((a) => a !== "--");
if (suite !== "vitest" && suite !== "e2e") {
  console.error("usage: pnpm test:vitest -- <files…>   |   pnpm test:e2e -- <specs…> [--project=api|ui]");
  process.exit(2);
}

/** What the templates are made from: a change to any of these files makes them again. */
const TEMPLATE_SOURCES = ["prisma/migrations", "prisma/seed", "packages/db/src/seed", "packages/db/src/testing.ts"];
function fingerprint(): string {
  const hash = createHash("sha256");
  const walk = (file: string) => {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(file).sort()) walk(path.join(file, entry));
    else hash.update(path.relative(ROOT, file)).update(fs.readFileSync(file));
  };
  for (const source of TEMPLATE_SOURCES) walk(path.join(ROOT, source));
  return hash.digest("hex");
}

const db = await ensureDatabase({ name: "some", port: Number(process.env.PIZARRA_SOME_PG_PORT ?? 54331) });
const server: TestServer = { adminUrl: db.adminUrl, template: "pizarra_template", scratch: "pizarra_scratch" };
const stamp = path.join(ROOT, ".data/pg-some/templates.sha256");
let code = 1;
try {
  const current = fingerprint();
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== current) {
    console.log("Preparing the template databases (the migrations or the seed changed)…");
    fs.rmSync(stamp, { force: true });
    // Made anew rather than migrated on: a branch switch can take migrations away as well as add them.
    await dropTestTemplates(server.adminUrl, server.template);
    await dropDatabase(server.adminUrl, server.template);
    await prepareTemplate(server);
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    fs.writeFileSync(stamp, current);
  }
  code =
    suite === "vitest"
      ? await runVitest(server, args)
      : await runPlaywright(server, {
          e2e: "pizarra_e2e",
          port: Number(process.env.PIZARRA_SOME_E2E_PORT ?? 3101),
          reports: path.join(ROOT, ".data/reports-some"),
          args,
        });
} finally {
  await db.stop();
}
process.exit(code);
