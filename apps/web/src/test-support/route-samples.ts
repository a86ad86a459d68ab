import type { Db } from "@pizarra/db";
import type { Route } from "../server/http/route.ts";
import type { ResourceServer } from "../server/resource/factory.ts";
import { RESOURCE_ROUTES, RESOURCE_SERVERS } from "../server/resources.ts";

/** Shared by the tenant-isolation and permission matrices: what a route is, whose data it serves, what a school holds. */

export const routeName = (route: Route) => `${route.method} ${route.path}`;

/** The generic resource behind a route of the factory (the longest definition id that prefixes its path), else null. */
export function resourceOf(route: Route): ResourceServer | null {
  if (!RESOURCE_ROUTES.includes(route)) return null;
  const owners = RESOURCE_SERVERS.filter((s) => route.path.startsWith(`${s.def.id}/`)).sort((a, b) => b.def.id.length - a.def.id.length);
  if (!owners[0]) throw new Error(`${routeName(route)}: a factory route without a resource definition`);
  return owners[0];
}

/** The route's path with each `{param}` replaced. */
export const fillPath = (route: Route, value: (param: string) => string | number) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(value(name))));

/** The two demo schools: A (Colegio Demo) is the one aimed at, B (Northside School) the one aiming. */
export async function demoTenants(db: Db): Promise<{ a: number; b: number }> {
  const [a, b] = await Promise.all(["Colegio Demo", "Northside School"].map((title) => db.tenant.findFirstOrThrow({ where: { title }, select: { id: true } })));
  return { a: a!.id, b: b!.id };
}

/** Every table with a tenantId column (so a new tenant-owned table is in the snapshot without a change here). */
export async function tenantTables(db: Db): Promise<string[]> {
  const rows = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'tenantId' ORDER BY table_name`;
  return rows.map((r) => r.table_name);
}

export type Snapshot = Map<string, string>;

/** A school's data as row counts and a checksum of every row, per table (its Tenant row included). */
export async function snapshot(db: Db, tenantId: number): Promise<Snapshot> {
  const result: Snapshot = new Map();
  const tables = [...(await tenantTables(db)).map((t) => [t, `t."tenantId" = $1`] as const), ["Tenant", `t.id = $1`] as const];
  for (const [table, where] of tables) {
    const [row] = await db.$queryRawUnsafe<{ n: number; h: string }[]>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t WHERE ${where}`,
      tenantId,
    );
    result.set(table, `${row!.n} rows ${row!.h}`);
  }
  return result;
}

/** The tables whose rows differ between two snapshots, each with both states. */
export const changedTables = (before: Snapshot, after: Snapshot) =>
  [...after].filter(([table, state]) => before.get(table) !== state).map(([table, state]) => `${table}: ${before.get(table)} → ${state}`);
