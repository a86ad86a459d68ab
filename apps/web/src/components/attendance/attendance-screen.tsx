"use client";

import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from "@pizarra/ui";
import { ClipboardCheck, UserX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { findMenuItem } from "@/client/menu.ts";
import { useAppSession } from "../shell/session-context.tsx";
import { teachersOf, useDayChoice, useDayRegisters } from "./day-choice.ts";
import { RegisterView } from "./register-view.tsx";
import { SessionChoosers, SessionGrid } from "./session-picker.tsx";
import { useResumeStoredQueues } from "./use-register.ts";
import { WhoIsMissing } from "./who-is-missing.tsx";

/** The day's registers to choose from, or the one opened (its id and part in the address: a reload reopens it). */
function RegisterTab({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("attendance");
  const [choice, change] = useDayChoice(true);
  const { sessions, reload } = useDayRegisters(choice.day, choice.daily);
  const teachers = useMemo(() => teachersOf(sessions ?? []), [sessions]);
  useResumeStoredQueues();

  return (
    <div className="flex flex-col gap-4" data-testid="attendance-register-tab">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <SessionChoosers choice={choice} onChange={change} teachers={teachers} showDaily />
      {choice.session !== null ? (
        <RegisterView
          key={choice.session}
          sessionId={choice.session}
          part={choice.part}
          canWrite={canWrite}
          onBack={() => {
            // The cards show the numbers the register has now.
            reload();
            change({ session: null });
          }}
        />
      ) : (
        <SessionGrid
          sessions={sessions}
          master={choice.master}
          action={(session) => (
            <Button onClick={() => change({ session: session.ID, part: session.partId ?? 0 })} data-testid={`session-open-${session.ID}`}>
              <ClipboardCheck className="size-4" aria-hidden />
              {t(session.started ? "open" : "takeAttendance")}
            </Button>
          )}
        />
      )}
    </div>
  );
}

/**
 * admAttendanceControl, "Asistencia" (001 §2): the teacher's registers of a day and the
 * register opened; for whoever the menu lets review justifications, a second tab with who is missing today.
 */
export function AttendanceScreen({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("attendance");
  const { menu } = useAppSession();
  const office = findMenuItem(menu, "admJustification")?.item.path != null;
  const [tab, setTab] = useState("register");
  if (!office) return <RegisterTab canWrite={canWrite} />;
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="register" data-testid="attendance-tab-register">
          <ClipboardCheck aria-hidden />
          {t("tabs.register")}
        </TabsTrigger>
        <TabsTrigger value="missing" data-testid="attendance-tab-missing">
          <UserX aria-hidden />
          {t("tabs.missing")}
        </TabsTrigger>
      </TabsList>
      {/* Kept mounted: the register opened, its folded comments and its focus survive a look at the other tab. */}
      <TabsContent value="register" forceMount className="data-[state=inactive]:hidden">
        <RegisterTab canWrite={canWrite} />
      </TabsContent>
      <TabsContent value="missing">
        <WhoIsMissing active={tab === "missing"} />
      </TabsContent>
    </Tabs>
  );
}
