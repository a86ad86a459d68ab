"use client";

import type { TConversationDetail, TConversationMessage } from "@pizarra/contracts";
import { Badge, Button, cn } from "@pizarra/ui";
import { ArrowLeft, Bot, Check, CheckCheck, CircleAlert, Clock, FileText, Info, LoaderCircle, Lock, UserRound } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { aiTimer, conversationTime, fromSchool, fullTime, heldByAssistant } from "./inbox-model.ts";
import { ReplyBox } from "./reply-box.tsx";
import { LoadingLine } from "./loading-line.tsx";
import { TimerBadge } from "./timer-badge.tsx";

/** The refusal's red drawn towards the ink, readable on the message's tint in both themes (as the grid's chips). */
const REFUSED = "text-[color-mix(in_oklab,var(--color-destructive)_65%,var(--color-foreground))]";

const STATUS_ICON = { queued: Clock, sending: Clock, sent: Check, delivered: CheckCheck, read: CheckCheck, failed: CircleAlert } as const;

/** Where a school message stands, on the message itself: a refusal says why (002 §4, WhatsApp's codes). */
function Delivery({ message }: { message: TConversationMessage }) {
  const t = useTranslations("inbox");
  if (!message.status) return null;
  const Icon = STATUS_ICON[message.status];
  const failed = message.status === "failed";
  return (
    <>
      <span className={cn("flex items-center gap-1", failed && `font-medium ${REFUSED}`)} data-testid="message-status" data-status={message.status}>
        <Icon className="size-3.5" aria-hidden />
        {t(`status.${message.status}`)}
      </span>
      {failed && message.error && (
        <span className={`basis-full text-right break-words ${REFUSED}`} data-testid="message-error">
          {message.error}
        </span>
      )}
    </>
  );
}

function Bubble({ message }: { message: TConversationMessage }) {
  const t = useTranslations("inbox");
  const locale = useLocale();
  const school = fromSchool(message);
  const image = message.mediaUrl && message.mediaType?.startsWith("image/");
  return (
    <li className={cn("flex", school ? "justify-end" : "justify-start")} data-testid="message" data-author={message.author}>
      <div
        className={cn(
          "flex max-w-[85%] flex-col gap-1 rounded-lg px-3 py-2 text-sm sm:max-w-[70%]",
          school ? "rounded-br-none bg-primary/10" : "rounded-bl-none bg-muted",
        )}
      >
        {school && (
          <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground" data-testid="message-author">
            {message.author === "assistant" ? <Bot className="size-3.5" aria-hidden /> : <UserRound className="size-3.5" aria-hidden />}
            {message.author === "assistant" ? t("assistant") : (message.staffName ?? t("staff"))}
          </span>
        )}
        {image && (
          // A contact's photo through the signed-file link: its size is not known, so a plain <img>.
          <img src={message.mediaUrl!} alt={message.text || t("image")} className="max-h-64 rounded-md object-contain" data-testid="message-image" />
        )}
        {message.mediaUrl && !image && (
          <a href={message.mediaUrl} target="_blank" rel="noreferrer" className="flex items-center gap-1 underline underline-offset-2">
            <FileText className="size-4" aria-hidden />
            {t("file")}
          </a>
        )}
        {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
        {message.sources.length > 0 && (
          <div className="text-xs text-muted-foreground" data-testid="message-sources">
            <span className="font-medium">{t("sources")}</span>{" "}
            <ul className="inline">
              {message.sources.map((source, index) => (
                <li key={`${source.kind}-${source.id ?? index}`} className="inline">
                  {index > 0 && ", "}
                  {t(`sourceKinds.${source.kind}`)}: {source.name}
                </li>
              ))}
            </ul>
          </div>
        )}
        <span className="flex flex-wrap items-center justify-end gap-x-2 text-xs text-muted-foreground">
          <time dateTime={message.createdAt} title={fullTime(message.createdAt, locale)}>
            {conversationTime(message.createdAt, locale)}
          </time>
          <Delivery message={message} />
        </span>
      </div>
    </li>
  );
}

interface ChatPaneProps {
  detail: TConversationDetail | null;
  messages: TConversationMessage[] | null;
  failed: boolean;
  canWrite: boolean;
  busy: string | null;
  now: Date;
  onBack: () => void;
  onInfo: () => void;
  onTakeover: () => void;
  onReopen: () => void;
  onSent: (message: TConversationMessage) => void;
}

/** What stands where the reply box would be: why no reply can be written here, or the box itself. */
function Composer({
  detail,
  canWrite,
  busy,
  now,
  onTakeover,
  onReopen,
  onSent,
}: Omit<ChatPaneProps, "messages" | "failed" | "onBack" | "onInfo"> & { detail: TConversationDetail }) {
  const t = useTranslations("inbox");
  const notice = (testId: string, text: string, action?: React.ReactNode) => (
    <div className="flex flex-wrap items-center gap-3 border-t bg-muted/40 p-3 text-sm" data-testid={testId}>
      <Info className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <p className="min-w-0 flex-1">{text}</p>
      {action}
    </div>
  );
  if (detail.optedOut) return notice("opted-out", t("optedOut"));
  if (!canWrite) return notice("read-only", t("readOnly"));
  if (detail.type === "closed")
    return notice(
      "closed-notice",
      t("closedNotice"),
      <Button size="sm" variant="outline" onClick={onReopen} disabled={busy !== null} data-testid="chat-reopen">
        {busy === "reopen" && <LoaderCircle className="animate-spin" aria-hidden />}
        {t("reopen")}
      </Button>,
    );
  if (heldByAssistant(detail, now)) {
    const timer = aiTimer(detail.holdAiTill, now)!;
    return (
      <div className="flex flex-wrap items-center gap-3 border-t bg-muted/40 p-3 text-sm" data-testid="ai-hold">
        <Bot className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <p className="min-w-0 flex-1">{t("aiHold")}</p>
        <TimerBadge timer={timer} />
        <Button size="sm" onClick={onTakeover} disabled={busy !== null} data-testid="takeover">
          {busy === "takeover" && <LoaderCircle className="animate-spin" aria-hidden />}
          {t("takeover")}
        </Button>
      </div>
    );
  }
  return <ReplyBox key={`${detail.ID}-${detail.windowOpen}`} detail={detail} onSent={onSent} />;
}

/** The centre pane (002 §2, §4): the family's messages on the left, the school's on the right, the reply below. */
export function ChatPane(props: ChatPaneProps) {
  const { detail, messages, failed, onBack, onInfo } = props;
  const t = useTranslations("inbox");
  const end = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  // The latest message in view when one arrives or is sent, as chat applications do.
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: "end" });
  }, [count]);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-pane">
      <div className="flex items-center gap-2 border-b p-2">
        <Button variant="ghost" size="icon" className="lg:hidden" onClick={onBack} aria-label={t("backToList")} data-testid="chat-back">
          <ArrowLeft aria-hidden />
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" data-testid="chat-title">
            {detail ? (detail.guardianName ?? detail.chatUserName ?? detail.chatUser) : t("loading")}
          </h2>
          {detail && <p className="truncate text-xs text-muted-foreground">{detail.chatUser}</p>}
        </div>
        {detail?.type === "closed" && (
          <Badge variant="secondary">
            <Lock aria-hidden />
            {t("types.closed")}
          </Badge>
        )}
        <Button variant="outline" size="sm" className="lg:hidden" onClick={onInfo} disabled={!detail} data-testid="chat-info">
          <Info aria-hidden />
          {t("contactInfo")}
        </Button>
      </div>
      {/* A chat log: new messages are read out as they come, and the scrolling history takes the keyboard's focus. */}
      <div
        role="log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling history is read by keyboard too (axe's scrollable-region-focusable)
        tabIndex={0}
        aria-label={t("messagesLabel")}
        className="min-h-0 flex-1 overflow-y-auto p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        data-testid="chat-messages"
      >
        {messages === null ? (
          failed ? (
            <p className="text-sm text-muted-foreground">{t("messagesFailed")}</p>
          ) : (
            <LoadingLine />
          )
        ) : messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noMessages")}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {messages.map((message) => (
              <Bubble key={message.ID} message={message} />
            ))}
          </ol>
        )}
        <div ref={end} />
      </div>
      {detail && <Composer {...props} detail={detail} />}
    </div>
  );
}
