import { RECORD_ID_MAX } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import { merged, refuse } from "../../resource/refuse.ts";

type Row = Record<string, unknown>;
/** The stored row an edit changes: one this school does not have is not found, before any other check. */
export function stored<T>(row: T | null): T {
  if (!row) throw notFound();
  return row;
}

/** The record ids a multiple select carries (none for an empty one); anything else refuses the field. */
export function idList(ctx: AuthedContext, resource: string, field: string, value: unknown): number[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= RECORD_ID_MAX)) refuse(ctx, resource, field, "validation.option");
  return [...new Set(list as number[])];
}

/** Refuses the field unless every id is a record that `count` finds (the tenant's own, by the scoped client). */
export async function assertFound(
  ctx: AuthedContext,
  resource: string,
  field: string,
  ids: number[],
  count: (ids: number[]) => Promise<number>,
): Promise<void> {
  if (ids.length > 0 && (await count(ids)) !== ids.length) refuse(ctx, resource, field, "validation.option");
}

/** The category must be one of this school's categories of the given types (admCategory). */
export async function assertCategory(tx: TenantTx, ctx: AuthedContext, resource: string, data: Row, types: readonly string[]): Promise<void> {
  const [id] = idList(ctx, resource, "categoryId", data.categoryId);
  if (id !== undefined && (await tx.category.count({ where: { id, type: { in: [...types] } } })) === 0)
    refuse(ctx, resource, "categoryId", "validation.option");
}

/**
 * Who a publication or calendar activity is for: grades and sections of this school. A section's grade joins the
 * grades, so that filtering by grade finds what was addressed to one of its sections. A published one must be seen by
 * someone: guardians, students or teachers.
 */
export async function checkAudience(tx: TenantTx, ctx: AuthedContext, resource: string, data: Row, current: Row | null): Promise<void> {
  if (data.superSections !== undefined || data.sections !== undefined) {
    const grades = idList(ctx, resource, "superSections", merged(data, current, "superSections"));
    const sectionIds = idList(ctx, resource, "sections", merged(data, current, "sections"));
    await assertFound(ctx, resource, "superSections", grades, (ids) => tx.superSection.count({ where: { id: { in: ids } } }));
    const sections = sectionIds.length ? await tx.section.findMany({ where: { id: { in: sectionIds } }, select: { parentId: true } }) : [];
    if (sections.length !== sectionIds.length) refuse(ctx, resource, "sections", "validation.option");
    data.superSections = [...new Set([...grades, ...sections.map((s) => s.parentId)])];
    data.sections = sectionIds;
  }
  const seen = ["accessPrincipal", "accessDependant", "accessMaster"].some((f) => merged(data, current, f) === true);
  if (merged(data, current, "published") === true && !seen) throw fieldRefusal("accessPrincipal", ctx.t("api.noAudience"));
}
