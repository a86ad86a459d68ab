/** A school's quiet hours: minutes after local midnight, [from, to), wrapping past midnight when from > to. */
export interface QuietHours {
  timeZone: string;
  quietFrom: number | null;
  quietTo: number | null;
}

/** Minutes after midnight of `at` on the wall clock of `timeZone`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

/**
 * When a non-urgent message due at `at` may go: `at` itself outside the quiet hours, else the first minute after them
 * (to the minute, on the school's clock).
 */
export function afterQuietHours(at: Date, school: QuietHours): Date {
  const { quietFrom: from, quietTo: to } = school;
  if (from === null || to === null || from === to) return at;
  const now = localMinutes(at, school.timeZone);
  const quiet = from < to ? now >= from && now < to : now >= from || now < to;
  if (!quiet) return at;
  const wait = (to - now + 1440) % 1440;
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000 + wait * 60_000);
}
