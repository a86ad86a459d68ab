import type { TLoginAnswer, TTenantsAnswer } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { endSession } from "../../auth/sessions.ts";
import { loginAnswer, memberships } from "./login-answer.ts";

/** GET admStaff/loginToken: the login answer again for the token's tenant, with a fresh token. */
export async function loginToken(ctx: AuthedContext): Promise<Reply<TLoginAnswer>> {
  return { data: await loginAnswer(ctx.system, ctx.user.accountId, ctx.user.tenantId, { remember: false, sessionId: ctx.user.sessionId }) };
}

/** GET admStaff/tenants: the schools of the signed-in person. */
export async function listTenants(ctx: AuthedContext): Promise<Reply<TTenantsAnswer>> {
  const rows = await memberships(ctx.system, ctx.user.accountId);
  return { data: rows.map((r) => ({ id: r.tenant.id, name: r.tenant.title })) };
}

/** GET admStaff/tenants/{id}/menu: switches school; the answer carries that tenant's menu and a token for it only. */
export async function tenantMenu(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TLoginAnswer>> {
  return { data: await loginAnswer(ctx.system, ctx.user.accountId, Number(ctx.params.id), { sessionId: ctx.user.sessionId }) };
}

/** POST admStaff/logout: ends this sign-in on the server, so a copy of its token is refused too (other devices stay signed in). */
export async function logout(ctx: AuthedContext): Promise<Reply<null>> {
  await endSession(ctx.system, ctx.user.sessionId);
  return { data: null, msgKey: "api.signedOut" };
}
