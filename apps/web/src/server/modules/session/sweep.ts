import type { Db } from "@pizarra/db";
import { z } from "zod";
import { jobKind } from "../../delivery/queue.ts";

/** How long a dead PIN's row is kept: long enough to trace a sign-in someone asks about. */
const PIN_KEPT_DAYS = 7;

export const SIGN_IN_SWEEP = jobKind("sign-in-sweep", z.object({}).nullish());

/**
 * Rows of sign-in limits and PINs are made per number and per address, so anyone can make new ones by asking for PINs
 * for new numbers; left alone they would only grow. A rate window past its reset counts as empty (takeRates starts it
 * again), so removing it changes no limit; a PIN row is removed a while after it expired, when it can serve no sign-in.
 */
export async function sweepSignIn(system: Db, now = new Date()): Promise<{ windows: number; pins: number }> {
  const [windows, pins] = await system.$transaction([
    system.rateWindow.deleteMany({ where: { resetAt: { lt: now } } }),
    system.phonePin.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - PIN_KEPT_DAYS * 86_400_000) } } }),
  ]);
  return { windows: windows.count, pins: pins.count };
}
