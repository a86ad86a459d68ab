export { createDb, getDb, type Db } from "./client.ts";
export { forTenant, insertRows, selectRows, tenantOf, TENANT_MODELS, type TenantDb, type TenantTx } from "./tenant.ts";
export { lockKey, lockKeys, type LockPart } from "./locks.ts";
export { Prisma } from "./generated/client.ts";
export type * from "./generated/models.ts";

export { hashPassword, hasPassword, passwordMatches, unusablePasswordHash } from "./password.ts";
export {
  createSchool,
  createSchoolShell,
  SCHOOL_GROUP_NAMES,
  schoolGroups,
  schoolLocale,
  startingPeriod,
  type FirstAdmin,
  type SchoolGroupKey,
  type SchoolLocale,
  type SchoolShell,
  type SchoolSpec,
} from "./school.ts";
