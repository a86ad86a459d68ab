import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import pg from "pg";
import { createDb, type Db } from "./client.ts";
import { DEMO_PASSWORD, seedDemo } from "./seed/demo.ts";

/**
 * Test databases: the test runner migrates one template database once (TEST_TEMPLATE_DATABASE on the server of
 * TEST_ADMIN_URL) and seeds two copies of it, the demo cast and the demo cast with its schools
 * (`prepareTestTemplates`); each test file gets its own copy of the one it asks for, which PostgreSQL makes in well
 * under a second where seeding the schools takes about 20.
 */
export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** What a test database starts with: only the schema, the demo tenants and cast (seedDemo), or those with their schools. */
export type TestSeed = "empty" | "demo" | "school";
const SEEDED = ["demo", "school"] as const;
const templateName = (template: string, seed: TestSeed) => (seed === "empty" ? template : `${template}_${seed}`);

function adminConfig() {
  const adminUrl = process.env.TEST_ADMIN_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!adminUrl || !template) throw new Error("Run tests through `pnpm test`: TEST_ADMIN_URL and TEST_TEMPLATE_DATABASE are not set");
  return { adminUrl, template };
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The stored form of DEMO_PASSWORD in test databases, made once a process: bcrypt at its lowest cost. Signing in
 * compares with the cost the stored hash names, so the cast's sign-ins (several in every API test file, more in the
 * specs) take a millisecond instead of a tenth of a second of processor, through the same code (passwordMatches) as
 * ever; a password the app itself hashes (set by staff, an invitation, a registration) keeps the product's cost.
 */
let demoHash: Promise<string> | undefined;
export const demoPasswordHash = (): Promise<string> => (demoHash ??= bcrypt.hash(DEMO_PASSWORD, 4));

/** Seeds the copies of the migrated `template` that `createTestDatabase("demo" | "school")` starts from. */
export async function prepareTestTemplates(adminUrl: string, template: string) {
  for (const seed of SEEDED) {
    const name = templateName(template, seed);
    await admin(adminUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    });
    const db = createDb(databaseUrl(adminUrl, name), 4);
    try {
      await seedDemo(db, { school: seed === "school", passwordHash: await demoPasswordHash() });
    } finally {
      await db.$disconnect();
    }
  }
}

/** Drops what `prepareTestTemplates` made. */
export async function dropTestTemplates(adminUrl: string, template: string) {
  await admin(adminUrl, async (c) => {
    for (const seed of SEEDED) await c.query(`DROP DATABASE IF EXISTS "${templateName(template, seed)}" WITH (FORCE)`);
  });
}

/** Creates the database `name` as a copy of `template` seeded as `seed`; its address. */
export async function copyTestTemplate(adminUrl: string, template: string, seed: TestSeed, name: string) {
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName(template, seed)}"`));
  return databaseUrl(adminUrl, name);
}

export async function createTestDatabase(seed: TestSeed = "empty"): Promise<TestDatabase> {
  const { adminUrl, template } = adminConfig();
  const name = `t_${randomBytes(6).toString("hex")}`;
  const url = await copyTestTemplate(adminUrl, template, seed, name);
  const db = createDb(url, 4);
  return {
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** The ids of the demo tenants in a database seeded by seedDemo. */
export async function demoTenants(db: Db) {
  const tenants = await db.tenant.findMany({ where: { alias: { in: ["colegio-demo", "northside"] } }, select: { id: true, alias: true } });
  const idOf = (alias: string) => tenants.find((t) => t.alias === alias)!.id;
  return { colegio: idOf("colegio-demo"), northside: idOf("northside") };
}
