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
  pageCount: number;
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

/** One page of `{resource}/get` for a scope; a new scope starts again at page 1 and uncounted. */
export function useResourceList(def: ResourceDef, scope: ListScope): ResourceList {
  const scopeKey = JSON.stringify(scopeQuery(def, scope));
  const [state, setState] = useState({ scopeKey, page: 1, counted: false, nonce: 0 });
  const current = state.scopeKey === scopeKey ? state : { scopeKey, page: 1, counted: false, nonce: state.nonce };
  if (current !== state) setState(current);

  const [answer, setAnswer] = useState<ListAnswer>({ Results: [], RowCount: 0, PageCount: 1 });
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const query = {
      ...(JSON.parse(current.scopeKey) as Record<string, string>),
      PageSize: def.pageSize,
      page: current.page,
      count: current.counted ? "true" : undefined,
    };
    void api.get<ListAnswer>(`${def.id}/get`, { query, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      setFailed(!result.ok);
      if (result.ok && result.envelope.data) setAnswer(result.envelope.data);
    });
    return () => controller.abort();
  }, [def.id, def.pageSize, current.scopeKey, current.page, current.counted, current.nonce]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  const countTotal = useCallback(() => setState((s) => ({ ...s, counted: true, nonce: s.nonce + 1 })), []);
  const reload = useCallback(() => setState((s) => ({ ...s, nonce: s.nonce + 1 })), []);

  return useMemo(
    () => ({
      rows: answer.Results ?? [],
      rowCount: answer.RowCount,
      pageCount: Math.max(1, answer.PageCount || 1),
      page: current.page,
      pageSize: def.pageSize,
      loading,
      failed,
      setPage,
      countTotal,
      reload,
    }),
    [answer, current.page, def.pageSize, loading, failed, setPage, countTotal, reload],
  );
}
