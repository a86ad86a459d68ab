// What backup and restore read alike from a database: its tables in foreign-key order, each one's checksum, and the
// session settings under which both sides write a row as the same text.
import type pg from "pg";

/** A table of the public schema as the archive holds it: its columns in their order, its rows and their checksum. */
export interface TableSum {
  name: string;
  columns: string[];
  rows: number;
  checksum: string;
}

/**
 * pg_dump's settings: a row's text (COPY's, and the checksum's) depends on the time zone, the date style and the
 * float digits, so both sides fix them, whatever the server's or the role's defaults are.
 */
export async function setTextSettings(client: pg.Client): Promise<void> {
  await client.query("SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 3; SET bytea_output = 'hex'");
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const tableRef = (name: string) => `public.${quoteIdent(name)}`;

/**
 * The public schema's tables (all that Prisma owns but its own `_prisma_migrations`, which restore rebuilds by
 * migrating) with their columns, every table after those it references: read from pg_constraint, so that a new
 * relation needs nothing here. A table's reference to itself does not order it.
 */
export async function tablesInForeignKeyOrder(client: pg.Client): Promise<{ name: string; columns: string[]; references: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[]; references: string[] }>(`
    SELECT c.relname AS name,
           array(SELECT a.attname::text FROM pg_attribute a
                  WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum) AS columns,
           array(SELECT DISTINCT r.relname::text FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid
                  WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid) AS references
      FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
     ORDER BY c.relname`);
  const ordered: typeof rows = [];
  const placed = new Set<string>();
  let waiting = rows;
  while (waiting.length > 0) {
    const ready = waiting.filter((t) => t.references.every((r) => placed.has(r)));
    if (ready.length === 0) {
      throw new Error(`These tables reference each other in a cycle, which no load order satisfies: ${waiting.map((t) => t.name).join(", ")}`);
    }
    for (const t of ready) placed.add(t.name);
    ordered.push(...ready);
    waiting = waiting.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/**
 * A table's row count and a checksum of its rows that does not depend on their order (a restored table's rows lie
 * elsewhere on disk): the sum of the first 60 bits of each row's md5, the row written as the record of `columns`.
 */
export async function tableSum(client: pg.Client, name: string, columns: string[]): Promise<{ rows: number; checksum: string }> {
  const record = `ROW(${columns.map((c) => `t.${quoteIdent(c)}`).join(", ")})::text`;
  const { rows } = await client.query<{ rows: string; checksum: string }>(
    `SELECT count(*)::text AS rows, coalesce(sum(('x' || substr(md5(${record}), 1, 15))::bit(60)::bigint), 0)::text AS checksum FROM ${tableRef(name)} t`,
  );
  return { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
}
