// House rules that neither the type checker nor Biome can see (ARCHITECTURE.md): no code is left commented out, test
// helpers stay with the tests, imports inside apps/web/src/server run down its layers, and no comment or test title
// cites an issue number. (process.env only in env.ts, no raw HTML and no import cycles are Biome's rules: biome.json.)
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/database.ts";

const SOURCE_DIRS = ["apps/web/src", "packages/contracts/src", "packages/ui/src", "packages/db/src"];

function* files(dir: string, ext = /\.(ts|tsx)$/): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Dot folders hold build output (.next) and caches, not sources.
      if (entry.name !== "generated" && entry.name !== "node_modules" && !entry.name.startsWith(".")) yield* files(full, ext);
    } else if (ext.test(entry.name)) yield full;
  }
}

const problems: string[] = [];
for (const dir of SOURCE_DIRS) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) continue;
  for (const file of files(abs)) {
    const rel = path.relative(ROOT, file);
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      const where = `${rel}:${i + 1}`;
      // The helpers of tests (apps/web/src/test-support) are for tests and for each other only.
      if (/["'][^"']*\/test-support\//.test(line) && !rel.endsWith(".test.ts") && !rel.startsWith("apps/web/src/test-support/")) {
        problems.push(`${where} imports a test helper outside a test`);
      }
      if (/^\s*\/\/\s*(const|let|return|if|for|await|import|export)\b.*[;{)]\s*$/.test(line)) {
        problems.push(`${where} looks like commented-out code`);
      }
    });
  }
}

/**
 * No issue numbers in the sources' comments, test titles or strings: a reader of the repository cannot open the
 * issues, so a citation tells them nothing. The spec's sections ("000 §7") name the customer's document and stay.
 * prisma/migrations is outside these folders: an applied migration is checksummed and is never edited.
 */
const CITATION_DIRS = ["apps", "packages", "scripts", "e2e", "bench", "prisma/seed"];
const CITATION_RE = /\bissues? [0-9]+/i;
for (const dir of CITATION_DIRS) {
  for (const file of files(path.join(ROOT, dir), /\.(ts|tsx|mts|mjs)$/)) {
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (CITATION_RE.test(line)) {
          problems.push(
            `${path.relative(ROOT, file)}:${i + 1} cites an issue number: readers of the repository cannot open issues; cite the spec's section or say the reason`,
          );
        }
      });
  }
}

/**
 * The server's layers, lowest first: a folder (or root file) imports only from its own rank or below. Domains
 * (`modules/<domain>`) may use each other; the composition roots (routes.ts, resources.ts) sit on top of everything.
 * Test files are outside the layers; the helpers of tests live outside the server, in apps/web/src/test-support.
 */
const SERVER = path.join(ROOT, "apps/web/src/server");
const LAYERS: Record<string, number> = {
  "env.ts": 0,
  "i18n.ts": 0,
  "processor.ts": 0,
  net: 0,
  auth: 1,
  storage: 1,
  channels: 1,
  http: 2,
  resource: 3,
  delivery: 3,
  modules: 4,
  "routes.ts": 5,
  "provider-routes.ts": 5,
  "resources.ts": 5,
  "worker.ts": 5,
};
/** The one upward import allowed (none today): name it here as "from -> to" with the reason. */
const UPWARD_ALLOWED = new Set<string>();
const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.[^"']+)["']|\bimport\(\s*["'](\.[^"']+)["']\s*\)/g;
/** A server file's layer unit: `modules/<domain>`, a top folder, or a root file. */
const unitOf = (rel: string) => {
  const parts = rel.split("/");
  return parts.length === 1 ? parts[0]! : parts[0] === "modules" ? `modules/${parts[1]}` : parts[0]!;
};
const rankOf = (unit: string) => LAYERS[unit.startsWith("modules/") ? "modules" : unit];
const upward = new Map<string, string[]>();
for (const file of files(SERVER)) {
  const rel = path.relative(SERVER, file).split(path.sep).join("/");
  const from = unitOf(rel);
  if (rel.endsWith(".test.ts")) continue;
  for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT_RE)) {
    const target = path
      .relative(SERVER, path.resolve(path.dirname(file), (match[1] ?? match[2])!))
      .split(path.sep)
      .join("/");
    if (target.startsWith("..")) continue;
    const to = unitOf(target);
    const [a, b] = [rankOf(from), rankOf(to)];
    if (a === undefined) problems.push(`apps/web/src/server/${rel}: ${from} has no layer (add it to LAYERS in scripts/lint.ts)`);
    else if (b !== undefined && b > a && !UPWARD_ALLOWED.has(`${from} -> ${to}`))
      upward.set(`${from} -> ${to}`, [...(upward.get(`${from} -> ${to}`) ?? []), rel]);
  }
}
for (const [edge, where] of upward) problems.push(`upward import ${edge} (${where.join(", ")}): move the code down or receive it from a composition root`);

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("lint: no problems");
