import { type TenantTx, tenantOf } from "./tenant.ts";

/** A part of a lock's name: a record's id, a day, a flag; null reads as "-". */
export type LockPart = string | number | boolean | null;

/**
 * Takes, until the transaction ends, the advisory locks named by `keys` within `namespace` in the transaction's school:
 * the way an "at most N" or "only once" rule that no unique constraint can state is held, by taking the lock before the
 * count or the check and writing in the same transaction, so that a second writer waits for the first to commit and
 * then sees its rows. Every name is `namespace:tenant:parts…` (the school taken from the scoped transaction, so a lock
 * of one school never holds up another), hashed to PostgreSQL's 64-bit lock key. The locks are taken in one statement,
 * in sorted order, so that two transactions that need several never wait for each other crosswise.
 */
export async function lockKeys(tx: TenantTx, namespace: string, keys: readonly (readonly LockPart[])[]): Promise<void> {
  const tenantId = tenantOf(tx);
  const names = [...new Set(keys.map((parts) => [namespace, tenantId, ...parts].map((p) => p ?? "-").join(":")))].sort();
  if (names.length === 0) return;
  await tx.$executeRawUnsafe(
    "SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM (SELECT k FROM unnest($1::text[]) WITH ORDINALITY AS u(k, n) ORDER BY n) AS s",
    names,
  );
}

/** lockKeys for one name. */
export const lockKey = (tx: TenantTx, namespace: string, ...parts: LockPart[]): Promise<void> => lockKeys(tx, namespace, [parts]);
