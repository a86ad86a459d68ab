// What the bench seed's bulk loads share: COPY's text format, and a table loaded with its indexes set aside.
import pg from "pg";

/**
 * Runs `load` with the table's secondary indexes and foreign keys dropped, then puts them back as the migrations made
 * them (pg_get_indexdef / pg_get_constraintdef): building an index once is much faster than keeping it up row by row.
 */
export async function withoutIndexes(pool: pg.Pool | pg.PoolClient, table: string, load: () => Promise<void>): Promise<void> {
  const { rows: keys } = await pool.query<{ name: string; def: string }>(
    "SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'",
    [`"${table}"`],
  );
  const { rows: indexes } = await pool.query<{ name: string; def: string }>(
    "SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i WHERE i.tablename = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)",
    [table],
  );
  for (const k of keys) await pool.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${k.name}"`);
  for (const i of indexes) await pool.query(`DROP INDEX "${i.name}"`);
  await load();
  // A pool builds them side by side; one connection (a transaction's) builds them in turn.
  if (pool instanceof pg.Pool) await Promise.all(indexes.map((i) => pool.query(i.def)));
  else for (const i of indexes) await pool.query(i.def);
  for (const k of keys) await pool.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${k.name}" ${k.def}`);
}

/** A value as COPY's text format writes it. */
export const copyText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "\\N" : String(value).replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]!);
