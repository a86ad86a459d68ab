import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";

export type Db = PrismaClient;

/** One pooled client per connection string and process; Next's dev server reloads modules, so it is kept on globalThis. */
const clients = ((globalThis as { __pizarraDb?: Map<string, Db> }).__pizarraDb ??= new Map());

export function createDb(url: string, poolSize = 10): Db {
  return new PrismaClient({
    adapter: new PrismaPg({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    }),
  });
}

export function getDb(url: string): Db {
  let db = clients.get(url);
  if (!db) {
    db = createDb(url);
    clients.set(url, db);
  }
  return db;
}
