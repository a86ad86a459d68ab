"use client";

import { JUSTIFICATION_MAX_DAYS, JUSTIFICATION_NOTE_MAX, JUSTIFICATION_PICKS, JUSTIFICATION_REASONS, type FieldDef } from "@pizarra/contracts";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ResourceText } from "../resource/resource-text.ts";
import { HOURS } from "./justification-model.ts";

const required = { required: true } as const;
const reason = { type: "select", rules: required, options: { kind: "values", values: JUSTIFICATION_REASONS } } as const;

/**
 * The office's new justification (002 §5: attendance type, from date, grade, section, student, reason and comment
 * required). Its length is whole days or some hours of one register of the day (`partId`, which the form draws itself:
 * the day's registers of the section).
 */
export const CREATE_FIELDS: readonly FieldDef[] = [
  { ...JUSTIFICATION_PICKS.attendanceTypeId, rules: required },
  { name: "date", type: "date", rules: required, span: "half" },
  {
    name: "numOfDay",
    type: "select",
    rules: required,
    options: { kind: "values", values: Array.from({ length: JUSTIFICATION_MAX_DAYS + 1 }, (_, days) => days) },
    span: "half",
  },
  { ...JUSTIFICATION_PICKS.superSectionId, rules: required, span: "half" },
  { ...JUSTIFICATION_PICKS.sectionId, rules: required, span: "half" },
  { ...JUSTIFICATION_PICKS.userId, rules: required },
  { name: "partId", type: "select" },
  { name: "reason", ...reason },
  { name: "note", type: "textarea", rules: { required: true, max: JUSTIFICATION_NOTE_MAX } },
];

/** What an edit may change (POST admJustification/edit/{id}): the student and the first day stay. */
export const EDIT_FIELDS: readonly FieldDef[] = [
  { ...JUSTIFICATION_PICKS.attendanceTypeId, rules: required },
  { name: "tillDate", type: "date", span: "half" },
  { name: "justification", ...reason, span: "half" },
  { name: "comment", type: "textarea", rules: { required: true, max: JUSTIFICATION_NOTE_MAX } },
];

/** The label key of a field for the shared validation messages (`:attribute`). */
export const justificationLabelKey = (field: string) => `justifications.fields.${field}`;

/**
 * The screen's texts in the shape the app's field widgets read them: labels under `justifications.fields`, the reasons
 * in the reader's language (stored as the spec spells them), the lengths as "some hours" or a number of days.
 */
export function useJustificationText(): ResourceText {
  const t = useTranslations("justifications");
  return useMemo(
    () => ({
      field: (name: string) => t(`fields.${name}`),
      option: (field: string, value: unknown) =>
        field === "numOfDay" ? (Number(value) === HOURS ? t("form.someHours") : t("form.days", { count: Number(value) })) : t(`reason.${String(value)}`),
      group: (key: string) => t(`fields.${key}`),
      hint: () => null,
      title: () => t("title"),
      action: (name: string) => t(`fields.${name}`),
      actionHint: () => null,
    }),
    [t],
  );
}
