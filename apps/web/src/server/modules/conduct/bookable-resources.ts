import { STAFF_PERSON_TYPES, type TActiveResourcesAnswer } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { refuse } from "../../resource/refuse.ts";

const RESOURCE = "admResource";

/** A resource's person is a member of staff, and a person has one agenda (a teacher's is how they book, 001 §5). */
export const bookableResourceRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    if (data.userId === undefined || data.userId === null) return;
    const userId = Number(data.userId);
    const staff = await tx.user.findFirst({ where: { id: userId, type: { in: [...STAFF_PERSON_TYPES] } }, select: { id: true } });
    if (!staff) refuse(ctx, RESOURCE, "userId", "validation.option");
    const other = await tx.bookingResource.findFirst({ where: { userId, ...(id === null ? {} : { NOT: { id: Number(id) } }) }, select: { id: true } });
    if (other) refuse(ctx, RESOURCE, "userId", "conduct.resourceTaken");
  },
};

/** GET admResource/active (001 §7): the resources that take appointments, as a pick list for any signed-in user. */
export async function activeResources(ctx: AuthedContext): Promise<Reply<TActiveResourcesAnswer>> {
  const rows = await ctx.db.bookingResource.findMany({
    where: { inactive: false },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, desc: true },
  });
  const Results = rows.map((r) => ({ ID: r.id, name: r.name, desc: r.desc }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}
