"use client";

import type { FieldDef } from "@pizarra/contracts";
import { useEffect, useMemo, useState } from "react";
import { api } from "@/client/api.ts";
import type { ResourceText } from "../resource-text.ts";
import type { ListAnswer, PickOption } from "../types.ts";
import { isBlank } from "../values.ts";

/** Spec 000 §9: option search debounce 400 ms. */
export const OPTION_SEARCH_DEBOUNCE_MS = 400;

/** Names of picked records seen so far, by resource and ID: the label of a value that is not on the current page. */
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
 * or another resource's pick list, narrowed by the parent field's value and searched 400 ms after typing stops.
 */
export function useFieldOptions(field: FieldDef, text: ResourceText, dependsValue: unknown, search = "", enabled = true) {
  const source = field.options;
  const fixed = useMemo<PickOption[] | null>(
    () => (source?.kind === "values" ? source.values.map((value) => ({ ID: value, name: text.option(field.name, value) })) : null),
    [source, text, field.name],
  );
  const [fetched, setFetched] = useState<{ key: string; options: PickOption[] } | null>(null);
  const resource = source?.kind === "resource" ? source.resource : null;
  // A list of its own (the location cascade, general/get…) has a path; a resource's pick list is `{resource}/get`.
  const listPath = source?.kind === "resource" ? (source.path ?? `${source.resource}/get`) : "";
  const key = resource ? JSON.stringify([resource, pickQuery(field, dependsValue, search)]) : "";

  useEffect(() => {
    if (!resource || !enabled) return;
    const controller = new AbortController();
    const [, query] = JSON.parse(key) as [string, Record<string, string>];
    const timer = window.setTimeout(
      () =>
        void api.get<ListAnswer<PickOption>>(listPath, { query, signal: controller.signal }).then((result) => {
          if (controller.signal.aborted || !result.ok) return;
          const options = result.envelope.data?.Results ?? [];
          for (const option of options) pickNames.set(pickKey(resource, option.ID), option.name);
          setFetched({ key, options });
        }),
      query.filter ? OPTION_SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [resource, listPath, key, enabled]);

  if (fixed) return { options: fixed, loading: false };
  return { options: fetched?.options ?? [], loading: enabled && fetched?.key !== key };
}

/**
 * The label of a picked value that is not among the loaded options: the cache, else the record itself named the way
 * its definition names pick rows (`pick.name`), else the raw value.
 */
export function usePickLabel(resource: string | null, value: unknown): string {
  const [loaded, setLoaded] = useState<Record<string, string>>({});
  const cacheKey = resource && !isBlank(value) ? pickKey(resource, value) : null;
  const known = cacheKey ? (pickNames.get(cacheKey) ?? loaded[cacheKey]) : undefined;

  useEffect(() => {
    if (!resource || !cacheKey || known !== undefined) return;
    const controller = new AbortController();
    // The definitions are fetched only for a value none of the loaded options named (most pick lists never need them).
    void import("@pizarra/contracts/resources").then(async ({ resourceDef }) => {
      const def = resourceDef(resource);
      if (!def || controller.signal.aborted) return;
      const result = await api.get<Record<string, unknown>>(`${def.id}/get/${encodeURIComponent(String(value))}`, { signal: controller.signal, notify: false });
      if (!result.ok || !result.envelope.data) return;
      const record = result.envelope.data;
      const name = def.pick.name
        .map((f) => record[f])
        .filter((v) => !isBlank(v))
        .join(" ");
      pickNames.set(cacheKey, name);
      setLoaded((prev) => ({ ...prev, [cacheKey]: name }));
    });
    return () => controller.abort();
  }, [resource, cacheKey, known, value]);

  return known ?? (isBlank(value) ? "" : String(value));
}
