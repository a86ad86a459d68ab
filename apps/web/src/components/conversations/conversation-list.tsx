"use client";

import { CONVERSATION_TYPES, SEARCH_MAX, type TConversationItem, type TConversationType } from "@pizarra/contracts";
import { Badge, Button, cn, Input } from "@pizarra/ui";
import { LoaderCircle, MessagesSquare, Search, UserRoundX } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { aiTimer, conversationTime, fullTime } from "./inbox-model.ts";
import { LoadingLine } from "./loading-line.tsx";
import { TimerBadge } from "./timer-badge.tsx";

interface ConversationListProps {
  type: TConversationType;
  onType: (type: TConversationType) => void;
  search: string;
  onSearch: (search: string) => void;
  rows: TConversationItem[] | null;
  total: number;
  loading: boolean;
  failed: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  onMore: () => void;
  now: Date;
}

function Row({ item, selected, onSelect, now }: { item: TConversationItem; selected: boolean; onSelect: () => void; now: Date }) {
  const t = useTranslations("inbox");
  const locale = useLocale();
  const timer = aiTimer(item.holdAiTill, now);
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected || undefined}
        data-testid={`conversation-${item.ID}`}
        className={cn(
          "flex w-full cursor-pointer flex-col gap-1 border-b px-3 py-2.5 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
          selected && "bg-accent",
        )}
      >
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate font-medium" data-testid="conversation-user">
            {item.user}
          </span>
          <time dateTime={item.updatedAt} title={fullTime(item.updatedAt, locale)} className="shrink-0 text-xs text-muted-foreground">
            {conversationTime(item.updatedAt, locale, now)}
          </time>
        </span>
        <span className="line-clamp-2 text-sm break-words text-muted-foreground">{item.context ?? t("noText")}</span>
        <span className="flex flex-wrap items-center gap-1.5 empty:hidden">
          {timer && <TimerBadge timer={timer} />}
          {!item.known && (
            <Badge variant="outline" data-testid="conversation-unknown">
              <UserRoundX aria-hidden />
              {t("unknownContact")}
            </Badge>
          )}
          {item.escalation && (
            <Badge variant="warning" data-testid="conversation-escalation">
              {t(`escalation.${item.escalation}`)}
            </Badge>
          )}
          {item.assigneeName && <Badge variant="secondary">{t("assignedTo", { name: item.assigneeName })}</Badge>}
        </span>
      </button>
    </li>
  );
}

/** The left pane (002 §2, §4): the search box, the Escalated / Open / Closed tabs and the tab's conversations. */
export function ConversationList(props: ConversationListProps) {
  const { type, onType, search, onSearch, rows, total, loading, failed, selected, onSelect, onMore, now } = props;
  const t = useTranslations("inbox");
  const tabName = t(`types.${type}`);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-2 border-b p-3">
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            maxLength={SEARCH_MAX}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t("search")}
            aria-label={t("search")}
            className="pl-8"
            data-testid="inbox-search"
          />
        </div>
        {/* A switch of the list's filter rather than tabs with panels: the one list below serves all three. */}
        <div role="group" aria-label={t("typesLabel")} className="flex h-9 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground">
          {CONVERSATION_TYPES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === type}
              onClick={() => value !== type && onType(value)}
              data-testid={`inbox-tab-${value}`}
              className="inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm [&_svg]:size-4"
            >
              {t(`types.${value}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {rows ? t("shown", { count: rows.length, total }) : ""}
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="inbox-list">
        {rows === null ? (
          failed ? (
            <p className="p-4 text-sm text-muted-foreground">{t("listFailed")}</p>
          ) : (
            <LoadingLine className="p-4" />
          )
        ) : rows.length === 0 ? (
          <p className="flex items-start gap-2 p-4 text-sm text-muted-foreground" data-testid="inbox-empty">
            <MessagesSquare className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("empty", { type })}
          </p>
        ) : (
          <>
            <ul aria-label={t("listLabel", { type: tabName })}>
              {rows.map((item) => (
                <Row key={item.ID} item={item} selected={item.ID === selected} onSelect={() => onSelect(item.ID)} now={now} />
              ))}
            </ul>
            {rows.length < total && (
              <div className="p-3">
                <Button variant="outline" className="w-full" onClick={onMore} disabled={loading} data-testid="inbox-more">
                  {loading && <LoaderCircle className="animate-spin" aria-hidden />}
                  {t("more", { count: total - rows.length })}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
