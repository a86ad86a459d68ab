import { givenNamesFirstIn, type TLoginAnswer } from "@pizarra/contracts";
import { forTenant, type Db } from "@pizarra/db";
import { startSession } from "../../auth/sessions.ts";
import { issueToken } from "../../auth/token.ts";
import { AppError } from "../../http/app-error.ts";
import { buildMenu } from "../access/index.ts";
import { ACCESS_SELECT, accessOf } from "../../auth/permissions.ts";
import { fileUrl } from "../../storage/storage.ts";

/** Active staff users of an account, one per tenant: the schools the person may sign in to. */
export async function memberships(system: Db, accountId: number) {
  return system.user.findMany({
    where: { accountId, inactive: false },
    select: { id: true, tenantId: true, tenant: { select: { id: true, title: true } } },
    orderBy: { tenantId: "asc" },
  });
}

/**
 * The login answer (spec 000 §3) for one user in one tenant, with a token valid for that tenant only. On sign-in
 * and on a switch the tenant is remembered, so that the next sign-in opens it. A sign-in starts a session; a renewal or
 * a switch passes the session it continues, so no renewal extends a session's life.
 */
export async function loginAnswer(
  system: Db,
  accountId: number,
  tenantId: number,
  { remember = true, sessionId }: { remember?: boolean; sessionId?: string } = {},
): Promise<TLoginAnswer> {
  const db = forTenant(system, tenantId);
  const user = await db.user.findFirst({
    where: { accountId, inactive: false },
    select: { id: true, name: true, last: true, tag: true, roleCode: true, mail: true, ...ACCESS_SELECT },
  });
  if (!user) throw new AppError(-403, "api.tenantNotAvailable", 403);
  const access = accessOf(user);
  const [tenant, session, tenantCount] = await Promise.all([
    system.tenant.findUniqueOrThrow({ where: { id: tenantId } }),
    sessionId ?? startSession(system, accountId),
    system.user.count({ where: { accountId, inactive: false } }),
  ]);
  const [menu, { token, expiresAt }] = await Promise.all([
    buildMenu(db, access),
    issueToken({ userId: user.id, tenantId, accountId, sessionId: session }),
    remember ? system.account.update({ where: { id: accountId }, data: { lastTenantId: tenantId } }) : null,
  ]);
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    menu,
    companyName: tenant.title,
    companyID: tenant.id,
    // A link the shell can show (the stored key is no address): signed afresh at every sign-in and /app load.
    companyPic: fileUrl(tenant.logo),
    color: tenant.themeColor,
    defaultLang: tenant.defaultLocale,
    givenNamesFirst: givenNamesFirstIn(tenant.settings),
    multiTenant: tenantCount > 1,
    user: {
      ID: user.id,
      name: [user.name, user.last].filter(Boolean).join(" "),
      tag: user.tag,
      roleCode: user.roleCode,
      email: user.mail,
    },
  };
}
