import type { GradeTone } from "@pizarra/contracts";

/** 000 §3 colour classes as the grid paints them. */
export const TONE_CLASS: Record<GradeTone, string> = {
  blue: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
  green: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  lightblue: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100",
  orange: "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100",
  red: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  brown: "bg-amber-200 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  gray: "bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-100",
};
