import { ZAdmLogin, ZModuleEdit, ZModuleList, ZTenantId, ZUserLogin } from "@pizarra/contracts";
import { z } from "zod";
import { ACADEMIC_ROUTES } from "../modules/academic/routes.ts";
import { editModule, getModule, listModules } from "../modules/adm-module/modules.ts";
import { CATALOGUE_ROUTES } from "../modules/catalogues/routes.ts";
import { CONDUCT_ROUTES } from "../modules/conduct/routes.ts";
import { FLOWS_ROUTES } from "../modules/flows/routes.ts";
import { GRADES_ROUTES } from "../modules/grades/routes.ts";
import { GENERAL_ROUTES } from "../modules/general/routes.ts";
import { GROUP_ROUTES } from "../modules/groups/routes.ts";
import { HEALTH_ROUTES } from "../modules/health/routes.ts";
import { MISC_ROUTES } from "../modules/misc/routes.ts";
import { PUBLICATIONS_ROUTES } from "../modules/publications/routes.ts";
import { admLogin, userLogin } from "../modules/session/login.ts";
import { listTenants, loginToken, logout, tenantMenu } from "../modules/session/session.ts";
import { serveFile, ZFileParams, ZFileQuery } from "../modules/system/files.ts";
import { health } from "../modules/system/health.ts";
import { RESOURCE_ROUTES } from "../resource/registry.ts";
import { authedRoute, publicRoute, type Route } from "./route.ts";
import { Router } from "./router.ts";

const ZAdmQuery = z.object({ adm: z.string().optional() });
const ZModuleId = z.object({ id: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,60}$/) });

/** Every API call, by spec path. Plain resources will come from the generic factory; special calls are listed here. */
export const ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "health", auth: "public", handler: health }),
  publicRoute({ method: "GET", path: "files/{tenant}/{resource}/{record}/{file}", auth: "public", params: ZFileParams, query: ZFileQuery, handler: serveFile }),
  publicRoute({ method: "POST", path: "admStaff/login", auth: "public", query: ZAdmQuery, body: ZAdmLogin, handler: admLogin }),
  publicRoute({ method: "POST", path: "user/login", auth: "public", body: ZUserLogin, handler: userLogin }),
  authedRoute({ method: "GET", path: "admStaff/loginToken", auth: "user", module: null, handler: loginToken }),
  authedRoute({ method: "POST", path: "admStaff/logout", auth: "user", module: null, handler: logout }),
  authedRoute({ method: "GET", path: "admStaff/tenants", auth: "user", module: null, handler: listTenants }),
  authedRoute({ method: "GET", path: "admStaff/tenants/{id}/menu", auth: "user", module: null, params: ZTenantId, handler: tenantMenu }),
  authedRoute({ method: "GET", path: "admModule/get", auth: "user", module: "admModule", query: ZModuleList, handler: listModules }),
  authedRoute({ method: "GET", path: "admModule/get/{id}", auth: "user", module: "admModule", params: ZModuleId, handler: getModule }),
  authedRoute({ method: "POST", path: "admModule/edit/{id}", auth: "user", module: "admModule", params: ZModuleId, body: ZModuleEdit, handler: editModule }),
  ...RESOURCE_ROUTES,
  ...ACADEMIC_ROUTES,
  ...CATALOGUE_ROUTES,
  ...GROUP_ROUTES,
  ...GENERAL_ROUTES,
  ...MISC_ROUTES,
  ...CONDUCT_ROUTES,
  ...HEALTH_ROUTES,
  ...PUBLICATIONS_ROUTES,
  ...FLOWS_ROUTES,
  ...GRADES_ROUTES,
];

export const router = new Router(ROUTES);
