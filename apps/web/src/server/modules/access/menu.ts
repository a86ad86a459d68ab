import type { TMenuItem } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import type { ModuleAccess } from "../../auth/permissions.ts";

/**
 * The menu is derived from the tenant's modules and the user's rights: a screen appears when the user may read
 * it, a heading when anything under it appears.
 */
export async function buildMenu(db: TenantDb, access: Map<string, ModuleAccess>): Promise<TMenuItem[]> {
  const modules = await db.module.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }] });
  const byParent = new Map<string | null, typeof modules>();
  const parents = new Set(modules.map((m) => m.parentId).filter((id): id is string => id !== null));
  for (const m of modules) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);

  const build = (parentId: string | null, depth: number): TMenuItem[] =>
    (byParent.get(parentId) ?? []).flatMap((m): TMenuItem[] => {
      const isHeading = parents.has(m.id);
      const subs = isHeading && depth < 3 ? build(m.id, depth + 1) : [];
      const rights = access.get(m.id);
      if (isHeading ? subs.length === 0 : !rights?.read) return [];
      return [
        {
          ID: m.id,
          name: m.name,
          nameEN: m.nameEN,
          icon: m.icon,
          parentId: m.parentId,
          sort: m.sort,
          hidden: m.hidden,
          ai: m.ai,
          write: !isHeading && Boolean(rights?.write),
          path: isHeading ? null : `/app/${m.id}`,
          inactiveFields: m.inactiveFields,
          subs,
        },
      ];
    });
  return build(null, 1);
}
