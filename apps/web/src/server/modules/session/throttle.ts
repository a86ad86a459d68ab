import type { Db } from "@pizarra/db";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import { metrics } from "../../metrics.ts";
import { addressBlock } from "../../net/client-address.ts";

const MAX_DELAY_SECONDS = 15 * 60;

/**
 * Failed sign-ins are counted per account and per address in PostgreSQL (shared by every app instance). Past the
 * free failures each further one locks the key for a doubling delay from 5 s, capped at 15 minutes.
 */
export function throttleKeys(email: string, address: string | null) {
  const block = address ? addressBlock(address) : null;
  return [
    { key: `account:${email.toLowerCase()}`, free: env().LOGIN_FREE_FAILURES },
    ...(block ? [{ key: `address:${block}`, free: env().LOGIN_FREE_FAILURES_PER_ADDRESS }] : []),
  ];
}

export type ThrottleKey = ReturnType<typeof throttleKeys>[number];
/** An attempt's hold on a key: the lock it set when it went past the free failures, if it did. */
export type Claim = { key: string; locked: Date | null };

/**
 * Counts a sign-in attempt as a failure before its password is compared, or refuses it (429) while a key is locked.
 * Each key's row is locked from its count to the end of this short transaction, so attempts take turns here: the one
 * that goes past the free failures sets the lock before anyone compares its password, and the attempts that come
 * with it, however many at once, find the lock instead of a free guess each. A refused attempt counts nothing.
 * Keys are taken in the order throttleKeys gives (the account first), so two attempts never wait for each other
 * crosswise. An attempt whose password is right gives its count back (acceptAttempt).
 */
export async function claimAttempt(db: Db, keys: ThrottleKey[]): Promise<Claim[]> {
  return db.$transaction(async (tx) => {
    const now = Date.now();
    const claims: Claim[] = [];
    const waits: number[] = [];
    for (const { key, free } of keys) {
      const row = await tx.loginThrottle.upsert({ where: { key }, create: { key, failures: 1 }, update: { failures: { increment: 1 } } });
      const wait = row.lockedUntil ? row.lockedUntil.getTime() - now : 0;
      if (wait > 0) waits.push(wait);
      const over = row.failures - free;
      let locked: Date | null = null;
      if (over > 0 && wait <= 0) {
        locked = new Date(now + Math.min(MAX_DELAY_SECONDS, 5 * 2 ** (over - 1)) * 1000);
        await tx.loginThrottle.update({ where: { key }, data: { lockedUntil: locked } });
      }
      claims.push({ key, locked });
    }
    // Thrown inside the transaction, so that nothing of this attempt is counted.
    if (waits.length > 0) {
      metrics.signInFailures.inc({ reason: "throttled" });
      throw new AppError(-429, "api.loginThrottled", 429, { seconds: Math.ceil(Math.max(...waits) / 1000) });
    }
    return claims;
  });
}

/**
 * The right password: the account's failures are forgotten; an address gets back the failure its attempt was counted
 * as, and the lock that attempt set, if no other attempt has set one since.
 */
export async function acceptAttempt(db: Db, claims: Claim[]): Promise<void> {
  const [account, ...addresses] = claims;
  await db.$transaction([
    db.loginThrottle.deleteMany({ where: { key: account!.key } }),
    ...addresses.flatMap(({ key, locked }) => [
      db.loginThrottle.updateMany({ where: { key, failures: { gt: 0 } }, data: { failures: { decrement: 1 } } }),
      ...(locked ? [db.loginThrottle.updateMany({ where: { key, lockedUntil: locked }, data: { lockedUntil: null } })] : []),
      db.loginThrottle.deleteMany({ where: { key, failures: 0, lockedUntil: null } }),
    ]),
  ]);
}
