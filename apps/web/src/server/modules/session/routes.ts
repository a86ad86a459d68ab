import {
  ZAdmLogin,
  ZAdmLoginQuery,
  ZLoginAnswer,
  ZLogoutAnswer,
  ZPinAnswer,
  ZPinRequest,
  ZSignInAnswer,
  ZTenantId,
  ZTenantsAnswer,
  ZUserLogin,
} from "@pizarra/contracts";
import { authedRoute, publicRoute, type Route } from "../../http/route.ts";
import { admLogin, userLogin } from "./login.ts";
import { requestPin } from "./pin-request.ts";
import { listTenants, loginToken, logout, tenantMenu } from "./session.ts";

/** Signing in and out, the schools of a person and a school's menu (000 §7). */
export const SESSION_ROUTES: Route[] = [
  publicRoute({ method: "POST", path: "admStaff/login", auth: "public", query: ZAdmLoginQuery, body: ZAdmLogin, answer: ZSignInAnswer, handler: admLogin }),
  publicRoute({ method: "POST", path: "user/login", auth: "public", body: ZUserLogin, answer: ZSignInAnswer, handler: userLogin, maxBytes: 64 * 1024 }),
  publicRoute({
    method: "POST",
    path: "user/mauthpin",
    auth: "public",
    body: ZPinRequest,
    answer: ZPinAnswer,
    handler: requestPin,
    maxBytes: 64 * 1024,
    labelKey: (field) => `register.fields.${field}`,
  }),
  authedRoute({ method: "GET", path: "admStaff/loginToken", auth: "user", module: null, answer: ZLoginAnswer, handler: loginToken }),
  authedRoute({ method: "POST", path: "admStaff/logout", auth: "user", module: null, answer: ZLogoutAnswer, handler: logout }),
  authedRoute({ method: "GET", path: "admStaff/tenants", auth: "user", module: null, answer: ZTenantsAnswer, handler: listTenants }),
  authedRoute({
    method: "GET",
    path: "admStaff/tenants/{id}/menu",
    auth: "user",
    module: null,
    params: ZTenantId,
    answer: ZLoginAnswer,
    handler: tenantMenu,
  }),
];
