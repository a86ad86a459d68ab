// House rules that neither the type checker nor Biome can see (ARCHITECTURE.md): no code is left commented out, test
// helpers stay with the tests, and imports inside apps/web/src/server run down its layers. (process.env only in
// env.ts, no raw HTML and no import cycles are Biome's rules: biome.json.)
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/database.ts";

const SOURCE_DIRS = ["apps/web/src", "packages/contracts/src", "packages/ui/src", "packages/db/src"];

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated" && entry.name !== "node_modules") yield* files(full);
    } else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
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
