import type { ZSignInAnswer } from "@pizarra/contracts";
import { passwordMatches, type Db } from "@pizarra/db";
import type { z } from "zod";
import { acceptAttempt, claimAttempt, throttleKeys } from "./throttle.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { metrics } from "../../metrics.ts";
import { loginAnswer, memberships } from "./login-answer.ts";

async function signIn(system: Db, ctx: BaseContext, email: string, password: string): Promise<Reply<z.input<typeof ZSignInAnswer>>> {
  // Counted before the password is compared, so that guesses sent at once cannot all be compared before a lock.
  const claims = await claimAttempt(system, throttleKeys(email, ctx.address));
  const account = await system.account.findUnique({ where: { email: email.toLowerCase() } });
  const valid = await passwordMatches(password, account?.passwordHash);
  const tenants = account && valid ? await memberships(system, account.id) : [];
  if (!account || !valid || tenants.length === 0) {
    // The same answer for an unknown account, a wrong password and an account without a school.
    metrics.signInFailures.inc({ reason: "credentials" });
    return { status: -1, msgKey: "api.loginFailed", data: null };
  }
  await acceptAttempt(system, claims);
  const tenantId = tenants.some((t) => t.tenantId === account.lastTenantId) ? account.lastTenantId! : tenants[0]!.tenantId;
  return { data: await loginAnswer(system, account.id, tenantId), msgKey: "api.loginOk" };
}

export const admLogin = (ctx: BaseContext & { body: { user: string; pass: string } }) => signIn(ctx.system, ctx, ctx.body.user, ctx.body.pass);

export const userLogin = admLogin;
