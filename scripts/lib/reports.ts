// What the test runners' JSON reports say: the counts the test script adds up, and each failure named with the first
// lines of its message, which the script repeats after the totals so that the end of a long log says what failed.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

export interface Outcome {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}

const firstLines = (text: string) => stripVTControlCharacters(text).split("\n").slice(0, 6).join("\n    ");

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** A missing report is one failure: the runner died before it could write one. */
export function vitestOutcome(file: string, root: string): Outcome {
  const report = readJson<VitestReport>(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: [`vitest wrote no report (${file})`] };
  const failures: string[] = [];
  for (const result of report.testResults) {
    const where = path.relative(root, result.name);
    // A file that could not load or whose hooks failed has a message of its own and no failed test to say so.
    if (result.message) failures.push(`vitest ${where}\n    ${firstLines(result.message)}`);
    for (const test of result.assertionResults) {
      if (test.status === "failed") failures.push(`vitest ${where} › ${test.fullName}\n    ${firstLines(test.failureMessages.join("\n"))}`);
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

function playwrightFailures(suite: PlaywrightSuite, titles: string[], failures: string[]) {
  const trail = [...titles, suite.title];
  for (const child of suite.suites ?? []) playwrightFailures(child, trail, failures);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== "unexpected" && test.status !== "flaky") continue;
      const error = test.results.map((r) => r.error?.message ?? "").find(Boolean) ?? "";
      const kind = test.status === "flaky" ? "playwright (flaky, passed on retry)" : "playwright";
      failures.push(`${kind} ${spec.file}:${spec.line} › ${[...trail, spec.title].filter(Boolean).join(" › ")}\n    ${firstLines(error)}`);
    }
  }
}

/** A flaky test passed on its retry: it counts as passed and is still named, so that it gets looked at. */
export function playwrightOutcome(file: string): Outcome {
  const report = readJson<PlaywrightReport>(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: [`playwright wrote no report (${file})`] };
  const failures: string[] = [];
  // The top suites are the spec files, whose paths each spec's `file` already gives: the trail starts below them.
  for (const file of report.suites ?? []) playwrightFailures({ ...file, title: "" }, [], failures);
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped, failures };
}
