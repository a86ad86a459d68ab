"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { apiGet, refreshReads } from "@/client/api-query.ts";
import { scopeQuery, type ListScope } from "./list-query.ts";
import type { ListAnswer, Query, Row } from "./types.ts";

/** A list whose rows are moving (a send running) reads itself again this often: it follows, at little cost. */
const LIVE_POLL_MS = 4000;
const NOTHING_YET: ListAnswer = { Results: [], RowCount: 0, PageCount: 1 };

export interface ResourceList {
  rows: Row[];
  /** -1 while the total was not counted (spec 000 §2.7). */
  rowCount: number;
  /** The last page: counted, found by the bounded count, or still the spec's estimate (`lastPageKnown` false). */
  pageCount: number;
  /** False while `pageCount` is only the estimate: a page past the current one's next may then hold no rows. */
  lastPageKnown: boolean;
  page: number;
  pageSize: number;
  loading: boolean;
  /** Set when the last load failed. */
  failed: boolean;
  setPage: (page: number) => void;
  /** The '[Total]' link: counts every record of the current scope, and keeps counting while the scope stays. */
  countTotal: () => void;
  reload: () => void;
}

/**
 * One page of `{resource}/get` for a scope; a new scope starts again at page 1 and uncounted, and the rows shown stay
 * until the next page's arrive. While the total is uncounted the answer's page count is the spec's estimate, so the
 * list also asks, beside the page, how many of the estimated pages hold rows (`count=estimate`, once per scope and
 * reload) and offers no page past them. A list whose rows the definition calls live (`liveWhile`) reads its page
 * again every few seconds while the tab is in view, and at once when it comes back into view.
 */
export function useResourceList(def: ResourceDef, scope: ListScope): ResourceList {
  const client = useQueryClient();
  const path = `${def.id}/get`;
  const scopeKey = JSON.stringify(scopeQuery(def, scope));
  const [state, setState] = useState({ scopeKey, page: 1, counted: false });
  const current = state.scopeKey === scopeKey ? state : { scopeKey, page: 1, counted: false };
  if (current !== state) setState(current);
  const base = useMemo(() => JSON.parse(current.scopeKey) as Query, [current.scopeKey]);

  const live = def.liveWhile;
  const isLive = useCallback(
    (answer: ListAnswer | undefined) => Boolean(live && answer?.Results.some((row) => live.values.includes(row[live.field] as string | number))),
    [live],
  );
  const list = useQuery({
    ...apiGet<ListAnswer>(path, { query: { ...base, PageSize: def.pageSize, page: current.page, count: current.counted ? "true" : undefined } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isLive(query.state.data) ? LIVE_POLL_MS : false),
    refetchOnWindowFocus: (query) => isLive(query.state.data),
  });
  const loaded = list.isSuccess && !list.isPlaceholderData;
  const answer = list.data ?? NOTHING_YET;

  // A page that is no longer there (its last rows were deleted): the one before it, or the counted last one.
  const gone = loaded && answer.Results.length === 0 && current.page > 1;
  if (gone) setState({ ...current, page: Math.max(1, Math.min(current.page - 1, answer.PageCount)) });

  // Asked again only by a reload (which invalidates it with the pages), never by paging within the scope; a reload
  // keeps the scope's last bound until the new one arrives: it is off by the few rows saved or deleted since.
  const uncounted = answer.RowCount < 0;
  const bound = useQuery({
    ...apiGet<ListAnswer>(path, { query: { ...base, PageSize: def.pageSize, count: "estimate" } }),
    enabled: !current.counted && loaded && uncounted,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const bounded = bound.data?.PageCount;

  const reload = useCallback(() => void refreshReads(client, path), [client, path]);
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  const { counted } = current;
  const countTotal = useCallback(() => (counted ? reload() : setState((s) => ({ ...s, counted: true }))), [counted, reload]);

  // An uncounted page is full and has a next one, whatever an older bound says.
  const pageCount = uncounted && bounded !== undefined ? Math.max(current.page + 1, bounded) : Math.max(1, answer.PageCount || 1);
  const loading = list.isFetching || gone;
  const failed = list.isError;
  return useMemo(
    () => ({
      rows: answer.Results ?? [],
      rowCount: answer.RowCount,
      pageCount,
      lastPageKnown: !uncounted || bounded !== undefined,
      page: current.page,
      pageSize: def.pageSize,
      loading,
      failed,
      setPage,
      countTotal,
      reload,
    }),
    [answer, pageCount, uncounted, bounded, current.page, def.pageSize, loading, failed, setPage, countTotal, reload],
  );
}
