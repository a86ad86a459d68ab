import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MIGRATIONS = path.resolve(import.meta.dirname, "../migrations");
const FOLDER = "20261125100000_person_identity";
const migrations = fs
  .readdirSync(MIGRATIONS)
  .filter((name) => /^\d{14}_/.test(name))
  .sort();
const sqlOf = (name: string) => fs.readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");

/**
 * A school that already holds the same code or e-mail twice must not stop the upgrade that makes them unique: the
 * migration runs on a database migrated up to the one before it, holding such people, as `migrate deploy` runs it.
 */
describe(`migration ${FOLDER}`, () => {
  const adminUrl = process.env.TEST_ADMIN_URL!;
  const name = `m_${randomBytes(6).toString("hex")}`;
  let client: pg.Client;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  const warnings: string[] = [];

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    client.on("notice", (notice) => warnings.push(notice.message ?? ""));
    for (const migration of migrations.slice(0, migrations.indexOf(FOLDER))) await client.query(sqlOf(migration));
    await client.query(`INSERT INTO "Tenant" (id, title, alias, "updatedAt") VALUES (1, 'Uno', 'uno', now()), (2, 'Dos', 'dos', now())`);
    await client.query(`
      INSERT INTO "User" (id, "tenantId", type, name, last, "externalId", mail, "updatedAt") VALUES
        (1, 1, 2, 'Ana', 'Flores', 'A001', 'ana@x.pe', now()),
        (2, 1, 1, 'Eva', 'Ríos', 'a001 ', 'EVA@x.pe', now()),
        (3, 1, 2, 'Leo', 'Soto', 'A002', ' eva@x.pe', now()),
        (4, 1, 4, 'Iris', 'Paz', 'A001', NULL, now()),
        (5, 2, 2, 'Ana', 'Flores', 'A001', 'ana@x.pe', now()),
        (6, 1, 2, 'Sin', 'Datos', '', '', now())`);
    await client.query(`SELECT setval(pg_get_serial_sequence('"User"', 'id'), 6)`);
    await client.query(sqlOf(FOLDER));
  });

  afterAll(async () => {
    await client?.end();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it("lets the first person of a school keep a shared code or e-mail and reports the others in that school's audit", async () => {
    const people = await client.query(`SELECT id, "codeKey", "mailKey" FROM "User" ORDER BY id`);
    expect(people.rows).toEqual([
      { id: 1, codeKey: "a001", mailKey: "ana@x.pe" },
      { id: 2, codeKey: null, mailKey: "eva@x.pe" },
      { id: 3, codeKey: "a002", mailKey: null },
      { id: 4, codeKey: null, mailKey: null },
      { id: 5, codeKey: "a001", mailKey: "ana@x.pe" },
      { id: 6, codeKey: null, mailKey: null },
    ]);
    const audit = await client.query(`SELECT "tenantId", "moduleId", action, "recordId" FROM "AuditLog" ORDER BY id`);
    expect(audit.rows).toEqual([
      { tenantId: 1, moduleId: "admRelatives", action: "duplicateCode", recordId: "2" },
      { tenantId: 1, moduleId: "admStudent", action: "duplicateMail", recordId: "3" },
      { tenantId: 1, moduleId: "admStaff", action: "duplicateCode", recordId: "4" },
    ]);
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/School 1: 2 people share a code/), expect.stringMatching(/School 1: 1 people share a mail/)]),
    );
  });

  it("refuses a new person with a code or e-mail already claimed in the school, whatever its case or spaces", async () => {
    await expect(client.query(`INSERT INTO "User" ("tenantId", type, name, "externalId", "updatedAt") VALUES (1, 2, 'Otro', ' A002', now())`)).rejects.toThrow(
      /User_tenantId_codeKey_key/,
    );
    await expect(client.query(`INSERT INTO "User" ("tenantId", type, name, mail, "updatedAt") VALUES (1, 1, 'Otro', 'Ana@X.pe', now())`)).rejects.toThrow(
      /User_tenantId_mailKey_key/,
    );
    await client.query(`INSERT INTO "User" ("tenantId", type, name, "externalId", mail, "updatedAt") VALUES (2, 2, 'Leo', 'A002', 'eva@x.pe', now())`);
  });

  it("keeps an unclaimed duplicate editable until its value changes, and claims the new value then", async () => {
    await client.query(`UPDATE "User" SET name = 'Eva María' WHERE id = 2`);
    await expect(client.query(`UPDATE "User" SET "externalId" = 'A002' WHERE id = 2`)).rejects.toThrow(/User_tenantId_codeKey_key/);
    await client.query(`UPDATE "User" SET "externalId" = 'F001' WHERE id = 2`);
    const { rows } = await client.query(`SELECT "codeKey", "searchText" FROM "User" WHERE id = 2`);
    expect(rows[0]).toEqual({ codeKey: "f001", searchText: "rios eva maria | eva maria rios | f001 | eva@x.pe" });
  });
});
