// The bench as a record: each full run leaves a small dated summary in bench/results/ (committed), and the
// next run prints each figure beside the one before it, so that a regression shows in the table and in the history.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../scripts/lib/database.ts";

const DIR = path.join(ROOT, "bench/results");

/** One figure of a run: what it measures (a call at some clients, a bundle, a sending figure) and its value. */
export type Figures = Record<string, number>;

export interface Summary {
  at: string;
  commit: string;
  /** The Node.js that ran the app, the worker and the load (absent before the runtime was recorded). */
  node?: string;
  /** Seconds of load per call and clients, and of its SQL. */
  seconds: number;
  sqlSeconds: number;
  figures: Figures;
}

/** The newest summary written before this run, or null on the first. */
export function previousSummary(): Summary | null {
  if (!fs.existsSync(DIR)) return null;
  const newest = fs
    .readdirSync(DIR)
    .filter((f) => /^\d{4}-\d{2}-\d{2}-\d{4}\.json$/.test(f))
    .sort()
    .at(-1);
  return newest ? (JSON.parse(fs.readFileSync(path.join(DIR, newest), "utf8")) as Summary) : null;
}

/** Writes this run's summary as bench/results/<UTC date>-<hhmm>.json; answers its path from the repository's root. */
export function writeSummary(figures: Figures, seconds: number, sqlSeconds: number): string {
  const at = new Date();
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const rounded = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v * 10) / 10]));
  const name = `${at.toISOString().slice(0, 10)}-${at.toISOString().slice(11, 16).replace(":", "")}.json`;
  fs.mkdirSync(DIR, { recursive: true });
  const summary: Summary = { at: at.toISOString(), commit, node: process.version, seconds, sqlSeconds, figures: rounded };
  fs.writeFileSync(path.join(DIR, name), `${JSON.stringify(summary, null, 2)}\n`);
  return path.relative(ROOT, path.join(DIR, name));
}

/** "was 12.3" beside a figure, from the previous summary ("" when it had none). */
export function was(previous: Summary | null, key: string, digits = 1): string {
  const value = previous?.figures[key];
  return value === undefined ? "" : value.toFixed(digits);
}
