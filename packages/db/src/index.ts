export { createDb, getDb, type Db } from "./client.ts";
export { forTenant, insertRows, TENANT_MODELS, type TenantDb } from "./tenant.ts";
export { Prisma } from "./generated/client.ts";
export type * from "./generated/models.ts";

export { seedTenant, seedStaff, BCRYPT_COST, type TenantSpec, type StaffSpec } from "./seed/tenant.ts";
export { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_GROUPS } from "./seed/demo.ts";
export { seedSchool, type SchoolSize } from "./seed/school.ts";
