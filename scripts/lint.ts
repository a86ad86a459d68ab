// House rules that neither the type checker nor Biome nor dependency-cruiser can see (ARCHITECTURE.md): no code is
// left commented out, test helpers stay with the tests, no comment or test title cites an issue number, a domain's
// transactions are its school's, and vocabularies are written by name. The server's layers, each domain's one door
// and its import cycles are dependency-cruiser's rules (.dependency-cruiser.cjs); process.env only in env.ts, no raw
// HTML and no import cycles anywhere are Biome's (biome.json).
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

/**
 * Vocabularies are named constants in packages/contracts, shared by server and browser (ARCHITECTURE.md): a bare
 * number where one is meant reads as nothing and drifts from the other side. Each pattern is the vocabulary's usual
 * spelling, in the folders where that field means it (`type` is a person's type only on the server and in
 * contracts; `status` is attendance's only in its domain and screens). Tests state their data as they like.
 */
const VOCABULARIES = [
  {
    name: "ROLE",
    file: "packages/contracts/src/roles.ts",
    pattern: /\broleCode\s*(?:[!=]==?|[<>]=?)\s*\d|\broleCode:\s*\d|\bprintRoles:\s*\[\s*\d/,
    under: ["apps/web/src/", "packages/contracts/src/", "packages/ui/src/"],
  },
  {
    name: "PERSON_TYPE",
    file: "packages/contracts/src/person-types.ts",
    pattern: /\btype:\s*(?:\{\s*in:\s*\[\s*)?[1-5]\b|\.type\s*[!=]==?\s*[1-5]\b/,
    under: ["apps/web/src/server/", "packages/contracts/src/"],
  },
  {
    name: "FLOW_SEND_STATUS",
    file: "packages/contracts/src/flows/status.ts",
    pattern: /\bsendStatus\s*(?::|[!=]==?)\s*\d/,
    under: ["apps/web/src/", "packages/contracts/src/"],
  },
  {
    name: "ATTENDANCE_STATUS, MARK_JUSTIFICATION or JUSTIFICATION_STATUS",
    file: "packages/contracts/src/attendance/vocabulary.ts",
    pattern: /\b(?:status|justification|justified)\s*(?:[!=]==?|:)\s*[0-3]\b/,
    under: [
      "apps/web/src/server/modules/attendance/",
      "apps/web/src/components/attendance/",
      "apps/web/src/components/justifications/",
      "apps/web/src/components/justify-link/",
    ],
  },
];

/** Where every transaction is a school's: the domains and the generic resource engine. */
const SCOPED_DIRS = ["apps/web/src/server/modules/", "apps/web/src/server/resource/"];

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
      // A domain's transaction, and the resource engine's, is its school's (TenantTx, packages/db/src/tenant.ts);
      // Prisma's own type would let an unscoped one in, whose queries no tenantId narrows.
      if (SCOPED_DIRS.some((dir) => rel.startsWith(dir)) && /\bPrisma\.TransactionClient\b/.test(line)) {
        problems.push(`${where} types a transaction as Prisma.TransactionClient: a school's transaction is a TenantTx`);
      }
      if (!rel.includes(".test.")) {
        for (const vocabulary of VOCABULARIES) {
          if (rel === vocabulary.file || !vocabulary.under.some((folder) => rel.startsWith(folder)) || !vocabulary.pattern.test(line)) continue;
          problems.push(`${where} writes a bare ${vocabulary.name} value: use the constant from ${vocabulary.file}`);
        }
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
