"use client";

import { MARK_JUSTIFICATION, type TWhoIsMissingAnswer } from "@pizarra/contracts";
import { Badge, Button, cn } from "@pizarra/ui";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { api } from "@/client/api.ts";
import { answerOf, apiKey } from "@/client/api-query.ts";
import { formatDay, schoolToday, studentName } from "../justifications/justification-model.ts";
import { apiDateTime } from "../notifications/wizard/model.ts";
import { type Column, ResponsiveTable } from "./responsive-table.tsx";
import { STATUS_LOOK } from "./status-look.ts";
import { useAppSession } from "../shell/session-context.tsx";

/** The office's view is live: a new answer every 30 s while it is in sight, and at once when the window comes back. */
const REFRESH_MS = 30_000;

type MissingRegister = TWhoIsMissingAnswer["registers"][number];
type AbsentStudent = TWhoIsMissingAnswer["absent"][number];

/** 'HH:mm' at the school's clock (000 §9: UTC-5) of an ISO moment. */
const schoolTime = (iso: string | null) => (iso ? apiDateTime(new Date(iso)).slice(11) : "–");

function Block({ title, count, testId, children }: { title: string; count: number; testId: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${testId}-title`} className="flex flex-col gap-2" data-testid={testId}>
      <h3 id={`${testId}-title`} className="flex items-center gap-2 font-semibold">
        {title}
        <Badge variant="secondary" data-testid={`${testId}-count`}>
          {count}
        </Badge>
      </h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed bg-card p-4 text-center text-sm text-muted-foreground">{children}</p>;
}

/**
 * "Who is missing": today's registers not taken yet (not started, or with students still pending)
 * and the students marked late or absent, for the office (GET admAttendance/missing, module admJustification).
 */
export function WhoIsMissing({ active }: { active: boolean }) {
  const { givenNamesFirst } = useAppSession().tenant;
  const t = useTranslations("attendance");
  const locale = useLocale();
  // The first read and one the person asks for say why they failed; a failed refresh keeps the last answer on screen
  // and says nothing: the next one comes in 30 s.
  const asked = useRef(false);
  const query = { dt: schoolToday() };
  const missing = useQuery({
    queryKey: apiKey("admAttendance/missing", query),
    queryFn: ({ signal, client, queryKey }) => {
      const notify = asked.current || client.getQueryData(queryKey) === undefined;
      asked.current = false;
      return answerOf(api.get<TWhoIsMissingAnswer>("admAttendance/missing", { query, notify, signal }));
    },
    enabled: active,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const data = missing.data ?? null;
  const loading = missing.isFetching;
  const refresh = () => {
    asked.current = true;
    void missing.refetch();
  };

  const registers: Column<MissingRegister>[] = [
    { key: "section", label: t("missing.section"), cell: (r) => r.sectionName ?? r.groupName ?? "–" },
    { key: "subject", label: t("missing.subject"), cell: (r) => r.subjectName ?? t("daily") },
    { key: "teacher", label: t("missing.teacher"), cell: (r) => r.masterName ?? "–" },
    { key: "state", label: t("missing.state"), cell: (r) => t(r.started ? "sessionState.inProgress" : "sessionState.notStarted", { pending: r.pending }) },
    { key: "pending", label: t("missing.pending"), numeric: true, cell: (r) => r.pending },
  ];
  const absent: Column<AbsentStudent>[] = [
    { key: "name", label: t("missing.student"), cell: (a) => studentName(a, givenNamesFirst) },
    { key: "section", label: t("missing.section"), cell: (a) => a.sectionName ?? "–" },
    {
      key: "status",
      label: t("missing.status"),
      cell: (a) => {
        const { icon: Icon, tone } = STATUS_LOOK[a.status];
        return (
          <span className={cn("inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium", tone)}>
            <Icon className="size-3.5" aria-hidden />
            {t(`status.${a.status}`)}
            {a.justifType === MARK_JUSTIFICATION.accepted && ` · ${t("missing.justified")}`}
          </span>
        );
      },
    },
    { key: "since", label: t("missing.since"), numeric: true, cell: (a) => schoolTime(a.since) },
  ];

  return (
    <section className="flex flex-col gap-5" aria-labelledby="missing-title" data-testid="who-is-missing">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="missing-title" className="w-full text-lg font-semibold sm:w-auto sm:flex-1">
          {t("missing.title", { day: formatDay(data?.day ?? schoolToday(), locale) })}
        </h2>
        <p className="flex-1 text-xs text-muted-foreground sm:flex-none">{t("missing.live")}</p>
        <Button variant="outline" size="sm" onClick={refresh} disabled={loading} data-testid="missing-refresh">
          <RefreshCw className={cn("size-4", loading && "animate-spin")} aria-hidden />
          {t("refresh")}
        </Button>
      </div>
      {!data ? (
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />
      ) : (
        <>
          <Block title={t("missing.registers")} count={data.registers.length} testId="missing-registers">
            {data.registers.length === 0 ? (
              <Empty>{t("missing.noRegisters")}</Empty>
            ) : (
              <ResponsiveTable
                caption={t("missing.registers")}
                columns={registers}
                rows={data.registers}
                rowKey={(r) => r.ID}
                testId="missing-registers-table"
              />
            )}
          </Block>
          <Block title={t("missing.absent")} count={data.absent.length} testId="missing-absent">
            {data.absent.length === 0 ? (
              <Empty>{t("missing.noAbsent")}</Empty>
            ) : (
              <ResponsiveTable caption={t("missing.absent")} columns={absent} rows={data.absent} rowKey={(a) => a.userId} testId="missing-absent-table" />
            )}
          </Block>
        </>
      )}
    </section>
  );
}
