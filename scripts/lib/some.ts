// `pnpm test -- <files…>`: a few Vitest files and Playwright specs, for the minute after an edit, against the same
// real PostgreSQL and browser stack the whole run uses. The database server and its templates stay between runs
// (.data/pg-some); the templates are made again only when the migrations or the seed changed. No static checks and no
// summary: the whole `pnpm test` is what CI runs.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dropTestTemplates } from "@pizarra/db/testing";
import { dropDatabase, ensureDatabase, ROOT } from "./database.ts";
import { prepareTemplate, runPlaywright, runVitest, type TestServer } from "./suites.ts";

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

/**
 * What a developer named, split by runner: existing paths under e2e/ are Playwright's, other existing paths Vitest's,
 * and everything else (`--project=ui`, `-g title`, `-t name`) goes with the files of the one runner named.
 */
export function splitByRunner(args: string[]): { vitest: string[]; playwright: string[] } {
  const files = args.filter((a) => fs.existsSync(path.resolve(ROOT, a)));
  const options = args.filter((a) => !files.includes(a));
  const specs = files.filter((f) => path.relative(ROOT, path.resolve(ROOT, f)).split(path.sep)[0] === "e2e");
  const rest = files.filter((f) => !specs.includes(f));
  if (files.length === 0) throw new Error(`Name the test files or folders to run (none of these exists: ${args.join(" ") || "nothing given"}).`);
  if (options.length && specs.length && rest.length) throw new Error(`Options (${options.join(" ")}) go with one runner's files at a time.`);
  return {
    vitest: rest.length ? [...rest, ...(specs.length ? [] : options)] : [],
    playwright: specs.length ? [...specs, ...(rest.length ? [] : options)] : [],
  };
}

export async function testSome(args: string[]): Promise<number> {
  const { vitest, playwright } = splitByRunner(args);
  const db = await ensureDatabase({ name: "some", port: Number(process.env.PIZARRA_SOME_PG_PORT ?? 54331), throwaway: true });
  const server: TestServer = { adminUrl: db.adminUrl, template: "pizarra_template", scratch: "pizarra_scratch" };
  const stamp = path.join(ROOT, ".data/pg-some/templates.sha256");
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
    const vitestCode = vitest.length ? await runVitest(server, vitest) : 0;
    const playwrightCode = playwright.length
      ? await runPlaywright(server, {
          e2e: "pizarra_e2e",
          ports: [Number(process.env.PIZARRA_SOME_E2E_PORT ?? 3101)],
          reports: path.join(ROOT, ".data/reports-some"),
          args: playwright,
        })
      : 0;
    return vitestCode || playwrightCode;
  } finally {
    await db.stop();
  }
}
