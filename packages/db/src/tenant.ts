import type { Db } from "./client.ts";

/**
 * Models that belong to one tenant. A test checks this list against every model in prisma/schema that has a
 * tenantId column, so a new tenant-owned model cannot be forgotten here.
 */
export const TENANT_MODELS = new Set(["User", "UserGroup", "UserGroupMember", "Module", "ModuleAccess"]);

const WHERE_OPERATIONS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
  "upsert",
]);

type Row = Record<string, unknown>;

function withTenant(data: unknown, tenantId: number): unknown {
  if (Array.isArray(data)) return data.map((row) => withTenant(row, tenantId));
  return { ...(data as Row), tenantId };
}

function withoutTenant(data: unknown): unknown {
  if (!data || typeof data !== "object") return data;
  const { tenantId: _ignored, ...rest } = data as Row;
  return rest;
}

/**
 * The one place where tenant isolation is enforced: every read and write on a tenant-owned model is narrowed to
 * the tenant, every created row gets its tenantId, and no update can move a row to another tenant.
 * Handlers receive only this client, so they never pass tenantId by hand.
 */
export function forTenant(db: Db, tenantId: number) {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error("forTenant needs a tenant id");
  return db.$extends({
    name: "tenant-scope",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!TENANT_MODELS.has(model)) return query(args);
          const a = { ...(args as Row) };
          if (WHERE_OPERATIONS.has(operation)) a.where = { ...(a.where as Row | undefined), tenantId };
          if (operation === "create" || operation === "createMany" || operation === "createManyAndReturn") {
            a.data = withTenant(a.data, tenantId);
          }
          if (operation === "update" || operation === "updateMany" || operation === "updateManyAndReturn") {
            a.data = withoutTenant(a.data);
          }
          if (operation === "upsert") {
            a.create = withTenant(a.create, tenantId);
            a.update = withoutTenant(a.update);
          }
          return query(a as typeof args);
        },
      },
    },
  });
}

export type TenantDb = ReturnType<typeof forTenant>;
