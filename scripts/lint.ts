// House rules that neither the type checker nor Biome nor dependency-cruiser can see (ARCHITECTURE.md): no code is
// left commented out, test helpers stay with the tests, and no comment or test title cites an issue number. The
// server's layers, each domain's one door and its import cycles are dependency-cruiser's rules (.dependency-cruiser.cjs);
// process.env only in env.ts, no raw HTML and no import cycles anywhere are Biome's (biome.json).
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
      // A domain's transaction is its school's (TenantTx, packages/db/src/tenant.ts); Prisma's own type would let an
      // unscoped one in, whose queries no tenantId narrows.
      if (rel.startsWith("apps/web/src/server/modules/") && /\bPrisma\.TransactionClient\b/.test(line)) {
        problems.push(`${where} types a transaction as Prisma.TransactionClient: a domain's transaction is a TenantTx`);
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

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("lint: no problems");
