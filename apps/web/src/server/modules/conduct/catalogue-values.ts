import type { TCatalogueListAnswer, TCatalogueTypeParams, TConductPickQuery } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import type { AuthedContext, Reply } from "../../http/context.ts";
import type { ResourceServer } from "../../resource/factory.ts";
import { refuse } from "../../resource/refuse.ts";
import { containsText } from "../../resource/search-text.ts";

type Row = Record<string, unknown>;
type Db = Parameters<NonNullable<ResourceServer["decorate"]>>[0];

/** GET general/getlist/{type} (001 §7, e.g. trackingValues1): the active values of a catalogue type (admOtlt) by label; a value's code is its ID. */
export async function catalogueList(ctx: AuthedContext & { params: TCatalogueTypeParams; query: TConductPickQuery }): Promise<Reply<TCatalogueListAnswer>> {
  const text = ctx.query.filter?.trim();
  const rows = await ctx.db.catalogueValue.findMany({
    where: { type: ctx.params.type, inactive: false, ...(text ? { label: containsText(text) } : {}) },
    orderBy: [{ label: "asc" }, { id: "asc" }],
    select: { value: true, label: true },
  });
  const Results = rows.map((r) => ({ ID: r.value, name: r.label }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/**
 * Keeps the codes of a multiple choice as a clean list and refuses a code that is not an active value of its
 * catalogue type; a code the record already holds stays acceptable after its value is switched off.
 */
export async function checkCodes(tx: TenantTx, ctx: AuthedContext, resource: string, field: string, type: string, data: Row, kept: readonly string[]) {
  if (data[field] === undefined) return;
  const codes = [...new Set(((data[field] as unknown[] | null) ?? []).map(String))];
  data[field] = codes;
  const fresh = codes.filter((c) => !kept.includes(c));
  if (fresh.length === 0) return;
  const found = await tx.catalogueValue.count({ where: { type, value: { in: fresh }, inactive: false } });
  if (found !== fresh.length) refuse(ctx, resource, field, "validation.option");
}

/** Fills `<field>Names` on each row with the labels of its codes (`values1` → `values1Names`), in one query per page. */
export function catalogueNames(fields: readonly { field: string; type: string }[]) {
  return async (db: Db, rows: Row[]) => {
    const codes = [...new Set(rows.flatMap((r) => fields.flatMap(({ field }) => (r[field] as string[] | undefined) ?? [])))];
    const where = { type: { in: fields.map((f) => f.type) }, value: { in: codes } };
    const values = codes.length ? await db.catalogueValue.findMany({ where, select: { type: true, value: true, label: true } }) : [];
    const labels = new Map(values.map((v) => [`${v.type}|${v.value}`, v.label]));
    for (const row of rows) {
      for (const { field, type } of fields) {
        if (!(field in row)) continue;
        row[`${field}Names`] = ((row[field] as string[]) ?? []).map((c) => labels.get(`${type}|${c}`) ?? c).join(", ");
      }
    }
  };
}
