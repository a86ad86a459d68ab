import { deepLinkHref, type LinkActionDef } from "@pizarra/contracts";
import type { Row } from "./types.ts";

/**
 * Where a link action goes (000 §2.1): its module with a type-0 deep link whose keys take the row's fields (`ID` its
 * key, a list's first item), or the filters' values for a toolbar action; a key without a value is left out.
 */
export function linkHref(action: LinkActionDef, row: Row | null, filters: Record<string, unknown>): string {
  const params = Object.entries(action.link.params).flatMap(([key, field]) => {
    const value = row ? row[field] : filters[field];
    const one: unknown = Array.isArray(value) ? value[0] : value;
    return one === undefined || one === null || one === "" ? [] : [[key, one]];
  });
  return deepLinkHref({ type: 0, module: action.link.module, ...Object.fromEntries(params) });
}
