"use client";

import type { TConversationType } from "@pizarra/contracts";
import { cn } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDebounced } from "@/client/use-debounced.ts";
import { FILTER_DEBOUNCE_MS } from "../resource/filter-form.tsx";
import { ChatPane } from "./chat-pane.tsx";
import { ContactSidebar } from "./contact-sidebar.tsx";
import { ConversationList } from "./conversation-list.tsx";
import { useConversation, useConversationActions, useConversationList, useForgetConversation, useNow } from "./use-inbox.ts";

/** The pane a narrow screen shows; from the large breakpoint up all three stand side by side. */
type Pane = "list" | "chat" | "info";

/** The timer badges count down between polls. */
const CLOCK_MS = 15_000;

/**
 * admConversations (002 §2 "Conversations inbox", §4 "Conversations"): the tab's conversations on the left, the chosen
 * one's messages in the centre, its contact and actions on the right. Read-only staff see it all without the reply box
 * or the actions.
 */
export function InboxScreen({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("inbox");
  const [type, setType] = useState<TConversationType>("human");
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [pane, setPane] = useState<Pane>("list");
  const now = useNow(CLOCK_MS);
  const settled = useDebounced(search.trim(), FILTER_DEBOUNCE_MS);
  const list = useConversationList(type, settled, pages);
  const conversation = useConversation(selected);
  const actions = useConversationActions(selected);
  const forget = useForgetConversation();

  // 002 §4: selecting starts from empty messages and leaves the sidebar closed. The one shown keeps its read: its
  // poll and the reply just sent live in it.
  const select = (id: number | null) => {
    if (id !== null && id !== selected) forget(id);
    setSelected(id);
    setPane(id === null ? "list" : "chat");
  };
  // 002 §4: a tab change clears the selection and reloads the list.
  const changeType = (next: TConversationType) => {
    setType(next);
    setPages(1);
    select(null);
  };

  const column = (which: Pane) => cn("min-h-0 flex-col bg-card lg:flex", pane === which ? "flex" : "hidden");
  return (
    <div
      className="flex h-[calc(100dvh-12rem)] min-h-[30rem] overflow-hidden rounded-lg border lg:grid lg:grid-cols-[18rem_minmax(0,1fr)_18rem] xl:grid-cols-[20rem_minmax(0,1fr)_20rem]"
      data-testid="inbox-screen"
      data-pane={pane}
    >
      <section aria-label={t("listPane")} className={cn(column("list"), "flex-1 lg:border-r")}>
        <ConversationList
          type={type}
          onType={changeType}
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPages(1);
          }}
          rows={list.rows}
          total={list.total}
          loading={list.loading}
          failed={list.failed}
          selected={selected}
          onSelect={select}
          onMore={() => setPages((n) => n + 1)}
          now={now}
        />
      </section>
      <section aria-label={t("chatPane")} className={cn(column("chat"), "flex-1")}>
        {selected === null ? (
          <p className="m-auto max-w-xs p-6 text-center text-sm text-muted-foreground" data-testid="chat-none">
            {t("chooseConversation")}
          </p>
        ) : (
          <ChatPane
            detail={conversation.detail}
            messages={conversation.messages}
            failed={conversation.failed}
            canWrite={canWrite}
            busy={actions.busy}
            now={now}
            onBack={() => setPane("list")}
            onInfo={() => setPane("info")}
            onTakeover={() => void actions.act("takeover")}
            onReopen={() => void actions.act("reopen")}
            onSent={actions.addMessage}
          />
        )}
      </section>
      <aside aria-label={t("sidebarPane")} className={cn(column("info"), "flex-1 lg:border-l")}>
        <ContactSidebar
          detail={conversation.detail}
          canWrite={canWrite}
          busy={actions.busy}
          act={actions.act}
          onBack={() => setPane("chat")}
          onOpen={(id) => select(id)}
        />
      </aside>
    </div>
  );
}
