import type { ResourceDef } from "@pizarra/contracts";
import type { Query } from "./types.ts";

/** What narrows a list: the filter form's values, the search box and the parent record of a sub-grid. */
export interface ListScope {
  filters: Record<string, unknown>;
  search: string;
  parentId?: string | number;
}

/**
 * The query shared by the list, the Excel export and Print (spec 000 §7 "Export and print": the same filter
 * fields, parentId and search filter). Empty filter values are left out; the search goes to every search field.
 */
export function scopeQuery(def: ResourceDef, scope: ListScope): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(scope.filters)) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    query[name] = Array.isArray(value) ? value.join(",") : (value as string | number | boolean);
  }
  const text = scope.search.trim();
  if (text && def.search?.length) {
    query.filterBy = def.search.join(",");
    query.filter = text;
  }
  if (scope.parentId !== undefined && scope.parentId !== null && scope.parentId !== "") query.parentId = scope.parentId;
  return query;
}
