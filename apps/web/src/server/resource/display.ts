import { parseDateTime } from "./values.ts";

/** The name of an included relation (a grade, a category …), or null. */
export const nameOf = (relation: unknown) => (relation as { name?: string } | null)?.name ?? null;

type Person = { name?: string | null; last?: string | null; last2?: string | null };
/** A person's name as every list shows it: surnames first. */
export function fullName(p: Person): string;
export function fullName(p: Person | null | undefined): string | null;
export function fullName(p: Person | null | undefined): string | null {
  return p ? [p.last, p.last2, p.name].filter(Boolean).join(" ") : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date filter's day at the school's UTC-5: its first minute, and the first minute of the next day. */
export const dayStart = (value: unknown) => parseDateTime(`${String(value)} 00:00`);
export const dayEnd = (value: unknown) => new Date(dayStart(value).getTime() + DAY_MS);
