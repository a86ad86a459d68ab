import type { TenantDb, TenantTx } from "@pizarra/db";
import { formatDate, formatDateTime, parseDate, parseDateTime } from "../../resource/values.ts";

type Db = TenantDb | TenantTx;

/** Today on the spec's clock (UTC-5), as a stored DATE. */
export const schoolToday = () => parseDate(formatDateTime(new Date()).slice(0, 10));

/** Why no attendance is taken on a day: it has not come yet, it is no school day, or its period is closed. */
export type DayRefusal = "future" | "notSchoolDay" | "closed";

/**
 * Whether attendance is taken on a day, or why not (001 §7, at the school's UTC-5): a day after today has not come; a
 * day outside every period (before the first, between two, after the last) or one the calendar gives no classes
 * (admDates' noClasses, as it stands at midday, as the demo seed reads it) is no school day; a day whose periods are
 * all closed is read-only. The weekdays a school teaches are not kept anywhere, so a Saturday inside a period counts.
 */
export async function dayRefusal(db: Db, day: Date): Promise<DayRefusal | null> {
  if (day > schoolToday()) return "future";
  const midday = parseDateTime(`${formatDate(day)} 12:00`);
  const [periods, noClasses] = await Promise.all([
    db.period.findMany({ where: { from: { lte: day }, to: { gte: day } }, select: { closed: true } }),
    db.calendarDate.count({ where: { noClasses: true, inactive: false, from: { lte: midday }, to: { gte: midday } } }),
  ]);
  if (periods.length === 0 || noClasses > 0) return "notSchoolDay";
  return periods.some((p) => !p.closed) ? null : "closed";
}
