import { labelKeyOf } from "@pizarra/contracts";
import { fieldRefusal } from "../http/app-error.ts";
import type { AuthedContext } from "../http/context.ts";

type Row = Record<string, unknown>;

/** A message about one field of a resource, in the caller's language: `key`'s :attribute is the field's label. */
export const fieldMessage = (ctx: AuthedContext, resource: string, field: string, key = "validation.required", values: Record<string, string | number> = {}) =>
  ctx.t(key, { attribute: ctx.t(labelKeyOf({ id: resource })(field)), ...values });

/** Refuses one field of a resource with that message. */
export function refuse(ctx: AuthedContext, resource: string, field: string, key = "validation.required", values: Record<string, string | number> = {}): never {
  throw fieldRefusal(field, fieldMessage(ctx, resource, field, key, values));
}

/** A value as it will be once saved: the one sent, else the stored one (a partial edit sends only what changed); null when neither. */
export const merged = <T = unknown>(data: Row, current: Row | null, field: string): T =>
  (data[field] === undefined ? (current?.[field] ?? null) : data[field]) as T;

/** A from/to pair must run forwards, the stored side counting on a partial edit; the refusal names the `to` field. */
export function assertForwardRange(ctx: AuthedContext, data: Row, current: Row | null, from = "from", to = "to"): void {
  const start = merged(data, current, from);
  const end = merged(data, current, to);
  if (start instanceof Date && end instanceof Date && start > end) throw fieldRefusal(to, ctx.t("api.periodRange"));
}
