"use client";

import { JUSTIFICATION_KINDS, JUSTIFICATION_REASONS, JUSTIFICATION_STATUSES } from "@pizarra/contracts";
import { Badge, Button, Input, NativeSelect, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@pizarra/ui";
import { RotateCcw, SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FilterField, GradeSectionFilters } from "../resource/fields/grade-section-filters.tsx";
import { useJustificationText } from "./justification-fields.ts";
import { changedFilters, type JustificationFilters } from "./justification-model.ts";

interface FiltersProps {
  filters: JustificationFilters;
  defaults: JustificationFilters;
  onChange: (next: JustificationFilters) => void;
}

/** The filters of 002 §2: the days, the status, the kind, the grade and its section, the reason. */
function FilterFields({ filters, onChange }: Omit<FiltersProps, "defaults">) {
  const t = useTranslations("justifications");
  const text = useJustificationText();
  const set = (patch: Partial<JustificationFilters>) => onChange({ ...filters, ...patch });
  return (
    <>
      <FilterField id="justification-filter-from" label={t("filter.from")}>
        <Input
          id="justification-filter-from"
          data-testid="justification-filter-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </FilterField>
      <FilterField id="justification-filter-to" label={t("filter.to")}>
        <Input
          id="justification-filter-to"
          data-testid="justification-filter-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </FilterField>
      <FilterField id="justification-filter-status" label={t("filter.status")}>
        <NativeSelect
          id="justification-filter-status"
          data-testid="justification-filter-status"
          value={filters.justify}
          onChange={(e) => set({ justify: Number(e.target.value) })}
        >
          <option value={0}>{t("filter.all")}</option>
          {JUSTIFICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterField id="justification-filter-type" label={t("filter.type")}>
        <NativeSelect
          id="justification-filter-type"
          data-testid="justification-filter-type"
          value={filters.type}
          onChange={(e) => set({ type: Number(e.target.value) })}
        >
          <option value={0}>{t("filter.all")}</option>
          {JUSTIFICATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <GradeSectionFilters
        idPrefix="justification-filter"
        labels={{ grade: t("fields.superSectionId"), section: t("fields.sectionId") }}
        value={{ superSectionId: filters.superSectionId, sectionId: filters.sectionId }}
        onChange={set}
        text={text}
        allLabel={t("filter.all")}
      />
      <FilterField id="justification-filter-reason" label={t("fields.reason")}>
        <NativeSelect
          id="justification-filter-reason"
          data-testid="justification-filter-reason"
          value={filters.justification}
          onChange={(e) => set({ justification: e.target.value })}
        >
          <option value="">{t("filter.all")}</option>
          {JUSTIFICATION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reason.${reason}`)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
    </>
  );
}

/** On a desktop, the filters above the cards. */
export function JustificationFilterBar(props: FiltersProps) {
  const t = useTranslations("justifications");
  const changed = changedFilters(props.filters, props.defaults);
  return (
    <form
      role="search"
      aria-label={t("filter.title")}
      noValidate
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 items-end gap-4 rounded-lg border bg-card p-4 lg:grid-cols-4"
      data-testid="justification-filters"
    >
      <FilterFields filters={props.filters} onChange={props.onChange} />
      <Button
        type="button"
        variant="ghost"
        className="justify-self-start"
        disabled={changed === 0}
        onClick={() => props.onChange(props.defaults)}
        data-testid="justification-filter-reset"
      >
        <RotateCcw aria-hidden />
        {t("filter.reset")}
      </Button>
    </form>
  );
}

/** On a phone (000 §9: filters fold), a Filters button that counts the filters changed, opening them in a sheet. */
export function JustificationFilterSheet(props: FiltersProps) {
  const t = useTranslations("justifications");
  const tc = useTranslations("common");
  const [open, setOpen] = useState(false);
  const changed = changedFilters(props.filters, props.defaults);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="justification-filters-open">
        <SlidersHorizontal aria-hidden />
        {t("filter.title")}
        {changed > 0 && (
          <>
            <Badge aria-hidden className="tabular-nums">
              {changed}
            </Badge>
            <span className="sr-only">{t("filter.changed", { count: changed })}</span>
          </>
        )}
      </Button>
      <SheetContent closeLabel={tc("close")} data-testid="justification-filters">
        <SheetHeader>
          <SheetTitle>{t("filter.title")}</SheetTitle>
          <SheetDescription>{t("filter.description")}</SheetDescription>
        </SheetHeader>
        <SheetBody>
          <form role="search" aria-label={t("filter.title")} noValidate onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-4 pb-4">
            <FilterFields filters={props.filters} onChange={props.onChange} />
          </form>
        </SheetBody>
        <SheetFooter className="justify-between">
          <Button variant="ghost" disabled={changed === 0} onClick={() => props.onChange(props.defaults)} data-testid="justification-filter-reset">
            <RotateCcw aria-hidden />
            {t("filter.reset")}
          </Button>
          <Button onClick={() => setOpen(false)} data-testid="justification-filters-done">
            {t("filter.done")}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
