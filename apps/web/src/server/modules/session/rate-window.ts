import type { Db } from "@pizarra/db";
import { AppError } from "../../http/app-error.ts";

/** One "at most `max` per `seconds`" rule of a key (a number, an address, a school). */
export interface RateRule {
  key: string;
  max: number;
  seconds: number;
  /** The refusal's message (given :seconds). */
  messageKey: string;
}

/**
 * Counts one request against each rule's fixed window in PostgreSQL (RateWindow; every app instance sees the same
 * counters), or refuses it (429, with the seconds until the longest-waiting window opens, in the words of that rule). Each count is
 * one INSERT … ON CONFLICT UPDATE, so requests at once each get their own number and no two pass as the last one.
 * Times are UTC, as Prisma keeps them. The counts are one transaction that a refusal rolls back: a refused request counts nothing,
 * so someone refused does not keep themselves out by asking again.
 */
export async function takeRates(db: Db, rules: RateRule[]): Promise<void> {
  if (rules.length === 0) return;
  await db.$transaction(async (tx) => {
    let refusal: { wait: number; messageKey: string } | null = null;
    for (const { key, max, seconds, messageKey } of rules) {
      const [row] = await tx.$queryRaw<{ count: number; wait: number }[]>`
        INSERT INTO "RateWindow" ("key", "count", "resetAt") VALUES (${key}, 1, (now() AT TIME ZONE 'UTC') + ${seconds} * interval '1 second')
        ON CONFLICT ("key") DO UPDATE SET
          "count" = CASE WHEN "RateWindow"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN 1 ELSE "RateWindow"."count" + 1 END,
          "resetAt" = CASE WHEN "RateWindow"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."resetAt" ELSE "RateWindow"."resetAt" END
        RETURNING "count", CEIL(EXTRACT(EPOCH FROM "resetAt" - (now() AT TIME ZONE 'UTC')))::int AS "wait"`;
      const wait = Math.max(row?.wait ?? 0, 1);
      if (row && row.count > max && (!refusal || wait > refusal.wait)) refusal = { wait, messageKey };
    }
    if (refusal) throw new AppError(-429, refusal.messageKey, 429, { seconds: refusal.wait }, { seconds: refusal.wait });
  });
}
