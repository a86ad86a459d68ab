"use client";

import type { TJustification } from "@pizarra/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/client/api.ts";
import { FILTER_DEBOUNCE_MS } from "../resource/filter-form.tsx";
import type { ListAnswer } from "../resource/types.ts";
import { type JustificationFilters, listQuery } from "./justification-model.ts";

export interface JustificationList {
  /** null until the first answer. */
  items: TJustification[] | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
  /** A card changed by a review or an edit, put in place without loading the list again. */
  replace: (item: TJustification) => void;
  remove: (id: number) => void;
}

/**
 * GET admJustification/get/ for the filters in force, 300 ms after they stop changing (000 §9), the whole range in one
 * page (002 §9). The cards of the last answer stay while the next one loads.
 */
export function useJustifications(filters: JustificationFilters): JustificationList {
  const key = JSON.stringify(listQuery(filters));
  const [items, setItems] = useState<TJustification[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [nonce, setNonce] = useState(0);
  const loadedKey = useRef<string | null>(null);

  useEffect(() => {
    // A change of filters waits for the next one; the first load and a reload go at once.
    const delay = loadedKey.current !== null && loadedKey.current !== key ? FILTER_DEBOUNCE_MS : 0;
    loadedKey.current = key;
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(
      () =>
        void api
          .get<ListAnswer<TJustification>>("admJustification/get", { query: JSON.parse(key) as Record<string, string>, signal: controller.signal })
          .then((result) => {
            if (controller.signal.aborted) return;
            setLoading(false);
            setFailed(!result.ok);
            if (result.ok) setItems(result.envelope.data?.Results ?? []);
          }),
      delay,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const replace = useCallback((item: TJustification) => setItems((list) => list?.map((j) => (j.ID === item.ID ? item : j)) ?? list), []);
  const remove = useCallback((id: number) => setItems((list) => list?.filter((j) => j.ID !== id) ?? list), []);
  return { items, loading, failed, reload, replace, remove };
}
