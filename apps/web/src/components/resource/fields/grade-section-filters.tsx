"use client";

import { GRADE_SECTION_PICKS } from "@pizarra/contracts";
import { Label } from "@pizarra/ui";
import type { ReactNode } from "react";
import type { ResourceText } from "../resource-text.ts";
import { isBlank } from "../values.ts";
import { ResourceSelect } from "./resource-select.tsx";

/** A filter of a screen's filter bar: its label over its control. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export interface GradeSection {
  superSectionId: number | null;
  sectionId: number | null;
}

const pickId = (value: unknown) => (isBlank(value) ? null : Number(value));

/**
 * A grade and its section as two filters (`{idPrefix}-grade`, `{idPrefix}-section`): the sections listed are the
 * grade's, none until a grade is chosen, and another grade clears the section chosen.
 */
export function GradeSectionFilters({
  idPrefix,
  labels,
  value,
  onChange,
  text,
  allLabel,
}: {
  idPrefix: string;
  labels: { grade: string; section: string };
  value: GradeSection;
  onChange: (next: GradeSection) => void;
  text: ResourceText;
  allLabel: string;
}) {
  return (
    <>
      <FilterField id={`${idPrefix}-grade`} label={labels.grade}>
        <ResourceSelect
          field={GRADE_SECTION_PICKS.superSectionId}
          id={`${idPrefix}-grade`}
          testId={`${idPrefix}-grade`}
          value={value.superSectionId ?? ""}
          onChange={(picked) => onChange({ superSectionId: pickId(picked), sectionId: null })}
          disabled={false}
          text={text}
          emptyLabel={allLabel}
        />
      </FilterField>
      <FilterField id={`${idPrefix}-section`} label={labels.section}>
        <ResourceSelect
          field={GRADE_SECTION_PICKS.sectionId}
          id={`${idPrefix}-section`}
          testId={`${idPrefix}-section`}
          value={value.sectionId ?? ""}
          onChange={(picked) => onChange({ superSectionId: value.superSectionId, sectionId: pickId(picked) })}
          disabled={value.superSectionId === null}
          text={text}
          dependsValue={value.superSectionId ?? undefined}
          emptyLabel={allLabel}
        />
      </FilterField>
    </>
  );
}
