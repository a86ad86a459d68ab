"use client";

import {
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  NOTIFICATION_STATUS,
  type TDeliveryAnswer,
  type TDeliveryMessage,
  type TDeliveryRetryAnswer,
  type TDeliveryStatusAnswer,
} from "@pizarra/contracts";
import { Badge, Button, Input, Label, NativeSelect, Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle, toast } from "@pizarra/ui";
import { ChevronLeft, ChevronRight, LoaderCircle, Pause, Play, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { api } from "@/client/api.ts";
import { apiGet, apiKey } from "@/client/api-query.ts";
import { useCanWrite } from "../resource/access.ts";
import { useHashModal } from "../resource/hash-modal.ts";
import { useLatest } from "../resource/use-latest.ts";
import type { OwnDialogProps } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { DeliverySummary } from "./delivery-summary.tsx";
import { MESSAGE_TIMES, NOTIFICATION_TONE, STATUS_LOOK, STATUS_TIME, TONES } from "./delivery-types.ts";

const PAGE_SIZE = 20;
/** Fast enough that a person sees the counters move while a notification goes out, slow enough to cost little. */
const POLL_MS = 2500;
const SEARCH_DELAY_MS = 300;
const REASON_TEXT = "text-[color-mix(in_oklab,var(--color-destructive)_65%,var(--color-foreground))]";

interface Filters {
  status: string;
  channel: string;
  filter: string;
  page: number;
}
const NO_FILTERS: Filters = { status: "", channel: "", filter: "", page: 1 };

type Verb = "retry" | "pause" | "resume";

type FilterName = "status" | "channel";
/** The option texts of each filter: delivery.statuses.* and delivery.channels.*. */
const OPTION_TEXTS: Record<FilterName, string> = { status: "statuses", channel: "channels" };

/** One of the ledger's filters: everything, or one of its values. */
function FilterSelect(props: { name: FilterName; all: string; values: readonly string[]; value: string; onChange: (name: FilterName, value: string) => void }) {
  const { name, all, values, value, onChange } = props;
  const t = useTranslations("delivery");
  const id = `delivery-filter-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t(name)}</Label>
      <NativeSelect id={id} data-testid={id} value={value} onChange={(e) => onChange(name, e.target.value)}>
        <option value="">{all}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${OPTION_TEXTS[name]}.${v}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function MessageRow({ message: m }: { message: TDeliveryMessage }) {
  const t = useTranslations("delivery");
  const timeKey = STATUS_TIME[m.status];
  const time = timeKey ? m[timeKey] : null;
  return (
    <tr className="border-b align-top last:border-0" data-testid={`delivery-row-${m.ID}`}>
      <td className="py-2 pr-3">
        <div className="font-medium break-words">{m.name}</div>
        {m.address && m.address !== m.name && <div className="text-xs break-all text-muted-foreground">{m.address}</div>}
        <div className="text-xs text-muted-foreground sm:hidden">{t(`channels.${m.channel}`)}</div>
        {m.fallbackOf !== null && <div className="text-xs text-muted-foreground">{t("fallback")}</div>}
        {m.reminder && <div className="text-xs text-muted-foreground">{t("reminder")}</div>}
        {m.heldUntil && <div className="text-xs text-muted-foreground">{t("heldUntil", { time: m.heldUntil })}</div>}
        {m.error && (
          <p className="mt-1 text-xs md:hidden">
            <span className={REASON_TEXT}>{m.error}</span>
            {m.permanent && <span className="block text-muted-foreground">{t("permanent")}</span>}
          </p>
        )}
      </td>
      <td className="hidden py-2 pr-3 sm:table-cell">{t(`channels.${m.channel}`)}</td>
      <td className="py-2 pr-3">
        <Badge className={TONES[STATUS_LOOK[m.status].tone]} data-testid={`delivery-status-${m.ID}`}>
          {t(`statuses.${m.status}`)}
        </Badge>
        {time && <div className="mt-1 text-xs whitespace-nowrap text-muted-foreground tabular-nums lg:hidden">{time}</div>}
      </td>
      <td className="hidden py-2 pr-3 md:table-cell">
        {m.error && <span className={REASON_TEXT}>{m.error}</span>}
        {m.error && m.permanent && <span className="block text-xs text-muted-foreground">{t("permanent")}</span>}
      </td>
      <td className="hidden py-2 pr-3 text-right tabular-nums md:table-cell">{m.attempts}</td>
      <td className="hidden py-2 lg:table-cell">
        <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs">
          {MESSAGE_TIMES.filter((key) => m[key]).map((key) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{t(`times.${key}`)}</dt>
              <dd className="whitespace-nowrap tabular-nums">{m[key]}</dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}

/**
 * A notification's delivery, from its row. Counters by status (chart and table), every recipient with the
 * channel, status, reason of a failure and times, filtered and paged; retry of the failed messages, pause and resume.
 * While the notification is going out the dialog reads it again every few seconds, so the counters move as one watches.
 */
export function NotificationMessagesDialog({ open, row, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("delivery");
  const tStatus = useTranslations("resources.admNotification.options.status");
  const canWrite = useCanWrite()("admNotification");
  const id = row?.ID;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search, setSearch] = useState("");
  const [busy, setBusy] = useState<Verb | null>(null);
  const lastStatus = useRef<number | null>(null);

  const client = useQueryClient();
  const path = `admNotification/${id ?? ""}/messages`;
  // Each opening reads afresh: what the dialog showed last time is gone once it closes.
  const close = useHashModal(open, `admNotification-delivery-${id ?? ""}`, () => {
    client.removeQueries({ queryKey: apiKey(path) });
    lastStatus.current = null;
    setFilters(NO_FILTERS);
    setSearch("");
    onClosed();
  });

  const query = {
    status: filters.status || undefined,
    channel: filters.channel || undefined,
    filter: filters.filter || undefined,
    page: filters.page,
    PageSize: PAGE_SIZE,
  };
  const delivery = useQuery({
    // Only the first read says why it failed (and then closes the dialog); a poll or a refresh after an action keeps
    // what is shown and raises no toast.
    ...apiGet<TDeliveryAnswer>(path, { query, notify: "first" }),
    enabled: open && id !== undefined,
    // Another filter or page keeps the last answer on screen until its own arrives.
    placeholderData: keepPreviousData,
    // While the notification goes out the counters move as one watches; a hidden tab asks nothing and catches up
    // when it comes back.
    refetchInterval: (q) => (q.state.data?.notification.status === NOTIFICATION_STATUS.sending ? POLL_MS : false),
    refetchOnWindowFocus: (q) => q.state.data?.notification.status === NOTIFICATION_STATUS.sending,
  });
  const data = delivery.data ?? null;

  const closeRef = useLatest(close);
  const onDoneRef = useLatest(onDone);
  const failedFirst = delivery.isError && delivery.data === undefined;
  useEffect(() => {
    if (failedFirst) closeRef.current();
  }, [failedFirst, closeRef]);
  // The list's status and counters changed under the dialog: the grid behind it reads them again.
  const status = data?.notification.status ?? null;
  useEffect(() => {
    if (status === null) return;
    if (lastStatus.current !== null && lastStatus.current !== status) onDoneRef.current();
    lastStatus.current = status;
  }, [status, onDoneRef]);

  useEffect(() => {
    const typed = search.trim();
    const timer = window.setTimeout(() => setFilters((f) => (f.filter === typed ? f : { ...f, filter: typed, page: 1 })), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const sending = open && status === NOTIFICATION_STATUS.sending;

  const act = async (verb: Verb) => {
    if (id === undefined) return;
    setBusy(verb);
    const result = await api.post<TDeliveryRetryAnswer | TDeliveryStatusAnswer>(`admNotification/${id}/${verb}`);
    setBusy(null);
    if (!result.ok) return;
    toast.success(result.envelope.msg || t("done"), { duration: SUCCESS_TOAST_MS });
    onDone();
    await delivery.refetch();
  };

  const setFilter = (name: FilterName, value: string) => setFilters((f) => ({ ...f, [name]: value, page: 1 }));
  const counts = data?.counts;
  const pageCount = Math.max(1, data?.PageCount ?? 1);
  const title = data?.notification.name ?? (typeof row?.name === "string" ? row.name : t("title"));

  return (
    <Sheet open={open} onOpenChange={(next) => !next && close()}>
      <SheetContent side="right" closeLabel={t("close")} className="gap-0 sm:max-w-4xl" data-testid="notification-delivery">
        <SheetHeader>
          <SheetTitle className="break-words">{title}</SheetTitle>
          <SheetDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{t("title")}</span>
            {data && (
              <Badge className={TONES[NOTIFICATION_TONE[data.notification.status] ?? "muted"]} data-testid="delivery-notification-status">
                {tStatus(String(data.notification.status))}
              </Badge>
            )}
            {data && data.notification.run > 0 && <span>{t("run", { run: data.notification.run + 1 })}</span>}
            {data?.notification.nextRunAt && <span>{t("nextRunAt", { at: data.notification.nextRunAt })}</span>}
          </SheetDescription>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-5 py-5">
          {!data || !counts ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              {t("loading")}
            </p>
          ) : (
            <>
              {sending && (
                <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="delivery-live">
                  <LoaderCircle className="size-4 animate-spin" aria-hidden />
                  {t("live")}
                </p>
              )}
              {canWrite && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    // A paused notification sends nothing, retries included, until it resumes.
                    disabled={busy !== null || counts.failed === 0 || status === NOTIFICATION_STATUS.cancelled}
                    onClick={() => void act("retry")}
                    data-testid="delivery-retry"
                  >
                    {busy === "retry" ? <LoaderCircle className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
                    {t("retry")}
                  </Button>
                  {data.notification.canPause && (
                    <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act("pause")} data-testid="delivery-pause">
                      {busy === "pause" ? <LoaderCircle className="animate-spin" aria-hidden /> : <Pause aria-hidden />}
                      {t("pause")}
                    </Button>
                  )}
                  {data.notification.canResume && (
                    <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act("resume")} data-testid="delivery-resume">
                      {busy === "resume" ? <LoaderCircle className="animate-spin" aria-hidden /> : <Play aria-hidden />}
                      {t("resume")}
                    </Button>
                  )}
                </div>
              )}
              <DeliverySummary counts={counts} recipients={data.notification.recipients} />
              <section aria-labelledby="delivery-recipients-title" className="flex flex-col gap-3">
                <h3 id="delivery-recipients-title" className="text-sm font-semibold">
                  {t("recipients")}
                </h3>
                <div className="grid gap-3 sm:grid-cols-3">
                  <FilterSelect name="status" all={t("allStatuses")} values={MESSAGE_STATUSES} value={filters.status} onChange={setFilter} />
                  <FilterSelect name="channel" all={t("allChannels")} values={MESSAGE_CHANNELS} value={filters.channel} onChange={setFilter} />
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor="delivery-search">{t("search")}</Label>
                    <Input
                      id="delivery-search"
                      type="search"
                      data-testid="delivery-search"
                      placeholder={t("searchPlaceholder")}
                      value={search}
                      onChange={(e) => setSearch(e.target.value)}
                    />
                  </div>
                </div>
                {data.Results.length === 0 ? (
                  <p className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground" data-testid="delivery-empty">
                    {counts.total === 0 ? t("noMessages") : t("noMatches")}
                  </p>
                ) : (
                  <table className="w-full text-sm" data-testid="delivery-messages">
                    <caption className="sr-only">{t("recipients")}</caption>
                    <thead className="text-xs text-muted-foreground">
                      <tr className="border-b text-left">
                        <th scope="col" className="py-1.5 pr-3 font-medium">
                          {t("columns.recipient")}
                        </th>
                        <th scope="col" className="hidden py-1.5 pr-3 font-medium sm:table-cell">
                          {t("columns.channel")}
                        </th>
                        <th scope="col" className="py-1.5 pr-3 font-medium">
                          {t("columns.status")}
                        </th>
                        <th scope="col" className="hidden py-1.5 pr-3 font-medium md:table-cell">
                          {t("columns.reason")}
                        </th>
                        <th scope="col" className="hidden py-1.5 pr-3 text-right font-medium md:table-cell">
                          {t("columns.attempts")}
                        </th>
                        <th scope="col" className="hidden py-1.5 font-medium lg:table-cell">
                          {t("columns.times")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.Results.map((m) => (
                        <MessageRow key={m.ID} message={m} />
                      ))}
                    </tbody>
                  </table>
                )}
                {pageCount > 1 && (
                  <nav aria-label={t("pagination")} className="flex items-center justify-end gap-2 text-sm">
                    <Button
                      variant="outline"
                      size="icon-sm"
                      disabled={filters.page <= 1}
                      onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
                      aria-label={t("previousPage")}
                      data-testid="delivery-page-prev"
                    >
                      <ChevronLeft aria-hidden />
                    </Button>
                    <span className="tabular-nums" data-testid="delivery-page">
                      {t("page", { page: filters.page, pages: pageCount })}
                    </span>
                    <Button
                      variant="outline"
                      size="icon-sm"
                      disabled={filters.page >= pageCount}
                      onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
                      aria-label={t("nextPage")}
                      data-testid="delivery-page-next"
                    >
                      <ChevronRight aria-hidden />
                    </Button>
                  </nav>
                )}
              </section>
            </>
          )}
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}
