import { ZAdmLogin, ZTenantId, ZUserLogin } from "@pizarra/contracts";
import { z } from "zod";
import { authedRoute, publicRoute, type Route } from "../../http/route.ts";
import { admLogin, userLogin } from "./login.ts";
import { listTenants, loginToken, logout, tenantMenu } from "./session.ts";

const ZAdmQuery = z.object({ adm: z.string().optional() });

/** Signing in and out, the schools of a person and a school's menu (000 §7). */
export const SESSION_ROUTES: Route[] = [
  publicRoute({ method: "POST", path: "admStaff/login", auth: "public", query: ZAdmQuery, body: ZAdmLogin, handler: admLogin }),
  publicRoute({ method: "POST", path: "user/login", auth: "public", body: ZUserLogin, handler: userLogin }),
  authedRoute({ method: "GET", path: "admStaff/loginToken", auth: "user", module: null, handler: loginToken }),
  authedRoute({ method: "POST", path: "admStaff/logout", auth: "user", module: null, handler: logout }),
  authedRoute({ method: "GET", path: "admStaff/tenants", auth: "user", module: null, handler: listTenants }),
  authedRoute({ method: "GET", path: "admStaff/tenants/{id}/menu", auth: "user", module: null, params: ZTenantId, handler: tenantMenu }),
];
