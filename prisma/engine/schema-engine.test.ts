import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

// The stand-in hands Prisma's CLI to the WASM engine; Prisma says that API may change without notice, so this
// checks it end to end on every run, and that the committed migrations produce exactly the schema.
describe("offline schema engine", () => {
  it("finds no difference between the committed migrations and prisma/schema", async () => {
    const { stdout } = await run(
      path.join(ROOT, "node_modules/.bin/prisma"),
      ["migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema", "prisma/schema", "--script", "--exit-code"],
      { cwd: ROOT, env: process.env },
    );
    expect(stdout).toMatch(/empty migration/i);
  }, 60_000);

  it("writes the SQL of the whole schema from empty", async () => {
    const { stdout } = await run(path.join(ROOT, "node_modules/.bin/prisma"), ["migrate", "diff", "--from-empty", "--to-schema", "prisma/schema", "--script"], {
      cwd: ROOT,
      env: process.env,
    });
    expect(stdout).toContain('CREATE TABLE "Tenant"');
    expect(stdout).toContain("current_setting('app.tenant_id'::text)");
  }, 60_000);
});
