import { ATTENDANCE_STATUS, type TAttendanceStatus } from "@pizarra/contracts";
import { Check, CircleDashed, Clock, type LucideIcon, X } from "lucide-react";
import { TONES } from "../notifications/delivery-types.ts";

/** The register's buttons in the brief's order: pending, present, late, absent. */
export const STATUS_BUTTONS: readonly TAttendanceStatus[] = [0, 1, 2, 3];
/** The counters' order: what was taken first, what is left last. */
export const COUNTER_ORDER: readonly TAttendanceStatus[] = [1, 2, 3, 0];

/** Each status's icon, chip colours and chart fill: colour is never the only sign (the icon and the label go with it). */
export const STATUS_LOOK: Record<TAttendanceStatus, { icon: LucideIcon; tone: string; fill: string }> = {
  0: { icon: CircleDashed, tone: TONES.muted, fill: "var(--color-muted-foreground)" },
  1: { icon: Check, tone: TONES.success, fill: "var(--color-success)" },
  2: { icon: Clock, tone: TONES.warning, fill: "var(--color-warning)" },
  3: { icon: X, tone: TONES.danger, fill: "var(--color-destructive)" },
};

/** The status a key gives on a focused row: 0–3 in any language, and the language's letters (P/L/A, P/T/F). */
export function statusOfKey(key: string, letters: Record<"1" | "2" | "3", string>): TAttendanceStatus | null {
  if (key === "0" || key === "1" || key === "2" || key === "3") return Number(key) as TAttendanceStatus;
  const upper = key.toUpperCase();
  if (upper === letters["1"]) return ATTENDANCE_STATUS.present;
  if (upper === letters["2"]) return ATTENDANCE_STATUS.late;
  if (upper === letters["3"]) return ATTENDANCE_STATUS.absent;
  return null;
}

/** How many rows are at each status (0 pending … 3 absent). */
export function countStatuses(rows: readonly { status: number }[]): [number, number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (const row of rows) if (row.status >= 0 && row.status <= 3) counts[row.status as TAttendanceStatus] += 1;
  return counts;
}
