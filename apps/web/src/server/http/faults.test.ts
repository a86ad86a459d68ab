import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "@pizarra/db";
import { seedDemo } from "@pizarra/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDatabase, ROOT, type Database } from "../../../../../scripts/lib/database.ts";
import { call, tokenFor } from "../../test-support/harness.ts";

/**
 * Faults: a PostgreSQL server of this file's own, stopped and started again under the running app. The app
 * keeps its database client: while the server is down every call is a clean 503 in the caller's language, and once it
 * is back the calls succeed again by themselves. A write the stop cuts short is all or nothing.
 */
const PORT = Number(process.env.PIZARRA_FAULT_PG_PORT ?? 54391);
let server: Database;
let admin: string;

/** Starts (or starts again) this file's server; the test runner's DATABASE_URL would otherwise be used instead. */
async function startServer(fresh: boolean): Promise<Database> {
  const given = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    return await ensureDatabase({ name: "faults", port: PORT, fresh });
  } finally {
    if (given !== undefined) process.env.DATABASE_URL = given;
  }
}

/** Asks until the app answers a list again (the server takes a moment to accept connections). */
async function untilAnswered(): Promise<number> {
  for (let attempt = 1; attempt <= 60; attempt++) {
    if ((await call("GET", "admPeriod/get", { token: admin })).http === 200) return attempt;
    await new Promise((r) => setTimeout(r, 250));
  }
  return -1;
}

const CATALOGUE_TYPE = "faultImport";
/** A file of catalogue values long enough that the import is still running when the server stops. */
const LINES = 5000;
const importFile = Buffer.from(
  ["Tipo;Valor;Etiqueta;Inactivo", ...Array.from({ length: LINES }, (_, i) => `${CATALOGUE_TYPE};V${i};Valor ${i};no`)].join("\n"),
).toString("base64");

beforeAll(async () => {
  server = await startServer(true);
  execFileSync(path.join(ROOT, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: server.url },
    stdio: "pipe",
  });
  const seeding = createDb(server.url, 2);
  await seedDemo(seeding);
  await seeding.$disconnect();
  process.env.DATABASE_URL = server.url;
  process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "pizarra-faults-"));
  admin = await tokenFor("admin@pizarra.demo");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("PostgreSQL restarted under the running app", () => {
  it("answers 503 in the caller's language while the server is down, then recovers without a restart", async () => {
    expect((await call("GET", "admPeriod/get", { token: admin })).http).toBe(200);
    await server.stop();

    const down = await call("GET", "admPeriod/get", { token: admin, locale: "en" });
    expect(down.http).toBe(503);
    expect(down.body.status).toBe(-503);
    expect(down.body.msg).toMatch(/\w/);
    const downEs = await call("POST", "admStaff/login?adm=true", { body: { ext: "", user: "admin@pizarra.demo", pass: "pizarra" }, locale: "es" });
    expect(downEs.http).toBe(503);
    expect(downEs.body.msg).not.toBe(down.body.msg);

    server = await startServer(false);
    expect(await untilAnswered()).toBeGreaterThan(0);
    expect((await call("POST", "admStaff/login?adm=true", { body: { ext: "", user: "admin@pizarra.demo", pass: "pizarra" } })).http).toBe(200);
  }, 60_000);

  it("leaves an import cut by the stop all or nothing", async () => {
    const running = call("POST", "admOtlt/importAttach", { token: admin, body: { data: importFile } });
    await new Promise((r) => setTimeout(r, 400));
    await server.stop();
    const answer = await running;
    server = await startServer(false);
    expect(await untilAnswered()).toBeGreaterThan(0);

    const db = createDb(server.url, 1);
    const written = await db.catalogueValue.count({ where: { type: CATALOGUE_TYPE } });
    await db.$disconnect();
    // The stop came while the import ran (the check is not vacuous), and nothing of it was left behind.
    expect(answer.http).toBe(503);
    expect(written).toBe(0);
  }, 90_000);
});
