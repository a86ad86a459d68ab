"use client";

import type { FieldDef } from "@pizarra/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { api } from "@/client/api.ts";
import { answerOf, apiGet, apiKey } from "@/client/api-query.ts";
import { useDebounced } from "@/client/use-debounced.ts";
import type { ResourceText } from "../resource-text.ts";
import type { ListAnswer, PickOption } from "../types.ts";
import { isBlank } from "../values.ts";

/** Spec 000 §9: option search debounce 400 ms. */
export const OPTION_SEARCH_DEBOUNCE_MS = 400;

const NO_OPTIONS: PickOption[] = [];

/**
 * Names of picked records seen so far, by resource and ID: the label of a value that is not on the current page. An
 * index filled from the pick-list reads, not a cache of them: the print summary and the notification wizard read it
 * outside React, by resource, whatever list path the names came from.
 */
const pickNames = new Map<string, string>();
const pickKey = (resource: string, id: unknown) => `${resource}|${String(id)}`;

export function knownPickName(resource: string, id: unknown): string | undefined {
  return pickNames.get(pickKey(resource, id));
}

/** The query of a pick list (spec 000 §7 "Option lists"): its fixed query, the parent's value and the search text. */
function pickQuery(field: FieldDef, dependsValue: unknown, search: string) {
  const source = field.options?.kind === "resource" ? field.options : null;
  const query: Record<string, string> = { pick: "true", ...source?.query };
  if (source?.dependsOn && !isBlank(dependsValue)) query[source.dependsParam ?? source.dependsOn] = String(dependsValue);
  if (search.trim()) {
    query.filterBy = "name";
    query.filter = search.trim();
  }
  return query;
}

/**
 * The options of a choice field: a fixed list labelled from the catalogue (`resources.<id>.options.<field>.<value>`),
 * or another resource's pick list, narrowed by the parent field's value and searched 400 ms after typing stops. The
 * options shown stay while the next ones load.
 */
export function useFieldOptions(field: FieldDef, text: ResourceText, dependsValue: unknown, search = "", enabled = true) {
  const source = field.options;
  const fixed = useMemo<PickOption[] | null>(
    () => (source?.kind === "values" ? source.values.map((value) => ({ ID: value, name: text.option(field.name, value) })) : null),
    [source, text, field.name],
  );
  const resource = source?.kind === "resource" ? source.resource : null;
  // A list of its own (the location cascade, general/get…) has a path; a resource's pick list is `{resource}/get`.
  const listPath = source?.kind === "resource" ? (source.path ?? `${source.resource}/get`) : "";
  // A search waits for the typing to stop; clearing it, or a new parent value, asks at once.
  const typed = search.trim() ? search : "";
  const settled = useDebounced(typed, typed ? OPTION_SEARCH_DEBOUNCE_MS : 0);
  const { data, isFetching } = useQuery({
    ...apiGet<ListAnswer<PickOption>>(listPath, { query: pickQuery(field, dependsValue, settled) }),
    enabled: resource !== null && enabled,
    placeholderData: keepPreviousData,
  });
  // From the answer shown rather than from the call: another screen may have read the same list first.
  useEffect(() => {
    if (resource) for (const option of data?.Results ?? []) pickNames.set(pickKey(resource, option.ID), option.name);
  }, [resource, data]);

  if (fixed) return { options: fixed, loading: false };
  return { options: data?.Results ?? NO_OPTIONS, loading: enabled && (isFetching || settled !== typed) };
}

/**
 * The label of a picked value that is not among the loaded options: the names seen in pick lists, else the record
 * itself named the way its definition names pick rows (`pick.name`), else the raw value.
 */
export function usePickLabel(resource: string | null, value: unknown): string {
  const cacheKey = resource && !isBlank(value) ? pickKey(resource, value) : null;
  const seen = cacheKey ? pickNames.get(cacheKey) : undefined;
  const path = `${resource}/get/${encodeURIComponent(String(value))}`;
  const { data: named } = useQuery({
    queryKey: [...apiKey(path), "pickName"],
    queryFn: async ({ signal }) => {
      // The definitions are fetched only for a value none of the loaded options named (most pick lists never need them).
      const def = (await import("@pizarra/contracts/resources")).resourceDef(resource ?? "");
      if (!def) return null;
      const record = await answerOf(api.get<Record<string, unknown>>(path, { signal, notify: false }));
      if (!record) return null;
      const name = def.pick.name
        .map((f) => record[f])
        .filter((v) => !isBlank(v))
        .join(" ");
      if (cacheKey) pickNames.set(cacheKey, name);
      return name;
    },
    enabled: cacheKey !== null && seen === undefined,
  });
  const known = seen ?? named ?? undefined;
  return known ?? (isBlank(value) ? "" : String(value));
}
