"use client";

import type { TJustificationAnswer, TJustificationPageAnswer } from "@pizarra/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiGet, apiKey, refreshReads } from "@/client/api-query.ts";
import { useDebounced } from "@/client/use-debounced.ts";
import { FILTER_DEBOUNCE_MS } from "../resource/filter-form.tsx";
import { type JustificationFilters, listQuery } from "./justification-model.ts";

const PATH = "admJustification/get";

export interface JustificationList {
  /** null until the first answer. */
  items: TJustificationAnswer[] | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
  /** A card changed by a review or an edit, put in place without loading the list again. */
  replace: (item: TJustificationAnswer) => void;
  remove: (id: number) => void;
}

/**
 * GET admJustification/get/ for the filters in force, 300 ms after they stop changing (000 §9), the whole range in one
 * page (002 §9). The cards of the last answer stay while the next one loads.
 */
export function useJustifications(filters: JustificationFilters): JustificationList {
  const wanted = JSON.stringify(listQuery(filters));
  // A change of filters waits for the next one; the first load and a reload go at once.
  const settled = useDebounced(wanted, FILTER_DEBOUNCE_MS);
  const client = useQueryClient();
  const list = useQuery({
    ...apiGet<TJustificationPageAnswer>(PATH, { query: JSON.parse(settled) as Record<string, string> }),
    placeholderData: keepPreviousData,
  });

  const reload = useCallback(() => void refreshReads(client, PATH), [client]);
  // Every list read holding the card changes with it, the one still shown while the next filters load included.
  const edit = useCallback(
    (change: (items: TJustificationAnswer[]) => TJustificationAnswer[]) =>
      client.setQueriesData<TJustificationPageAnswer>({ queryKey: apiKey(PATH) }, (old) => (old ? { ...old, Results: change(old.Results ?? []) } : old)),
    [client],
  );
  const replace = useCallback((item: TJustificationAnswer) => edit((items) => items.map((j) => (j.ID === item.ID ? item : j))), [edit]);
  const remove = useCallback((id: number) => edit((items) => items.filter((j) => j.ID !== id)), [edit]);
  return {
    items: list.data ? (list.data.Results ?? []) : null,
    loading: list.isFetching || wanted !== settled,
    failed: list.isError,
    reload,
    replace,
    remove,
  };
}
