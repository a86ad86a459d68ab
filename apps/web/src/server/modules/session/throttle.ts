import type { Db } from "@pizarra/db";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
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

export async function assertNotThrottled(db: Db, keys: { key: string }[]): Promise<void> {
  const rows = await db.loginThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
  const now = Date.now();
  const waits = rows.map((r) => (r.lockedUntil ? r.lockedUntil.getTime() - now : 0)).filter((ms) => ms > 0);
  if (waits.length > 0) {
    throw new AppError(-429, "api.loginThrottled", 429, { seconds: Math.ceil(Math.max(...waits) / 1000) });
  }
}

export async function recordFailure(db: Db, keys: { key: string; free: number }[]): Promise<void> {
  for (const { key, free } of keys) {
    const row = await db.loginThrottle.upsert({
      where: { key },
      create: { key, failures: 1 },
      update: { failures: { increment: 1 } },
    });
    const over = row.failures - free;
    if (over > 0) {
      const seconds = Math.min(MAX_DELAY_SECONDS, 5 * 2 ** (over - 1));
      await db.loginThrottle.update({ where: { key }, data: { lockedUntil: new Date(Date.now() + seconds * 1000) } });
    }
  }
}

export async function clearFailures(db: Db, keys: { key: string }[]): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: { in: keys.map((k) => k.key) } } });
}
