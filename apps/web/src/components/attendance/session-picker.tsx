"use client";

import { ATTENDANCE_STATUS, ROLE, type TAttendanceSession } from "@pizarra/contracts";
import { Badge, Button, cn, Input, Label, NativeSelect } from "@pizarra/ui";
import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { addDays, schoolToday } from "../justifications/justification-model.ts";
import { useAppSession } from "../shell/session-context.tsx";
import { type DayChoice, registerTitle } from "./day-choice.ts";
import { COUNTER_ORDER, STATUS_LOOK } from "./status-look.ts";

/** Role 100 takes any teacher's register (001 §6, as for grades). */
export const ADMIN_ROLE = ROLE.topAdmin;

/**
 * The day (UTC-5 today by default, a day back or forward a tap away), the teacher (role 100 picks among the day's
 * teachers; a teacher sees their own name), and, where the screen offers it, daily registers or one per subject.
 */
export function SessionChoosers({
  choice,
  onChange,
  teachers,
  showDaily,
}: {
  choice: DayChoice;
  onChange: (patch: Partial<DayChoice>) => void;
  teachers: { id: number; name: string }[];
  showDaily: boolean;
}) {
  const t = useTranslations("attendance");
  const { user } = useAppSession();
  const admin = user.roleCode === ADMIN_ROLE;
  const today = schoolToday();
  const pick = (patch: Partial<DayChoice>) => onChange({ ...patch, session: null });
  return (
    <form
      role="search"
      aria-label={t("choosers")}
      noValidate
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-1 gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="attendance-day">{t("day")}</Label>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={t("previousDay")}
            onClick={() => pick({ day: addDays(choice.day, -1) })}
            data-testid="attendance-day-prev"
          >
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <Input
            id="attendance-day"
            type="date"
            value={choice.day}
            max={today}
            required
            onChange={(e) => e.target.value && pick({ day: e.target.value })}
            className="h-9 min-w-0 flex-1"
            data-testid="attendance-day"
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={t("nextDay")}
            // No register is taken for a day that has not come: the server refuses one, so the screen does not offer it.
            disabled={choice.day >= today}
            onClick={() => pick({ day: addDays(choice.day, 1) })}
            data-testid="attendance-day-next"
          >
            <ChevronRight className="size-4" aria-hidden />
          </Button>
          {choice.day !== today && (
            <Button variant="ghost" size="sm" onClick={() => pick({ day: today })} data-testid="attendance-today">
              {t("today")}
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="attendance-teacher">{t("teacher")}</Label>
        {admin ? (
          <NativeSelect
            id="attendance-teacher"
            value={choice.master ?? ""}
            onChange={(e) => pick({ master: e.target.value ? Number(e.target.value) : null })}
            data-testid="attendance-teacher"
          >
            <option value="">{t("allTeachers")}</option>
            {teachers.map((teacher) => (
              <option key={teacher.id} value={teacher.id}>
                {teacher.name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <output id="attendance-teacher" className="flex h-9 items-center rounded-md border bg-muted/40 px-3 text-sm" data-testid="attendance-teacher">
            {user.name}
          </output>
        )}
      </div>
      {showDaily && (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">{t("kind")}</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
            {([true, false] as const).map((daily) => (
              <button
                key={String(daily)}
                type="button"
                aria-pressed={choice.daily === daily}
                onClick={() => pick({ daily, part: 0 })}
                data-testid={`attendance-kind-${daily ? "daily" : "subject"}`}
                className="h-8 cursor-pointer rounded-md px-2 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
              >
                {t(daily ? "daily" : "bySubject")}
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </form>
  );
}

/** A register's card: what it is for, whose it is, whether it was taken, and its numbers. */
function SessionCard({ session, showTeacher, action }: { session: TAttendanceSession; showTeacher: boolean; action: ReactNode }) {
  const t = useTranslations("attendance");
  const pending = session.counts[0];
  const state = !session.started ? "notStarted" : pending > 0 ? "inProgress" : "taken";
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid={`session-${session.ID}`} data-started={session.started}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h3 className="break-words font-semibold">{registerTitle(session)}</h3>
          {showTeacher && session.masterName && <p className="text-sm text-muted-foreground">{session.masterName}</p>}
        </div>
        <Badge variant={state === "taken" ? "success" : state === "inProgress" ? "info" : "warning"} data-testid={`session-state-${session.ID}`}>
          {t(`sessionState.${state}`, { pending })}
        </Badge>
      </div>
      <dl className="grid grid-cols-4 gap-1 text-center text-xs">
        {COUNTER_ORDER.map((status) => (
          <div key={status} className={cn("flex flex-col gap-0.5 rounded-md px-1 py-1.5", STATUS_LOOK[status].tone)}>
            <dt>{t(`status.${status}`)}</dt>
            <dd className="text-base font-semibold tabular-nums">{session.started || status === ATTENDANCE_STATUS.pending ? session.counts[status] : "–"}</dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-end">{action}</div>
    </li>
  );
}

/** The day's registers as cards; `action` gives each its button (open it here, or take attendance on the control screen). */
export function SessionGrid({
  sessions,
  master,
  action,
}: {
  sessions: TAttendanceSession[] | null;
  master: number | null;
  action: (session: TAttendanceSession) => ReactNode;
}) {
  const t = useTranslations("attendance");
  const { user } = useAppSession();
  if (!sessions) return <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />;
  const shown = master === null ? sessions : sessions.filter((s) => s.masterId === master);
  if (shown.length === 0)
    return (
      <p role="status" className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground" data-testid="sessions-empty">
        {t("noRegisters")}
      </p>
    );
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={t("registers")} data-testid="sessions">
      {shown.map((session) => (
        <SessionCard key={session.ID} session={session} showTeacher={user.roleCode === ADMIN_ROLE} action={action(session)} />
      ))}
    </ul>
  );
}
