import { Router } from "./http/router.ts";
import type { Route } from "./http/route.ts";
import { ACADEMIC_ROUTES } from "./modules/academic/index.ts";
import { AI_ASSIST_ROUTES } from "./modules/ai-assist/index.ts";
import { MODULE_ROUTES } from "./modules/module-admin/index.ts";
import { ATTENDANCE_ROUTES } from "./modules/attendance/index.ts";
import { CATALOGUE_ROUTES } from "./modules/catalogues/index.ts";
import { COMPANY_ROUTES } from "./modules/company/index.ts";
import { CONDUCT_ROUTES } from "./modules/conduct/index.ts";
import {
  AUTO_CHARGE_ROUTES,
  BILLING_ROUTES,
  BULK_GRID_ROUTES,
  ONLINE_PAY_ROUTES,
  RECEIPT_ROUTES,
  REMINDER_ROUTES,
  STATEMENT_ROUTES,
} from "./modules/billing/index.ts";
import { CONVERSATION_ROUTES } from "./modules/conversations/index.ts";
import { familyRoutes } from "./modules/family/index.ts";
import { FAMILY_IMPORT_ROUTES } from "./modules/family-import/index.ts";
import { FLOWS_ROUTES } from "./modules/flows/index.ts";
import { GEOGRAPHY_ROUTES } from "./modules/geography/index.ts";
import { GRADES_ROUTES } from "./modules/grades/index.ts";
import { INVITATION_ROUTES } from "./modules/invitations/index.ts";
import { groupRoutes } from "./modules/groups/index.ts";
import { DIRECTORY_ROUTES } from "./modules/directory/index.ts";
import { richTextImageRoutes } from "./modules/rich-text-images/index.ts";
import { PEOPLE_ROUTES } from "./modules/people/index.ts";
import { notificationRoutes } from "./modules/notifications/index.ts";
import { PUSH_ROUTES } from "./modules/push/index.ts";
import { REGISTRATION_ROUTES } from "./modules/registration/index.ts";
import { SESSION_ROUTES } from "./modules/session/index.ts";
import { SUPPORT_ROUTES } from "./modules/support/index.ts";
import { SERVICE_STATUS_ROUTES } from "./modules/service-status/index.ts";
import { SIGNED_FILE_ROUTES } from "./modules/signed-files/index.ts";
import { RESOURCE_ROUTES, RESOURCE_SERVERS, SERVED_RESOURCES } from "./resources.ts";

/** Composition root of the API: every call, by spec path, as each domain exports it from its door, `modules/<domain>/index.ts`. */
export const ROUTES: Route[] = [
  ...SERVICE_STATUS_ROUTES,
  ...SIGNED_FILE_ROUTES,
  ...SESSION_ROUTES,
  ...REGISTRATION_ROUTES,
  ...SUPPORT_ROUTES,
  ...MODULE_ROUTES,
  ...COMPANY_ROUTES,
  ...RESOURCE_ROUTES,
  ...ACADEMIC_ROUTES,
  ...CATALOGUE_ROUTES,
  ...groupRoutes(SERVED_RESOURCES),
  ...GEOGRAPHY_ROUTES,
  ...richTextImageRoutes(RESOURCE_SERVERS),
  ...CONDUCT_ROUTES,
  ...DIRECTORY_ROUTES,
  ...notificationRoutes(SERVED_RESOURCES),
  ...FLOWS_ROUTES,
  ...GRADES_ROUTES,
  ...ATTENDANCE_ROUTES,
  ...PUSH_ROUTES,
  ...PEOPLE_ROUTES,
  ...INVITATION_ROUTES,
  ...familyRoutes(SERVED_RESOURCES),
  ...FAMILY_IMPORT_ROUTES,
  ...BILLING_ROUTES,
  ...BULK_GRID_ROUTES,
  ...RECEIPT_ROUTES,
  ...ONLINE_PAY_ROUTES,
  ...STATEMENT_ROUTES,
  ...REMINDER_ROUTES,
  ...AUTO_CHARGE_ROUTES,
  ...CONVERSATION_ROUTES,
  ...AI_ASSIST_ROUTES,
];

export const router = new Router(ROUTES);
