import type { TenantDb } from "@pizarra/db";

export interface ModuleAccess {
  read: boolean;
  write: boolean;
}

/** The union of the user's groups' rights, module id → read/write (spec 002 §6: access is set per user group). */
export async function loadAccess(db: TenantDb, userId: number): Promise<Map<string, ModuleAccess>> {
  const rows = await db.moduleAccess.findMany({
    where: { group: { members: { some: { userId } } } },
    select: { moduleId: true, canRead: true, canWrite: true },
  });
  const access = new Map<string, ModuleAccess>();
  for (const row of rows) {
    const current = access.get(row.moduleId) ?? { read: false, write: false };
    access.set(row.moduleId, {
      read: current.read || row.canRead || row.canWrite,
      write: current.write || row.canWrite,
    });
  }
  return access;
}
