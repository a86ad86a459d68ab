import { fullName } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import { parseDateTime } from "./values.ts";

/** The name of an included relation (a grade, a category …), or null. */
export const nameOf = (relation: unknown) => (relation as { name?: string } | null)?.name ?? null;

export { fullName };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date filter's day at the school's UTC-5: its first minute, and the first minute of the next day. */
export const dayStart = (value: unknown) => parseDateTime(`${String(value)} 00:00`);
export const dayEnd = (value: unknown) => new Date(dayStart(value).getTime() + DAY_MS);

type Row = Record<string, unknown>;

/** How many rows of an included `_count` relation a record has (0 when it was not counted). */
export const countOf = (record: Row, relation: string) => ((record._count as Row | undefined)?.[relation] as number | undefined) ?? 0;

/** A decorate step: fills `target` on each row with the full name of the user whose id is in `source`, in one query. */
export function namesOf(source: string, target: string) {
  return async (db: TenantDb | TenantTx, rows: Row[], ctx: { user: { givenNamesFirst: boolean } }) => {
    const ids = [...new Set(rows.map((r) => r[source]).filter((v): v is number => typeof v === "number"))];
    if (ids.length === 0) return;
    const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, last: true, last2: true } });
    const byId = new Map(users.map((u) => [u.id, fullName(u, ctx.user.givenNamesFirst)]));
    for (const row of rows) row[target] = byId.get(row[source] as number) ?? null;
  };
}
