// The observability figure of `pnpm bench`: what the logs and metrics cost the grade sheet at 10 clients. The same
// build is served twice on one database: the run's own server with LOG_LEVEL=silent and no metrics port, and a second
// one with LOG_LEVEL=info (a JSON line a request, written to a file as a log collector's pipe would take it) and its
// metrics port scraped as Prometheus would. The two are loaded in turns, each going first in every other turn, so that
// whatever else the machine does (and the database's state after the other's turn) weighs on both alike. Target: the sheet's p95 and its rate within 5 % of the silent server's.
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../scripts/lib/database.ts";
import { freePort } from "../scripts/lib/outside.ts";
import { startWeb } from "../scripts/lib/web.ts";
import { percentile } from "./config.ts";

export const OBSERVABILITY_TARGET_PERCENT = 5;
/** Turns of load on each server, and seconds of each turn. */
const TURNS = 6;
const TURN_SECONDS = 4;
const LOG_FILE = path.join(ROOT, ".data/bench-observability.log");

export interface ObservabilityFigures {
  silent: { p95: number; rps: number };
  observed: { p95: number; rps: number };
  /** How much slower the observed server's p95 is, and how much lower its rate, in percent of the silent one's. */
  p95CostPercent: number;
  rpsCostPercent: number;
  logLines: number;
}

const figures = (times: number[]) => ({
  p95: percentile(
    [...times].sort((a, b) => a - b),
    95,
  ),
  rps: times.length / (TURNS * TURN_SECONDS),
});

export async function observabilityFigures(options: {
  /** The run's server (silent, no metrics): its base URL. */
  silentBase: string;
  /** What the run's server was started with. */
  env: Record<string, string> & { AUTH_SECRET: string };
  /** The grade sheet at 10 clients against a base URL for some seconds: each answer's time in ms. */
  gradeSheet: (base: string, seconds: number) => Promise<number[]>;
  /** Waits until the database has drained what the last load left. */
  settle: () => Promise<void>;
}): Promise<ObservabilityFigures> {
  const port = await freePort();
  const metricsPort = await freePort();
  fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  const log = fs.openSync(LOG_FILE, "w");
  const observed = await startWeb(port, { ...options.env, LOG_LEVEL: "info", METRICS_PORT: String(metricsPort) }, { stdout: log });
  const observedBase = `http://127.0.0.1:${port}`;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    if (!res.ok) throw new Error(`the observed server's metrics port answered ${res.status}`);
    await res.text();
  };
  try {
    const times = { silent: [] as number[], observed: [] as number[] };
    // Warm both (the new server's code compiled by the JIT, the sheet's reads cached alike), then alternate.
    for (const base of [options.silentBase, observedBase]) await options.gradeSheet(base, TURN_SECONDS);
    const silentTurn = async () => times.silent.push(...(await options.gradeSheet(options.silentBase, TURN_SECONDS)));
    // Prometheus scrapes every 15 s or so: once a turn is a little more than that.
    const observedTurn = async () => times.observed.push(...(await Promise.all([options.gradeSheet(observedBase, TURN_SECONDS), scrape()]))[0]);
    for (let turn = 0; turn < TURNS; turn++)
      for (const load of turn % 2 === 0 ? [silentTurn, observedTurn] : [observedTurn, silentTurn]) {
        await options.settle();
        await load();
      }
    const silent = figures(times.silent);
    const watched = figures(times.observed);
    return {
      silent,
      observed: watched,
      p95CostPercent: (100 * (watched.p95 - silent.p95)) / silent.p95,
      rpsCostPercent: (100 * (silent.rps - watched.rps)) / silent.rps,
      logLines: fs.readFileSync(LOG_FILE, "utf8").split("\n").filter(Boolean).length,
    };
  } finally {
    const exited = once(observed, "exit");
    observed.kill("SIGTERM");
    await exited;
    fs.closeSync(log);
  }
}
