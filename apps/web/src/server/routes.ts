import { Router } from "./http/router.ts";
import type { Route } from "./http/route.ts";
import { ACADEMIC_ROUTES } from "./modules/academic/routes.ts";
import { MODULE_ROUTES } from "./modules/adm-module/routes.ts";
import { ATTENDANCE_ROUTES } from "./modules/attendance/routes.ts";
import { CATALOGUE_ROUTES } from "./modules/catalogues/routes.ts";
import { COMPANY_ROUTES } from "./modules/company/routes.ts";
import { CONDUCT_ROUTES } from "./modules/conduct/routes.ts";
import { FLOWS_ROUTES } from "./modules/flows/routes.ts";
import { GENERAL_ROUTES } from "./modules/general/routes.ts";
import { GRADES_ROUTES } from "./modules/grades/routes.ts";
import { GROUP_ROUTES } from "./modules/groups/routes.ts";
import { HEALTH_ROUTES } from "./modules/health/routes.ts";
import { MISC_ROUTES } from "./modules/misc/routes.ts";
import { PEOPLE_ROUTES } from "./modules/people/routes.ts";
import { PUBLICATIONS_ROUTES } from "./modules/publications/routes.ts";
import { PUSH_ROUTES } from "./modules/push/routes.ts";
import { SESSION_ROUTES } from "./modules/session/routes.ts";
import { SUPPORT_ROUTES } from "./modules/support/routes.ts";
import { SYSTEM_ROUTES } from "./modules/system/routes.ts";
import { RESOURCE_ROUTES } from "./resources.ts";
import { PROVIDER_ROUTES } from "./provider-routes.ts";

/** Composition root of the API: every call, by spec path, as each domain declares it in `modules/<domain>/routes.ts`. */
export const ROUTES: Route[] = [
  ...SYSTEM_ROUTES,
  ...SESSION_ROUTES,
  ...SUPPORT_ROUTES,
  ...MODULE_ROUTES,
  ...COMPANY_ROUTES,
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
  ...ATTENDANCE_ROUTES,
  ...PUSH_ROUTES,
  ...PEOPLE_ROUTES,
  ...PROVIDER_ROUTES,
];

export const router = new Router(ROUTES);
