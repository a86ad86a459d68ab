// House rules that a type checker cannot see (ARCHITECTURE.md): process.env is read only in env.ts, raw HTML is
// never injected, and no code is left commented out.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/database.ts";

const SOURCE_DIRS = ["apps/web/src", "packages/contracts/src", "packages/ui/src", "packages/db/src"];
const ENV_READERS = new Set(["apps/web/src/server/env.ts", "packages/db/src/testing.ts", "apps/web/src/server/testing/harness.ts"]);

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
      // NODE_ENV and NEXT_RUNTIME are build-time constants that Next inlines, not configuration.
      if (/process\.env\b(?!\.NODE_ENV|\.NEXT_RUNTIME)/.test(line) && !ENV_READERS.has(rel) && !rel.endsWith(".test.ts")) {
        problems.push(`${where} reads process.env outside env.ts`);
      }
      if (/dangerouslySetInnerHTML/.test(line)) problems.push(`${where} uses dangerouslySetInnerHTML`);
      if (/^\s*\/\/\s*(const|let|return|if|for|await|import|export)\b.*[;{)]\s*$/.test(line)) {
        problems.push(`${where} looks like commented-out code`);
      }
    });
  }
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("lint: no problems");
