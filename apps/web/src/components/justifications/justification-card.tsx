"use client";

import { JUSTIFICATION_KIND, JUSTIFICATION_STATUS, type TJustificationAnswer, type TJustificationReviewInput } from "@pizarra/contracts";
import { Avatar, AvatarFallback, AvatarImage, Badge, Button, cn, Label, NativeSelect, Popover, PopoverContent, PopoverTrigger, WithTooltip } from "@pizarra/ui";
import { CalendarDays, Check, FileText, Link2, LoaderCircle, Pencil, Tag, Trash2, UserRound, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { TONES } from "../notifications/delivery-types.ts";
import type { PickOption } from "../resource/types.ts";
import { daysBetween, formatDay, initials, studentName } from "./justification-model.ts";
import { useAppSession } from "../shell/session-context.tsx";

const STATUS_TONE = { 1: "warning", 2: "success", [-1]: "danger" } as const;

/** The status as the list's chips colour it (002 §4: 1 pending, 2 accepted, -1 denied). */
export function StatusBadge({ status, testId }: { status: TJustificationAnswer["status"]; testId?: string }) {
  const t = useTranslations("justifications");
  return (
    <Badge variant="outline" className={cn("border-transparent", TONES[STATUS_TONE[status]])} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The days a justification covers: one day, a stretch, or one register's hours of a day. */
function useDaysLabel(item: TJustificationAnswer): string {
  const t = useTranslations("justifications");
  const locale = useLocale();
  const day = formatDay(item.date, locale);
  if (item.kind === JUSTIFICATION_KIND.hours) return item.sessionLabel ? t("card.hoursOf", { register: item.sessionLabel, day }) : t("card.someHours", { day });
  if (item.kind === JUSTIFICATION_KIND.day || item.tillDate === item.date) return day;
  return t("card.range", { from: day, to: formatDay(item.tillDate, locale), days: daysBetween(item.date, item.tillDate) });
}

function Detail({ icon: Icon, label, children }: { icon: typeof Tag; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

interface ReviewProps {
  item: TJustificationAnswer;
  types: PickOption[];
  canWrite: boolean;
  onReviewed: (item: TJustificationAnswer) => void;
}

/**
 * Accept and deny (002 §4): POST admAttendance/0/justifications/{id}. Each button is disabled while the justification
 * is already in its state or a request is on its way. Accepting asks which attendance type the covered marks are
 * recorded as: by default the excused one the server offers (`acceptAs`: an absence becomes a justified absence),
 * else the justification's own.
 */
function ReviewButtons({ item, types, canWrite, onReviewed, busy, setBusy }: ReviewProps & { busy: boolean; setBusy: (busy: boolean) => void }) {
  const t = useTranslations("justifications");
  const [open, setOpen] = useState(false);
  const [typeId, setTypeId] = useState(String(item.acceptAs ?? item.attendanceTypeId ?? ""));
  const review = async (status: TJustificationAnswer["status"], chosen?: string) => {
    setOpen(false);
    setBusy(true);
    const body: TJustificationReviewInput = { status, ...(chosen ? { typeId: Number(chosen) } : {}) };
    const result = await api.post<TJustificationAnswer>(`admAttendance/0/justifications/${item.ID}`, body);
    setBusy(false);
    if (result.ok && result.envelope.data) onReviewed(result.envelope.data);
  };
  const selectId = `justification-accept-type-${item.ID}`;
  return (
    <div className="flex gap-2">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button size="sm" disabled={!canWrite || busy || item.status === JUSTIFICATION_STATUS.accepted} data-testid={`justification-accept-${item.ID}`}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Check aria-hidden />}
            {t("card.accept")}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="flex w-72 flex-col gap-3 p-3" data-testid={`justification-accept-panel-${item.ID}`}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>{t("card.recordAs")}</Label>
            <NativeSelect id={selectId} data-testid={selectId} value={typeId} onChange={(e) => setTypeId(e.target.value)}>
              <option value="">{t("card.keepType")}</option>
              {types.map((type) => (
                <option key={String(type.ID)} value={String(type.ID)}>
                  {type.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button size="sm" onClick={() => void review(JUSTIFICATION_STATUS.accepted, typeId)} data-testid={`justification-accept-confirm-${item.ID}`}>
            <Check aria-hidden />
            {t("card.confirmAccept")}
          </Button>
        </PopoverContent>
      </Popover>
      <Button
        size="sm"
        variant="outline"
        disabled={!canWrite || busy || item.status === JUSTIFICATION_STATUS.denied}
        onClick={() => void review(JUSTIFICATION_STATUS.denied)}
        data-testid={`justification-deny-${item.ID}`}
      >
        <X className="text-destructive" aria-hidden />
        {t("card.deny")}
      </Button>
    </div>
  );
}

interface CardProps extends ReviewProps {
  onEdit: (item: TJustificationAnswer) => void;
  onDelete: (item: TJustificationAnswer) => void;
}

/** One absence of the card list (002 §2, §3): who, when, why, who sent it and the document; then the review. */
export function JustificationCard({ item, types, canWrite, onReviewed, onEdit, onDelete }: CardProps) {
  const { givenNamesFirst } = useAppSession().tenant;
  const t = useTranslations("justifications");
  const [busy, setBusy] = useState(false);
  const days = useDaysLabel(item);
  // A reason outside the five (an older record) is shown as it was written.
  const reasonLabel = (reason: string) => (t.has(`reason.${reason}`) ? t(`reason.${reason}`) : reason);
  const nameId = `justification-name-${item.ID}`;
  const sender = [item.createdByName, item.createdByEmail, item.createdByPhone].filter(Boolean).join(" · ");
  return (
    <article
      aria-labelledby={nameId}
      aria-busy={busy || undefined}
      data-testid={`justification-card-${item.ID}`}
      // 002 §4: the card dims while its review is on its way.
      className={cn("flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs transition-opacity", busy && "opacity-60")}
    >
      <header className="flex items-start gap-3">
        <Avatar className="size-11">
          {item.face && <AvatarImage src={item.face} alt="" />}
          <AvatarFallback className="text-sm">{initials(item)}</AvatarFallback>
        </Avatar>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 id={nameId} className="break-words font-semibold leading-snug">
            {studentName(item, givenNamesFirst)}
          </h3>
          {item.sectionTag && <p className="text-sm text-muted-foreground">{item.sectionTag}</p>}
        </div>
        <StatusBadge status={item.status} testId={`justification-status-${item.ID}`} />
      </header>
      <dl className="flex flex-col gap-2 text-sm">
        <Detail icon={CalendarDays} label={t("card.days")}>
          {days}
        </Detail>
        <Detail icon={Tag} label={t("fields.reason")}>
          <span className="font-medium">{reasonLabel(item.justification)}</span>
          {item.attendanceTypeName && <span className="text-muted-foreground"> · {item.attendanceTypeName}</span>}
        </Detail>
        {item.comment && (
          <Detail icon={FileText} label={t("fields.note")}>
            <span className="whitespace-pre-line">{item.comment}</span>
          </Detail>
        )}
        <Detail icon={UserRound} label={t("card.sentBy")}>
          {sender || t("card.unknownSender")}
          {item.via === "link" && (
            <Badge variant="outline" className={cn("ml-2 border-transparent align-middle", TONES.info)} data-testid={`justification-via-link-${item.ID}`}>
              {t("card.viaLink")}
            </Badge>
          )}
        </Detail>
        {item.docUrl && (
          <Detail icon={Link2} label={t("card.document")}>
            <a
              href={item.docUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary underline-offset-4 hover:underline"
              data-testid={`justification-doc-${item.ID}`}
            >
              {item.docName || t("card.openDocument")}
              <span className="sr-only"> {t("card.newTab")}</span>
            </a>
          </Detail>
        )}
      </dl>
      <footer className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <ReviewButtons item={item} types={types} canWrite={canWrite} onReviewed={onReviewed} busy={busy} setBusy={setBusy} />
        {/* 002 §6: without the module's write right they stay, disabled. */}
        <div className="flex gap-1">
          <WithTooltip label={t("card.edit")}>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("card.edit")}
              disabled={!canWrite}
              onClick={() => onEdit(item)}
              data-testid={`justification-edit-${item.ID}`}
            >
              <Pencil aria-hidden />
            </Button>
          </WithTooltip>
          <WithTooltip label={t("card.delete")}>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("card.delete")}
              disabled={!canWrite}
              onClick={() => onDelete(item)}
              data-testid={`justification-delete-${item.ID}`}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden />
            </Button>
          </WithTooltip>
        </div>
      </footer>
    </article>
  );
}
