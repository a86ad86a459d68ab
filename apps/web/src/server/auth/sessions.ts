import { randomBytes } from "node:crypto";
import type { Db, Prisma } from "@pizarra/db";
import { env } from "../env.ts";

type Client = Db | Prisma.TransactionClient;

/** A session past this age cannot be used or renewed, whatever its tokens say. */
const oldest = () => new Date(Date.now() - env().AUTH_SESSION_MAX_AGE * 1000);

/** A new sign-in of the account (a password was just typed); its dead sessions are cleared on the way. */
export async function startSession(db: Db, accountId: number): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await db.$transaction([
    db.session.deleteMany({ where: { accountId, OR: [{ endedAt: { not: null } }, { startedAt: { lt: oldest() } }] } }),
    db.session.create({ data: { id, accountId } }),
  ]);
  return id;
}

/**
 * What a person's read selects of the token's session, through their account: in the same statement as the person
 * (a statement of its own would cost every signed-in call one more round trip to the database).
 */
export const sessionSelect = (sessionId: string) =>
  ({ account: { select: { sessions: { where: { id: sessionId }, select: { startedAt: true, endedAt: true } } } } }) as const;

/** Whether the session sessionSelect read is still open: found on the person's account, not ended, not too old. */
export function sessionOpen(person: { account: { sessions: { startedAt: Date; endedAt: Date | null }[] } | null }): boolean {
  const session = person.account?.sessions[0];
  return session !== undefined && session.endedAt === null && session.startedAt >= oldest();
}

/** Ends one session (sign-out on this device). */
export async function endSession(db: Client, sessionId: string): Promise<void> {
  await db.session.updateMany({ where: { id: sessionId, endedAt: null }, data: { endedAt: new Date() } });
}

/**
 * Ends every session of these accounts (a new password, deactivation, a forced logout): their tokens are refused from
 * the next request on, by every instance. Accounts are shared by schools: this is the unscoped client's or a
 * transaction's write.
 */
export async function endSessions(db: Client, accountIds: readonly (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(accountIds.filter((id): id is number => typeof id === "number"))];
  if (ids.length) await db.session.updateMany({ where: { accountId: { in: ids }, endedAt: null }, data: { endedAt: new Date() } });
}
