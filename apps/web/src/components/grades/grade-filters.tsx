"use client";

import { gradeFilterFields, type FieldDef, type TReportsAnswer } from "@pizarra/contracts";
import { Label, NativeSelect } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ResourceSelect } from "../resource/fields/resource-select.tsx";
import { useResourceText } from "../resource/resource-text.ts";
import { isBlank } from "../resource/values.ts";
import { filtersOf, parentOf, type FilterName, type Mode, type Report, type SheetFilters } from "./filter-model.ts";

/** A report item as GET admGrades/reports answers it. */
export type ReportItem = TReportsAnswer[number];

/** One filter: its label over its combobox. */
function FilterSelect({
  field,
  value,
  parentValue,
  onChange,
}: {
  field: FieldDef;
  value: number | null;
  parentValue: number | null | undefined;
  onChange: (value: number | null) => void;
}) {
  const t = useTranslations("gradeSheet");
  const text = useResourceText("admGrades");
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

/** 000 §2.9: the report selector (when there is more than one report to choose) and the filters of the chosen report. */
export function GradeFilters({
  mode,
  reports,
  filters,
  onReport,
  onChange,
}: {
  mode: Mode;
  reports: ReportItem[];
  filters: SheetFilters;
  onReport: (report: Report) => void;
  onChange: (name: FilterName, value: number | null) => void;
}) {
  const t = useTranslations("gradeSheet");
  const courseParent = parentOf(mode, filters.report, "activityId");
  const fields = useMemo(() => gradeFilterFields(filters.periodId, courseParent), [filters.periodId, courseParent]);
  // The section of report 5 lists the grade's sections, though it comes after the course.
  const filterValue = (name: FilterName | null) => (name ? filters[name] : undefined);
  return (
    <form
      role="search"
      aria-label={t("filters")}
      noValidate
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-1 gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {reports.length > 1 && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="grade-report">{t("report")}</Label>
          <NativeSelect id="grade-report" data-testid="grade-report" value={filters.report} onChange={(e) => onReport(Number(e.target.value) as Report)}>
            {reports.map((report) => (
              <option key={report.ID} value={report.ID}>
                {report.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {filtersOf(mode, filters.report).map((name) => {
        const parent = parentOf(mode, filters.report, name);
        const listedBy = name === "sectionId" ? "superSectionId" : parent;
        const blocked = parent !== null && filters[parent] === null;
        return (
          <FilterSelect
            key={name}
            field={fields[name]}
            value={filters[name]}
            parentValue={blocked ? null : filterValue(listedBy)}
            onChange={(value) => onChange(name, value)}
          />
        );
      })}
    </form>
  );
}
