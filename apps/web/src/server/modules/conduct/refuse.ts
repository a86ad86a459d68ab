import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";

/** Refuses one field's value in the caller's language, naming the field by its label (`resources.<id>.fields.<field>`). */
export function refuse(ctx: AuthedContext, resource: string, field: string, key: string): never {
  throw fieldRefusal(field, ctx.t(key, { attribute: ctx.t(`resources.${resource}.fields.${field}`) }));
}
