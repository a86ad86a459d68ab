import { fieldErrors, validationErrorMap } from "@pizarra/contracts";
import type { z } from "zod";
import { validationRefusal } from "./app-error.ts";
import type { BaseContext } from "./context.ts";

/** Parses with a contract schema; a failure names each field in the caller's language (labels under `labelKey`). */
export function parseOrRefuse<T>(schema: z.ZodType<T>, input: unknown, t: BaseContext["t"], labelKey?: (field: string) => string): T {
  const result = schema.safeParse(input, { error: validationErrorMap(t, labelKey) });
  if (result.success) return result.data;
  throw validationRefusal(fieldErrors(result.error));
}

/**
 * Labels a schema's own fields (`names`) with `labelKey` (a resource's labels) and anything else with `fields.<name>`:
 * a body that is no object at all is "value", a path's id "id", as on every other route.
 */
export function ownLabels(names: Iterable<string>, labelKey: (field: string) => string): (field: string) => string {
  const own = new Set(names);
  return (field) => (own.has(field) ? labelKey(field) : `fields.${field}`);
}
