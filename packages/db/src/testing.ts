import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb, type Db } from "./client.ts";

/**
 * Test databases: the test runner migrates one template database once (TEST_TEMPLATE_DATABASE on the server of
 * TEST_ADMIN_URL); each test file gets its own copy, which PostgreSQL makes in well under a second.
 */
export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

function adminConfig() {
  const adminUrl = process.env.TEST_ADMIN_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!adminUrl || !template) throw new Error("Run tests through `pnpm test`: TEST_ADMIN_URL and TEST_TEMPLATE_DATABASE are not set");
  return { adminUrl, template };
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminConfig().adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template } = adminConfig();
  const name = `t_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 4);
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.$disconnect();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
