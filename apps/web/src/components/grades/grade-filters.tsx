"use client";

import type { FieldDef } from "@pizarra/contracts";
import { Label, NativeSelect } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ResourceSelect } from "../resource/fields/resource-select.tsx";
import { useFieldOptions } from "../resource/fields/use-options.ts";
import { useResourceText } from "../resource/resource-text.ts";
import { isBlank } from "../resource/values.ts";
import { FILTERS_OF, PARENT, REPORTS, type FilterName, type Report, type SheetFilters } from "./filter-model.ts";

/** The pick list behind each filter (000 §6, §7 "Option lists"); the course-section list also needs the period. */
function fieldsFor(periodId: number | null): Record<FilterName, FieldDef> {
  const period: Record<string, string> = periodId === null ? {} : { periodId: String(periodId) };
  return {
    periodId: { name: "periodId", type: "select", options: { kind: "resource", resource: "admPeriod" } },
    masterId: {
      name: "masterId",
      type: "select",
      options: { kind: "resource", resource: "admStaff", query: { filterBy: "academic" }, dependsOn: "periodId", dependsParam: "filter" },
    },
    activityPartId: {
      name: "activityPartId",
      type: "select",
      options: { kind: "resource", resource: "admActivityParts", path: "admSubject/getParts", query: period, dependsOn: "masterId", dependsParam: "masterId" },
    },
    superSectionId: { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection", dependsOn: "periodId", dependsParam: "periodId" } },
    sectionId: {
      name: "sectionId",
      type: "select",
      options: { kind: "resource", resource: "admSection", query: { roleFilter: "master" }, dependsOn: "superSectionId", dependsParam: "parentId" },
    },
    activityId: { name: "activityId", type: "select", options: { kind: "resource", resource: "admSubject", dependsOn: "sectionId", dependsParam: "sectionId" } },
  };
}

/**
 * One filter: its pick list, loaded as soon as it holds a value so that the value shows by name even to someone who
 * may not open the record it names.
 */
function FilterSelect({ field, value, parentValue, onChange }: { field: FieldDef; value: number | null; parentValue: number | null | undefined; onChange: (value: number | null) => void }) {
  const t = useTranslations("gradeSheet");
  const text = useResourceText("admGrades");
  useFieldOptions(field, text, parentValue ?? undefined, "", value !== null);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`grade-filter-${field.name}`}>{t(`filter.${field.name}`)}</Label>
      <ResourceSelect
        field={field}
        id={`grade-filter-${field.name}`}
        testId={`grade-filter-${field.name}`}
        value={value ?? ""}
        onChange={(next) => onChange(isBlank(next) ? null : Number(next))}
        disabled={parentValue === null}
        text={text}
        dependsValue={parentValue ?? undefined}
      />
    </div>
  );
}

/** 000 §2.9: the report selector and the filters of the chosen report. */
export function GradeFilters({ filters, onReport, onChange }: { filters: SheetFilters; onReport: (report: Report) => void; onChange: (name: FilterName, value: number | null) => void }) {
  const t = useTranslations("gradeSheet");
  const fields = useMemo(() => fieldsFor(filters.periodId), [filters.periodId]);
  return (
    <form role="search" aria-label={t("filters")} noValidate onSubmit={(e) => e.preventDefault()} className="grid grid-cols-1 gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="grade-report">{t("report")}</Label>
        <NativeSelect id="grade-report" data-testid="grade-report" value={filters.report} onChange={(e) => onReport(Number(e.target.value) as Report)}>
          {REPORTS.map((report) => (
            <option key={report} value={report}>
              {t(`reports.${report}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {FILTERS_OF[filters.report].map((name) => {
        const parent = PARENT[name];
        return <FilterSelect key={name} field={fields[name]} value={filters[name]} parentValue={parent ? filters[parent] : undefined} onChange={(value) => onChange(name, value)} />;
      })}
    </form>
  );
}
