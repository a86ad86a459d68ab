import { formatDateTime } from "../../resource/values.ts";

export type RecurrencePattern = "daily" | "monthly";

const list = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b).join(",");

/**
 * The cron-like expression ("minute hour day-of-month month day-of-week") of a notification's recurrence, built from
 * its send time at the school's UTC-5 (001 §4, 002 §3): daily on some weekdays (0 Sunday … 6 Saturday), or monthly in
 * some months (1-12) on the send date's day.
 */
export function recurrenceCron(pattern: RecurrencePattern, sendOn: Date, days: readonly number[], months: readonly number[]): string {
  const local = formatDateTime(sendOn);
  const minute = Number(local.slice(14, 16));
  const hour = Number(local.slice(11, 13));
  if (pattern === "daily") return `${minute} ${hour} * * ${list(days)}`;
  return `${minute} ${hour} ${Number(local.slice(8, 10))} ${list(months)} *`;
}
