import type { Route } from "./http/route.ts";
import { ACADEMIC_RESOURCES } from "./modules/academic/index.ts";
import { BILLING_RESOURCES } from "./modules/billing/index.ts";
import { CATALOGUE_RESOURCES } from "./modules/catalogues/index.ts";
import { COMMUNITY_RESOURCES } from "./modules/communities/index.ts";
import { CONDUCT_RESOURCES } from "./modules/conduct/index.ts";
import { FLOWS_RESOURCES } from "./modules/flows/index.ts";
import { GRADES_RESOURCES } from "./modules/grades/index.ts";
import { GROUPS_RESOURCES } from "./modules/groups/index.ts";
import { DIRECTORY_RESOURCES } from "./modules/directory/index.ts";
import { HEALTH_RESOURCES } from "./modules/health/index.ts";
import { PEOPLE_RESOURCES } from "./modules/people/index.ts";
import { NOTIFICATIONS_RESOURCES } from "./modules/notifications/index.ts";
import { createResource, type ResourceServer, serveResources, withOwners } from "./resource/factory.ts";

/**
 * Composition root of the generic engine: every resource each domain serves (its definition from contracts, its Prisma
 * model and its rules live in `modules/<domain>/resources.ts`), linked so that a model reached through several
 * resources obeys the stricter right.
 */
export const RESOURCE_SERVERS: ResourceServer[] = withOwners([
  ...ACADEMIC_RESOURCES,
  ...PEOPLE_RESOURCES,
  ...GROUPS_RESOURCES,
  ...CATALOGUE_RESOURCES,
  ...COMMUNITY_RESOURCES,
  ...CONDUCT_RESOURCES,
  ...HEALTH_RESOURCES,
  ...DIRECTORY_RESOURCES,
  ...NOTIFICATIONS_RESOURCES,
  ...FLOWS_RESOURCES,
  ...BILLING_RESOURCES,
  ...GRADES_RESOURCES,
]);

/** Each resource with its reader, handed to every resource created and to whoever reaches across all of them. */
export const SERVED_RESOURCES = serveResources(RESOURCE_SERVERS);

export const RESOURCE_ROUTES: Route[] = RESOURCE_SERVERS.flatMap((server) => createResource(server, SERVED_RESOURCES));
