"use client";

import { toast } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { api } from "@/client/api.ts";
import { answerOf } from "@/client/api-query.ts";
import type {
  HeaderConcept,
  SheetGrade,
  StudentRow,
  TCellValue,
  TFinalHeaderAnswer,
  TGradeSaveAnswer,
  TGradeSaveBody,
  THeaderAnswer,
  TSheetAnswer,
} from "@pizarra/contracts";
import type { SheetSource } from "./filter-model.ts";

/** A typed value as POST admGrades takes it. */
export type CellValue = { gradeNum: number | null } | { gradeTxt: string | null };

/** 000 §8: a failed save says so for 10 s. */
const NOT_SAVED_MS = 10_000;
/** 001 §9: concepts come 100 to a page. */
const HEADER_PAGE_SIZE = 100;

/** A cell to save: whom, which concept, and the typed value. */
export type CellChange = { studentId: number; conceptId: number; value: CellValue; previous: SheetGrade };

function withGrades(rows: StudentRow[], changes: TCellValue[]): StudentRow[] {
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

interface Sheet extends Pick<TSheetAnswer, "about" | "lock"> {
  header: HeaderConcept[];
  rows: StudentRow[];
}

/**
 * 000 §4: the sheet the filters point at: the concept header and the students' grades, what the sheet is about and
 * why the caller may type none of it, if so. A reload (the refresh icon) keeps the grid on screen until the new answer
 * is in. A save is shown at once and undone if the server refuses it; the averages it recomputed replace the old ones.
 */
export function useGradeSheet(source: SheetSource | null) {
  const t = useTranslations("gradeSheet");
  const client = useQueryClient();
  const sourceKey = source ? JSON.stringify(source) : "";
  const queryKey = useMemo(() => ["gradeSheet", sourceKey], [sourceKey]);
  // Read afresh for each sheet chosen (dropped once another is) and only again when asked: an answer arriving after
  // a save would undo the grades typed meanwhile.
  const sheet = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<Sheet> => {
      const chosen = JSON.parse(sourceKey) as SheetSource;
      // Both asked at once: the grid shows when both are in, and a second round trip would only delay it.
      const [head, answer] = await Promise.all([
        answerOf(
          api.get<THeaderAnswer | TFinalHeaderAnswer>(chosen.header.path, {
            query: { ...chosen.header.query, PageSize: HEADER_PAGE_SIZE, page: 1 },
            signal,
          }),
        ),
        answerOf(api.get<TSheetAnswer>(chosen.rows.path, { query: chosen.rows.query, signal })),
      ]);
      return { header: head ?? [], rows: answer?.Results ?? [], about: answer?.about ?? null, lock: answer?.lock ?? null };
    },
    enabled: sourceKey !== "",
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setRows = useCallback(
    (change: (rows: StudentRow[]) => StudentRow[]) => client.setQueryData<Sheet>(queryKey, (old) => old && { ...old, rows: change(old.rows) }),
    [client, queryKey],
  );
  const { refetch } = sheet;
  const reload = useCallback(() => void refetch(), [refetch]);
  const savePath = source?.savePath ?? "admGrades";

  /** Saves cells in one call (a typed cell, or a column auto-completed); true when the server took them. */
  const save = useCallback(
    async (cells: CellChange[]): Promise<boolean> => {
      const typed = cells.map(({ studentId, conceptId, value }) => ({ conceptId, studentId, gradeNum: null, gradeTxt: null, ...value }));
      // A reload still on its way was read before this save and would put the old value back on screen.
      await client.cancelQueries({ queryKey });
      setRows((current) => withGrades(current, typed));
      const body: TGradeSaveBody = { grades: cells.map(({ studentId, conceptId, value }) => ({ conceptId, studentId, ...value })) };
      const result = await api.post<TGradeSaveAnswer>(savePath, body, { notify: false });
      if (result.ok) {
        setRows((current) => withGrades(current, result.envelope.data?.averages ?? []));
        return true;
      }
      const undo = cells.map(({ studentId, conceptId, previous }) => ({ conceptId, studentId, gradeNum: previous.gradeNum, gradeTxt: previous.gradeTxt }));
      setRows((current) => withGrades(current, undo));
      toast.error(t("notSaved"), { description: result.envelope.msg || undefined, duration: NOT_SAVED_MS });
      return false;
    },
    [t, savePath, setRows, client, queryKey],
  );

  /** Puts averages the server recomputed in place ('Calcular CPROM'). */
  const apply = useCallback((changes: TCellValue[]) => setRows((current) => withGrades(current, changes)), [setRows]);

  const { data } = sheet;
  return {
    header: data?.header ?? null,
    rows: data?.rows ?? null,
    about: data?.about ?? null,
    lock: data?.lock ?? null,
    loading: sheet.isFetching,
    reload,
    save,
    apply,
  };
}
