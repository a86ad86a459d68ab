import { PIN_PURPOSE, type ZSignInAnswer } from "@pizarra/contracts";
import { passwordMatches, type Db } from "@pizarra/db";
import type { z } from "zod";
import { acceptAttempt, claimAttempt, throttleKeys } from "./throttle.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { metrics } from "../../metrics.ts";
import { loginAnswer, memberships } from "./login-answer.ts";
import { pinPhone, usePin } from "./pin.ts";

/** Who the credentials name: an account id when they are right, null when not (or when nobody has them). */
type Check = () => Promise<number | null>;

/**
 * A sign-in, by e-mail and password or by phone and PIN: the same throttle (the name's failures and the address's,
 * counted before the credentials are checked, so that guesses sent at once cannot all be checked before a lock), the
 * same answer for every failure, and the same login answer and session.
 */
async function signIn(system: Db, ctx: BaseContext, name: string, check: Check): Promise<Reply<z.input<typeof ZSignInAnswer>>> {
  const claims = await claimAttempt(system, throttleKeys(name, ctx.address));
  const accountId = await check();
  const tenants = accountId ? await memberships(system, accountId) : [];
  if (!accountId || tenants.length === 0) {
    // The same answer for an unknown account, a wrong password or PIN and an account without a school.
    metrics.signInFailures.inc({ reason: "credentials" });
    return { status: -1, msgKey: "api.loginFailed", data: null };
  }
  await acceptAttempt(system, claims);
  const account = await system.account.findUniqueOrThrow({ where: { id: accountId }, select: { lastTenantId: true } });
  const tenantId = tenants.some((t) => t.tenantId === account.lastTenantId) ? account.lastTenantId! : tenants[0]!.tenantId;
  return { data: await loginAnswer(system, accountId, tenantId), msgKey: "api.loginOk" };
}

const byPassword =
  (system: Db, email: string, password: string): Check =>
  async () => {
    const account = await system.account.findUnique({ where: { email: email.toLowerCase() }, select: { id: true, passwordHash: true } });
    return (await passwordMatches(password, account?.passwordHash)) && account ? account.id : null;
  };

/** A sign-in PIN (user/mauthpin) of the phone: right, unused, unexpired and within its tries; a number without an account has none. */
const byPin =
  (system: Db, phone: string | null, code: string): Check =>
  async () => {
    if (!phone) return null;
    const used = await usePin(system, { phone, purpose: PIN_PURPOSE.signin, code: code.trim() });
    return used.ok ? used.accountId : null;
  };

export const admLogin = (ctx: BaseContext & { body: { user: string; pass: string } }) =>
  signIn(ctx.system, ctx, ctx.body.user, byPassword(ctx.system, ctx.body.user, ctx.body.pass));

/** POST user/login (002 §7): an e-mail and its password, or a phone (calling code and mobile) and its PIN. */
export async function userLogin(ctx: BaseContext & { body: { user: string; pass: string } }) {
  const { user, pass } = ctx.body;
  if (user.includes("@")) return admLogin(ctx);
  const phone = pinPhone(user);
  // The phone's failures are counted under its E.164 form, however it was written.
  return signIn(ctx.system, ctx, `phone:${phone ?? user}`, byPin(ctx.system, phone, pass));
}
