import type { Db } from "@pizarra/db";

/**
 * Who may do what in a school, table by table (row count and a checksum of its rows): its groups, their members and
 * their module rights, and how many people it keeps (an import of numbers makes contacts). Cheap enough to take
 * around every attempt of a walk, where a whole-school snapshot would not be.
 */
export async function rightsState(db: Db, tenantId: number): Promise<Record<string, string>> {
  const tables = ["UserGroup", "UserGroupMember", "ModuleAccess"];
  const digest = (table: string) =>
    `(SELECT count(*) || ' rows ' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "${table}" t WHERE t."tenantId" = $1) AS "${table}"`;
  const [row] = await db.$queryRawUnsafe<Record<string, string>[]>(
    `SELECT ${tables.map(digest).join(", ")}, (SELECT count(*)::text FROM "User" t WHERE t."tenantId" = $1) AS "User"`,
    tenantId,
  );
  return row!;
}
