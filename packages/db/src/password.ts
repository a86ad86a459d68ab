import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";

/** bcrypt's work factor for every stored password: sign-in, a password set by staff, seeds. */
const COST = 10;

/** The stored form of a password. */
export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST);

/** Compared against when there is no account, so that an unknown e-mail costs the same time as a wrong password. */
let dummy: string | undefined;

/** Whether `password` is the one stored as `hash`; with no hash, false after the same work as a real comparison. */
export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  dummy ??= await hashPassword("pizarra-timing-equaliser");
  const matches = await bcrypt.compare(password, hash ?? dummy);
  return matches && hash !== null && hash !== undefined;
}

/**
 * The stored form of "no password yet" (an account made by an invitation): never a bcrypt hash, so no password
 * matches it, and random, so that the invitation's link, bound to it, is of this account alone.
 */
export const unusablePasswordHash = (): string => `!unset:${randomBytes(18).toString("base64url")}`;

/** Whether the account's owner ever chose a password (an invitation's account has none until its link is used). */
export const hasPassword = (hash: string): boolean => !hash.startsWith("!");
