import type { Route } from "./http/route.ts";
import { ACADEMIC_RESOURCES } from "./modules/academic/resources.ts";
import { BILLING_RESOURCES } from "./modules/billing/resources.ts";
import { CATALOGUE_RESOURCES } from "./modules/catalogues/resources.ts";
import { COMMUNITY_RESOURCES } from "./modules/communities/resources.ts";
import { CONDUCT_RESOURCES } from "./modules/conduct/resources.ts";
import { FLOWS_RESOURCES } from "./modules/flows/resources.ts";
import { GRADES_RESOURCES } from "./modules/grades/resources.ts";
import { GROUPS_RESOURCES } from "./modules/groups/resources.ts";
import { HEALTH_RESOURCES } from "./modules/health/resources.ts";
import { PEOPLE_RESOURCES } from "./modules/people/resources.ts";
import { PUBLICATIONS_RESOURCES } from "./modules/publications/resources.ts";
import { createResource, type ResourceServer, withOwners } from "./resource/factory.ts";

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
  ...PUBLICATIONS_RESOURCES,
  ...FLOWS_RESOURCES,
  ...BILLING_RESOURCES,
  ...GRADES_RESOURCES,
]);

export const RESOURCE_ROUTES: Route[] = RESOURCE_SERVERS.flatMap(createResource);
