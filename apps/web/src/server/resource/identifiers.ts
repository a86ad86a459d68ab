import { labelKeyOf, type ResourceDef } from "@pizarra/contracts";
import { Prisma } from "@pizarra/db";
import { type AppError, fieldRefusal } from "../http/app-error.ts";
import type { AuthedContext } from "../http/context.ts";

type Row = Record<string, unknown>;

/** A field no two rows of a model in one school may share, and the column where the database claims its value. */
export type Identifiers = Readonly<Record<string, string>>;

interface Delegate {
  findFirst(args: object): Promise<Row | null>;
  count(args: object): Promise<number>;
}

/** How the database keys a claimed value (the trigger of migration 20261125100000 does the same: trimmed, lower-case). */
const keyOf = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() || null : null);

/**
 * One code, one e-mail per person of a school: a write that gives a field of `identifiers` a value another
 * row of the model already claims is refused naming the field. The check looks at the whole model, not the resource's
 * scope: a relative may not take a student's code. A row that shared its value before the rule came in (and so
 * claims nothing) may still be saved while that value is left as it is. The unique index behind the claim column
 * settles two saves racing for one value; `takenRefusal` turns the loser's error into the same answer.
 */
export function identifierRules(def: ResourceDef, identifiers: Identifiers) {
  const label = labelKeyOf(def);
  const refusal = (ctx: AuthedContext, field: string) => fieldRefusal(field, ctx.t("validation.taken", { attribute: ctx.t(label(field)) }));

  async function refuseTaken(model: Delegate, ctx: AuthedContext, data: Row, id: number | string | null): Promise<void> {
    const given = Object.keys(identifiers).filter((field) => keyOf(data[field]) !== null);
    if (given.length === 0) return;
    const before = id === null ? null : await model.findFirst({ where: { id }, select: Object.fromEntries(given.map((f) => [f, true])) });
    for (const field of given) {
      const key = keyOf(data[field]);
      if (before && keyOf(before[field]) === key) continue;
      const others = await model.count({ where: { [identifiers[field]!]: key, ...(id === null ? {} : { NOT: { id } }) } });
      if (others > 0) throw refusal(ctx, field);
    }
  }

  function takenRefusal(error: unknown, ctx: AuthedContext): AppError | null {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return null;
    const said = JSON.stringify(error.meta ?? {}) + error.message;
    const field = Object.keys(identifiers).find((f) => said.includes(identifiers[f]!));
    return field ? refusal(ctx, field) : null;
  }

  return { refuseTaken, takenRefusal };
}
