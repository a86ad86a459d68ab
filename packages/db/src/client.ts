import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";

declare const unscoped: unique symbol;
/**
 * The whole database, every school's rows: for what belongs to no school (sign-in accounts, sessions, the schools
 * themselves) and for seeding. Request code reaches a school's rows only through forTenant's TenantDb; the two types
 * are distinct, so one cannot be passed where the other is expected.
 */
export type Db = PrismaClient & { readonly [unscoped]: true };

/** One pooled client per connection string and process; Next's dev server reloads modules, so it is kept on globalThis. */
const clients = ((globalThis as { __pizarraDb?: Map<string, Db> }).__pizarraDb ??= new Map());

export function createDb(url: string, poolSize = 10): Db {
  const client = new PrismaClient({
    adapter: new PrismaPg({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    }),
  });
  return client as Db;
}

export function getDb(url: string): Db {
  let db = clients.get(url);
  if (!db) {
    db = createDb(url);
    clients.set(url, db);
  }
  return db;
}
