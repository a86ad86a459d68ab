"use client";

import { Button } from "@pizarra/ui";
import { ClipboardCheck, Lock } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { findMenuItem } from "@/client/menu.ts";
import { useAppSession } from "../shell/session-context.tsx";
import { registerHref, teachersOf, useDayChoice, useDayRegisters } from "./day-choice.ts";
import { SessionChoosers, SessionGrid } from "./session-picker.tsx";

function ClassSessions() {
  const t = useTranslations("attendance");
  const [choice, change] = useDayChoice(false);
  const { sessions } = useDayRegisters(choice.day, false);
  const teachers = useMemo(() => teachersOf(sessions ?? []), [sessions]);
  return (
    <div className="flex flex-col gap-4" data-testid="activity-sessions">
      <SessionChoosers choice={choice} onChange={change} teachers={teachers} showDaily={false} />
      <SessionGrid
        sessions={sessions}
        master={choice.master}
        action={(session) => (
          <Button asChild data-testid={`session-take-${session.ID}`}>
            <Link href={registerHref(session)}>
              <ClipboardCheck className="size-4" aria-hidden />
              {t("takeAttendance")}
            </Link>
          </Button>
        )}
      />
    </div>
  );
}

/**
 * admActivitySession (001 §2: "only a button to take attendance, which opens a separate admin page"): the day's class
 * sessions, one per subject taught, each opening the attendance control screen on its register. The registers are
 * that screen's: without it in the menu there is nothing to list or open.
 */
export function ActivitySessions() {
  const t = useTranslations("attendance");
  const { menu } = useAppSession();
  if (findMenuItem(menu, "admAttendanceControl")?.item.path == null)
    return (
      <p role="note" className="flex items-start gap-2 rounded-lg border border-dashed bg-card p-4 text-sm" data-testid="activity-sessions-no-access">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t("noControlAccess")}
      </p>
    );
  return <ClassSessions />;
}
