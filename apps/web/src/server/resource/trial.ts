import type { TenantDb, TenantTx } from "@pizarra/db";

/** Rolls back a trial that went through. */
class TrialDone extends Error {}

/**
 * Runs `work` in a transaction that is rolled back once it went through: every check, rule and write of the real
 * thing runs, so what it answers is what the real thing would do, and nothing is kept. A refusal is thrown as usual.
 */
export async function trial<T>(db: TenantDb, work: (tx: TenantTx) => Promise<T>, options?: { timeout?: number }): Promise<T> {
  let result: { value: T } | null = null;
  try {
    await db.$transaction(async (tx) => {
      result = { value: await work(tx) };
      throw new TrialDone();
    }, options);
  } catch (error) {
    if (!(error instanceof TrialDone)) throw error;
  }
  return (result as { value: T } | null)!.value;
}
