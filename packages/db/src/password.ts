import bcrypt from "bcryptjs";

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
