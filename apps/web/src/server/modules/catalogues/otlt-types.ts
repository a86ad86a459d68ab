import type { TOtltTypesAnswer } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../../http/context.ts";

/** GET admOtlt/types (001 §7): the catalogue types in use, as a pick list. */
export async function otltTypes(ctx: AuthedContext): Promise<Reply<TOtltTypesAnswer>> {
  const rows = await ctx.db.catalogueValue.findMany({ distinct: ["type"], select: { type: true }, orderBy: { type: "asc" } });
  const Results = rows.map((r) => ({ ID: r.type, name: r.type }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}
