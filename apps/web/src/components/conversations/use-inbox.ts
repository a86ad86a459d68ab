"use client";

import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_POLL_MS,
  DETAIL_EVERY_TICKS,
  type TConversationDetail,
  type TConversationListAnswer,
  type TConversationMessage,
  type TConversationMessagesAnswer,
  type TConversationType,
  type TReplyTemplate,
} from "@pizarra/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { api } from "@/client/api.ts";
import { apiGet, apiKey, refreshReads } from "@/client/api-query.ts";
import { withMessage } from "./inbox-model.ts";

export const LIST_PATH = "admConversations/get";
export const detailPath = (id: number) => `admConversations/get/${id}`;
export const messagesPath = (id: number) => `admConversations/${id}/messages`;

/**
 * GET admConversations/get for a tab and a search, the pages read so far ("load more" asks for one more), polled every
 * 10 s while the browser tab is shown (002 §9). The rows of the last answer stay while the next one loads.
 */
export function useConversationList(type: TConversationType, search: string, pages: number) {
  const list = useQuery({
    ...apiGet<TConversationListAnswer>(LIST_PATH, {
      query: { type, search, page: 1, PageSize: CONVERSATION_PAGE_SIZE * pages },
      notify: "first",
    }),
    placeholderData: keepPreviousData,
    refetchInterval: CONVERSATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return {
    rows: list.data?.Results ?? null,
    total: list.data?.RowCount ?? 0,
    loading: list.isFetching,
    failed: list.isError && !list.data,
  };
}

/**
 * One conversation: its messages polled every 10 s, and its details on every third tick (002 §9), both paused while the
 * browser tab is hidden. `null` id: nothing selected, nothing read.
 */
export function useConversation(id: number | null) {
  const enabled = id !== null;
  const messages = useQuery({
    ...apiGet<TConversationMessagesAnswer>(messagesPath(id ?? 0), { notify: "first" }),
    enabled,
    refetchInterval: CONVERSATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const detail = useQuery({
    ...apiGet<TConversationDetail>(detailPath(id ?? 0), { notify: "first" }),
    enabled,
    refetchInterval: CONVERSATION_POLL_MS * DETAIL_EVERY_TICKS,
    refetchIntervalInBackground: false,
  });
  return {
    messages: enabled ? (messages.data?.Results ?? null) : null,
    detail: enabled ? (detail.data ?? null) : null,
    failed: messages.isError && !messages.data,
  };
}

/** The actions on a conversation: each answers the conversation as it left it, shown at once, and the list is refreshed. */
export function useConversationActions(id: number | null) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const keep = useCallback(
    (detail: TConversationDetail) => {
      client.setQueryData(apiGet<TConversationDetail>(detailPath(detail.ID)).queryKey, detail);
      void refreshReads(client, LIST_PATH);
    },
    [client],
  );
  const act = useCallback(
    async (action: "close" | "reopen" | "takeover" | "assign" | "link", body: Record<string, unknown> = {}) => {
      if (id === null) return false;
      setBusy(action);
      const result = await api.post<TConversationDetail>(`admConversations/${id}/${action}`, body);
      setBusy(null);
      if (!result.ok || !result.envelope.data) return false;
      keep(result.envelope.data);
      return true;
    },
    [id, keep],
  );
  /** The reply the POST answered, in the pane at once; the next poll brings its delivery state. */
  const addMessage = useCallback(
    (message: TConversationMessage) => {
      if (id === null) return;
      client.setQueryData<TConversationMessagesAnswer>(apiGet(messagesPath(id)).queryKey, (old) => ({
        Results: withMessage(old?.Results ?? [], message),
      }));
      void refreshReads(client, detailPath(id), LIST_PATH);
    },
    [client, id],
  );
  return { act, busy, addMessage };
}

/** The approved templates a reply outside WhatsApp's window may use (read only when the window has closed). */
export function useReplyTemplates(id: number, wanted: boolean): TReplyTemplate[] | null {
  const { data } = useQuery({ ...apiGet<{ Results: TReplyTemplate[] }>(`admConversations/${id}/templates`), enabled: wanted });
  return data?.Results ?? null;
}

/** The current time, moved on every `everyMs`: what the timer badges count down from. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Forgets a conversation's reads once another is chosen: selecting one starts from empty messages (002 §4). */
export function useForgetConversation() {
  const client = useQueryClient();
  return useCallback((id: number) => client.removeQueries({ queryKey: apiKey(messagesPath(id)) }), [client]);
}
