import { passwordMatches, type Db } from "@pizarra/db";
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from "./throttle.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { loginAnswer, memberships } from "./login-answer.ts";

async function signIn(system: Db, ctx: BaseContext, email: string, password: string): Promise<Reply> {
  const keys = throttleKeys(email, ctx.address);
  await assertNotThrottled(system, keys);
  const account = await system.account.findUnique({ where: { email: email.toLowerCase() } });
  const valid = await passwordMatches(password, account?.passwordHash);
  const tenants = account && valid ? await memberships(system, account.id) : [];
  if (!account || !valid || tenants.length === 0) {
    await recordFailure(system, keys);
    // The same answer for an unknown account, a wrong password and an account without a school.
    return { status: -1, msgKey: "api.loginFailed", data: null };
  }
  await clearFailures(system, keys.slice(0, 1));
  const tenantId = tenants.some((t) => t.tenantId === account.lastTenantId) ? account.lastTenantId! : tenants[0]!.tenantId;
  return { data: await loginAnswer(system, account.id, tenantId), msgKey: "api.loginOk" };
}

export const admLogin = (ctx: BaseContext & { body: { user: string; pass: string } }) => signIn(ctx.system, ctx, ctx.body.user, ctx.body.pass);

export const userLogin = admLogin;
