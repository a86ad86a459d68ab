"use client";

import type { ResourceDef } from "@pizarra/contracts";
import { useCallback, useEffect, useMemo, useState } from "react";
import { api } from "@/client/api.ts";
import { scopeQuery, type ListScope } from "./list-query.ts";
import type { ListAnswer, Row } from "./types.ts";

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
  /** Set when the last load failed; the rows of the previous load stay. */
  failed: boolean;
  setPage: (page: number) => void;
  /** The '[Total]' link: counts every record of the current scope, and keeps counting while the scope stays. */
  countTotal: () => void;
  reload: () => void;
}

/**
 * One page of `{resource}/get` for a scope; a new scope starts again at page 1 and uncounted. While the total is
 * uncounted the answer's page count is the spec's estimate, so the list also asks, beside the page, how many of the
 * estimated pages hold rows (`count=estimate`, once per scope and reload) and offers no page past them.
 */
export function useResourceList(def: ResourceDef, scope: ListScope): ResourceList {
  const scopeKey = JSON.stringify(scopeQuery(def, scope));
  const [state, setState] = useState({ scopeKey, page: 1, counted: false, nonce: 0 });
  const current = state.scopeKey === scopeKey ? state : { scopeKey, page: 1, counted: false, nonce: state.nonce };
  if (current !== state) setState(current);
  const [loaded, setLoaded] = useState<{ key: string; answer: ListAnswer }>({ key: "", answer: { Results: [], RowCount: 0, PageCount: 1 } });
  const [bound, setBound] = useState<{ scopeKey: string; nonce: number; pageCount: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const answer = loaded.answer;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const query = {
      ...(JSON.parse(current.scopeKey) as Record<string, string>),
      PageSize: def.pageSize,
      page: current.page,
      count: current.counted ? "true" : undefined,
    };
    const key = current.scopeKey;
    void api.get<ListAnswer>(`${def.id}/get`, { query, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      const data = result.ok ? result.envelope.data : undefined;
      // A page that is no longer there (its last rows were deleted): the one before it, or the counted last one.
      if (data && data.Results.length === 0 && current.page > 1) {
        setState((s) => (s.page === current.page ? { ...s, page: Math.max(1, Math.min(current.page - 1, data.PageCount)) } : s));
        return;
      }
      setLoading(false);
      setFailed(!result.ok);
      if (data) setLoaded({ key, answer: data });
    });
    return () => controller.abort();
  }, [def.id, def.pageSize, current.scopeKey, current.page, current.counted, current.nonce]);

  // A reload keeps the scope's last bound until the new one arrives: it is off by the few rows saved or deleted since,
  // and a page found empty steps back.
  const bounded = bound?.scopeKey === current.scopeKey ? bound.pageCount : undefined;
  const boundDue = !(bound?.scopeKey === current.scopeKey && bound.nonce === current.nonce);
  const wantsBound = boundDue && !current.counted && loaded.key === current.scopeKey && answer.RowCount < 0;
  useEffect(() => {
    if (!wantsBound) return;
    const controller = new AbortController();
    const nonce = current.nonce;
    const query = { ...(JSON.parse(scopeKey) as Record<string, string>), PageSize: def.pageSize, count: "estimate" };
    void api.get<ListAnswer>(`${def.id}/get`, { query, signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted && result.ok && result.envelope.data) setBound({ scopeKey, nonce, pageCount: result.envelope.data.PageCount });
    });
    return () => controller.abort();
  }, [def.id, def.pageSize, scopeKey, current.nonce, wantsBound]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  const countTotal = useCallback(() => setState((s) => ({ ...s, counted: true, nonce: s.nonce + 1 })), []);
  const reload = useCallback(() => setState((s) => ({ ...s, nonce: s.nonce + 1 })), []);

  const uncounted = answer.RowCount < 0;
  // An uncounted page is full and has a next one, whatever an older bound says.
  const pageCount = uncounted && bounded !== undefined ? Math.max(current.page + 1, bounded) : Math.max(1, answer.PageCount || 1);
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
