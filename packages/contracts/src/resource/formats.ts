// The formats of values that travel as text, apart from the zod schemas that check them: a page that only shows a
// date or splits tags does not load zod.

/** Spec 000 §5: dates travel as 'YYYY-MM-DD', date-times as 'YYYY-MM-DD HH:mm' (shown at UTC-5), times as 'HH:mm'. */
export const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const DATETIME_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Spec 000 §5: text inputs default to at most 10000 characters. */
export const DEFAULT_MAX_LENGTH = 10_000;

/** Spec 000 §2.8 tag input: the tags of one text field, kept comma-separated. */
export const TAG_SEPARATOR = ",";
export const splitTags = (value: unknown): string[] =>
  (value === null || value === undefined ? "" : String(value))
    .split(TAG_SEPARATOR)
    .map((tag) => tag.trim())
    .filter(Boolean);

/** Whether a 'YYYY-MM-DD…' text names a day that exists: '2026-02-30' fits the pattern but would roll over to March. */
export function isRealDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}
