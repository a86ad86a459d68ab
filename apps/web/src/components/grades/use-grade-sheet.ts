"use client";

import { toast } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { api } from "@/client/api.ts";
import type { ListAnswer } from "../resource/types.ts";
import type { Course } from "./filter-model.ts";
import type { HeaderConcept, SheetGrade, StudentRow } from "@pizarra/contracts";

/** A typed value as POST admGrades takes it. */
export type CellValue = { gradeNum: number | null } | { gradeTxt: string | null };

/** 000 §8: a failed save says so for 10 s. */
const NOT_SAVED_MS = 10_000;
/** 000 §7: the header's page size. */
const HEADER_PAGE_SIZE = 40;

interface SaveAnswer {
  saved: number;
  averages: { conceptId: number; studentId: number; gradeNum: number | null; gradeTxt: string | null }[];
}

const resultsOf = <T>(data: T[] | ListAnswer<T> | null | undefined): T[] => (Array.isArray(data) ? data : (data?.Results ?? []));

function withGrades(rows: StudentRow[], changes: { conceptId: number; studentId: number; gradeNum: number | null; gradeTxt: string | null }[]): StudentRow[] {
  if (changes.length === 0) return rows;
  return rows.map((row) => {
    const mine = changes.filter((c) => c.studentId === row.studentId);
    if (mine.length === 0) return row;
    return {
      ...row,
      grades: row.grades.map((g) => {
        const change = mine.find((c) => c.conceptId === g.conceptId);
        return change ? { ...g, gradeNum: change.gradeNum, gradeTxt: change.gradeTxt, sync: false } : g;
      }),
    };
  });
}

/**
 * 000 §4: the sheet of a course: the concept header first, then the students' grades. A reload (the refresh icon)
 * keeps the grid on screen until the new answer is in. A save is shown at once and undone if the server refuses it;
 * the averages it recomputed replace the old ones.
 */
export function useGradeSheet(course: Course | null) {
  const t = useTranslations("gradeSheet");
  const [header, setHeader] = useState<HeaderConcept[] | null>(null);
  const [rows, setRows] = useState<StudentRow[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const courseKey = course ? JSON.stringify(course) : "";

  useEffect(() => {
    setHeader(null);
    setRows(null);
    setLoading(false);
  }, [courseKey]);

  useEffect(() => {
    if (!courseKey) return;
    const chosen = JSON.parse(courseKey) as Course;
    // A course-section (report 1) names the subject and section itself: getHeader/ takes it as activityId with isPart.
    const headerQuery = "activityPartId" in chosen ? { activityId: chosen.activityPartId, isPart: "true" } : chosen;
    const controller = new AbortController();
    const signal = controller.signal;
    setLoading(true);
    void (async () => {
      const head = await api.get<HeaderConcept[] | ListAnswer<HeaderConcept>>("admEvalConcept/getHeader/", {
        query: { ...headerQuery, PageSize: HEADER_PAGE_SIZE, page: 1 },
        signal,
      });
      if (signal.aborted) return;
      if (!head.ok) return setLoading(false);
      const sheet = await api.get<ListAnswer<StudentRow>>("admGrades/get", { query: chosen, signal });
      if (signal.aborted) return;
      setLoading(false);
      if (!sheet.ok) return;
      setHeader(resultsOf(head.envelope.data));
      setRows(resultsOf(sheet.envelope.data));
    })();
    return () => controller.abort();
  }, [courseKey, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const save = useCallback(
    async (studentId: number, conceptId: number, value: CellValue, previous: SheetGrade) => {
      const typed = { conceptId, studentId, gradeNum: null, gradeTxt: null, ...value };
      setRows((current) => current && withGrades(current, [typed]));
      const result = await api.post<SaveAnswer>("admGrades", { grades: [{ conceptId, studentId, ...value }] }, { notify: false });
      if (result.ok) {
        setRows((current) => current && withGrades(current, result.envelope.data?.averages ?? []));
        return;
      }
      setRows((current) => current && withGrades(current, [{ conceptId, studentId, gradeNum: previous.gradeNum, gradeTxt: previous.gradeTxt }]));
      toast.error(t("notSaved"), { description: result.envelope.msg || undefined, duration: NOT_SAVED_MS });
    },
    [t],
  );

  return { header, rows, loading, reload, save };
}
