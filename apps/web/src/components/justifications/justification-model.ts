import {
  fullName,
  JUSTIFICATION_DEFAULT_DAYS,
  JUSTIFICATION_FILE_MAX_BYTES,
  JUSTIFICATION_FILE_TYPES,
  type JUSTIFICATION_STATUSES,
  type TJustificationAnswer,
} from "@pizarra/contracts";
import { apiDateTime } from "../notifications/wizard/model.ts";
import { extensionOf } from "../resource/upload-files.ts";

/** The list's filters as GET admJustification/get/ takes them (002 §7); "" or 0 means all. */
export interface JustificationFilters {
  from: string;
  to: string;
  /** Status: 0 all, 1 pending, 2 accepted, -1 denied. */
  justify: number;
  /** Kind: 0 all, 1 by hours, 2 by day, 3 several days. */
  type: number;
  superSectionId: number | null;
  sectionId: number | null;
  /** The reason, "" for all. */
  justification: string;
}

/** "Some hours" in the length select: one register of the day rather than whole days. */
export const HOURS = 0;

/** 002 §9: every justification of the range comes in one page. */
export const JUSTIFICATION_PAGE_SIZE = 10_000;

/** Today at the school's clock (000 §9: a fixed UTC-5), 'YYYY-MM-DD'. */
export const schoolToday = (now = new Date()): string => apiDateTime(now).slice(0, 10);

/** A calendar day moved by whole days ('YYYY-MM-DD' in, out). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 002 §9: the last six days up to today, every status, kind, grade and reason. */
export function defaultFilters(now = new Date()): JustificationFilters {
  const today = schoolToday(now);
  return { from: addDays(today, -JUSTIFICATION_DEFAULT_DAYS), to: today, justify: 0, type: 0, superSectionId: null, sectionId: null, justification: "" };
}

/** The query of the list: the filters in force, the ones meaning "all" left out. */
export function listQuery(filters: JustificationFilters): Record<string, string | number> {
  return {
    PageSize: JUSTIFICATION_PAGE_SIZE,
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.justify ? { justify: filters.justify } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.superSectionId ? { superSectionId: filters.superSectionId } : {}),
    ...(filters.sectionId ? { sectionId: filters.sectionId } : {}),
    ...(filters.justification ? { justification: filters.justification } : {}),
  };
}

/** How many filters differ from the defaults: the count on the phone's Filters button. */
export function changedFilters(filters: JustificationFilters, defaults: JustificationFilters): number {
  return (Object.keys(defaults) as (keyof JustificationFilters)[]).filter((key) => filters[key] !== defaults[key]).length;
}

export type StatusCounts = Record<(typeof JUSTIFICATION_STATUSES)[number], number>;

/** Justifications by status (002 §4: 1 pending, 2 accepted, -1 denied). */
export function countByStatus(list: readonly Pick<TJustificationAnswer, "status">[]): StatusCounts {
  const counts: StatusCounts = { 1: 0, 2: 0, [-1]: 0 } as StatusCounts;
  for (const j of list) if (j.status in counts) counts[j.status] += 1;
  return counts;
}

/** "Pérez Soto, Ana": surnames first, as the school's lists sort them; "Ana Pérez Soto" where the school writes given names first. */
export function studentName(j: Pick<TJustificationAnswer, "name" | "last" | "last2">, givenNamesFirst: boolean): string {
  if (givenNamesFirst) return fullName(j, true);
  const surnames = [j.last, j.last2].filter(Boolean).join(" ");
  return surnames ? `${surnames}, ${j.name}` : j.name;
}

/** The avatar's letters when there is no photo: the first name's and the first surname's. */
export function initials(j: Pick<TJustificationAnswer, "name" | "last">): string {
  return `${j.name.trim().charAt(0)}${(j.last ?? "").trim().charAt(0)}`.toUpperCase();
}

/** A day 'YYYY-MM-DD' as people read it ("lun, 4 mar 2024"), kept on its calendar day whatever the browser's zone. */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-US" : "es-ES", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

/** Whole days from one day to another, both counted: a justification's length. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Why a document cannot go with a justification (002 §5: jpeg, jpg, png, pdf, doc, docx; at most 8 MB), or null: the
 * browser says so before anything is sent, and the server checks the content again.
 */
export function documentProblem(file: Pick<File, "name" | "size">): "ext" | "size" | null {
  if (!(JUSTIFICATION_FILE_TYPES as readonly string[]).includes(extensionOf(file.name))) return "ext";
  return file.size > JUSTIFICATION_FILE_MAX_BYTES ? "size" : null;
}

/** The document types as the pages list them: "jpeg, jpg, png, pdf, doc, docx". */
export const DOCUMENT_TYPES = JUSTIFICATION_FILE_TYPES.join(", ");
const DOCUMENT_MAX_MB = JUSTIFICATION_FILE_MAX_BYTES / 1024 / 1024;

/** What is wrong with a document, in the words of the page that shows it (its `fileType` and `fileSize` texts), or undefined. */
export function documentMessage(file: Pick<File, "name" | "size">, say: (key: "fileType" | "fileSize", values: Record<string, string | number>) => string) {
  const problem = documentProblem(file);
  if (problem === null) return undefined;
  return problem === "ext" ? say("fileType", { types: DOCUMENT_TYPES }) : say("fileSize", { max: DOCUMENT_MAX_MB });
}

/** The office's document picker accepts the spec's extensions. */
export const DOCUMENT_ACCEPT = JUSTIFICATION_FILE_TYPES.map((ext) => `.${ext}`).join(",");

/** Empty choices and texts are no value at all: the shared messages then say "required" rather than "invalid". */
export const withoutBlanks = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === "" || value === null ? undefined : value]));
