"use client";

import { type TAttendanceSession, type TAttendanceSessionsAnswer, ZDay } from "@pizarra/contracts";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { apiGet } from "@/client/api-query.ts";
import { schoolToday } from "../justifications/justification-model.ts";

/** What the register screens show, kept in the address so that a reload or a shared link opens the same register. */
export interface DayChoice {
  day: string;
  /** The daily registers of the sections (true) or one register per subject taught (false). */
  daily: boolean;
  /** Role 100's choice of teacher; null for every teacher (or, for a teacher, themselves). */
  master: number | null;
  /** The register open, and its subject part (0 for a daily register). */
  session: number | null;
  part: number;
}

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : null;
};

const NO_SESSIONS: TAttendanceSessionsAnswer = [];

export function parseChoice(params: URLSearchParams, defaultDaily: boolean, today: string): DayChoice {
  const dt = params.get("dt") ?? "";
  const daily = params.get("daily");
  return {
    day: ZDay.safeParse(dt).success ? dt : today,
    daily: daily === null ? defaultDaily : daily !== "0",
    master: positive(params.get("master")),
    session: positive(params.get("session")),
    part: positive(params.get("part")) ?? 0,
  };
}

export function choiceQuery(choice: DayChoice): string {
  const params = new URLSearchParams({ dt: choice.day, daily: choice.daily ? "1" : "0" });
  if (choice.master !== null) params.set("master", String(choice.master));
  if (choice.session !== null) {
    params.set("session", String(choice.session));
    params.set("part", String(choice.part));
  }
  return params.toString();
}

/** The control screen opened on one register (admActivitySession's "take attendance"). */
export const registerHref = (session: TAttendanceSession) =>
  `/app/admAttendanceControl?${choiceQuery({ day: session.day, daily: session.kind !== "part", master: null, session: session.ID, part: session.partId ?? 0 })}`;

/** The screen's choices from the address, and a way to change some of them (the address follows, without a new history entry). */
export function useDayChoice(defaultDaily: boolean): [DayChoice, (patch: Partial<DayChoice>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const choice = useMemo(() => parseChoice(new URLSearchParams(params.toString()), defaultDaily, schoolToday()), [params, defaultDaily]);
  const change = useCallback(
    (patch: Partial<DayChoice>) => router.replace(`${pathname}?${choiceQuery({ ...choice, ...patch })}`, { scroll: false }),
    [router, pathname, choice],
  );
  return [choice, change];
}

/** GET admAttendance (001 §7): the day's registers the caller may take; role 100 gets every teacher's. None on a refusal. */
export function useDayRegisters(day: string, daily: boolean) {
  const { data, isError, refetch } = useQuery(apiGet<TAttendanceSessionsAnswer>("admAttendance", { query: { dt: day, daily } }));
  const reload = useCallback(() => void refetch(), [refetch]);
  return { sessions: isError ? NO_SESSIONS : data === undefined ? null : (data ?? NO_SESSIONS), reload };
}

/** "Matemática · 3.º A", "3.º A", or the group's name. */
export const registerTitle = (s: TAttendanceSession) => [s.subjectName, s.sectionName ?? s.groupName].filter(Boolean).join(" · ");

/** The teachers of the day's registers, by name: role 100's choices. */
export function teachersOf(sessions: TAttendanceSession[]): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const s of sessions) if (s.masterId !== null) byId.set(s.masterId, s.masterName ?? String(s.masterId));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
