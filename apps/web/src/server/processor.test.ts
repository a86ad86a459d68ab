import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const AUTOGROUP = "/proc/self/autogroup";
const hasAutogroup = fs.existsSync(AUTOGROUP);

/** A node process that yields the processor at `nice`, answering its nice level and its session's autogroup line. */
function yieldingChild(detached: boolean): { nice: number; autogroup: string | null } {
  const script = `
    const os = await import("node:os");
    const fs = await import("node:fs");
    const { yieldProcessor } = await import("./apps/web/src/server/processor.ts");
    yieldProcessor(10);
    const autogroup = fs.existsSync("${AUTOGROUP}") ? fs.readFileSync("${AUTOGROUP}", "utf8").trim() : null;
    console.log(JSON.stringify({ nice: os.getPriority(), autogroup }));`;
  // setsid(1) puts the child in a session of its own, as a detached spawn does.
  const command = detached ? ["setsid", "--wait", process.execPath] : [process.execPath];
  const run = spawnSync(command[0]!, [...command.slice(1), "--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim());
}

describe("yieldProcessor", () => {
  it("lowers the nice level, and the session's weight when the process leads a session of its own", () => {
    const alone = yieldingChild(true);
    expect(alone.nice).toBe(10);
    if (hasAutogroup) expect(alone.autogroup).toMatch(/ nice 10$/);
  });

  it("leaves a session it shares with others (the web app under the same shell) at its weight", () => {
    const before = hasAutogroup ? fs.readFileSync(AUTOGROUP, "utf8") : null;
    const shared = yieldingChild(false);
    expect(shared.nice).toBe(10);
    if (hasAutogroup) {
      expect(shared.autogroup).toBe(before!.trim());
      expect(fs.readFileSync(AUTOGROUP, "utf8")).toBe(before);
    }
  });
});
