import fs from "node:fs";
import os from "node:os";

/**
 * Lowers this process's claim on the processor to `nice` (0-19), for a process that must not slow the web app down
 * on a machine they share (the worker; the bench's stand-ins for outside servers). Linux's autogroup scheduling, on by
 * default, shares the processor between sessions first and applies nice levels only among the processes of one
 * session: a niced process charges what it runs to its whole session, the web app's too when they share it (as under
 * `pnpm demo`), and PostgreSQL's backends, each a session of its own, then come first. So a process started in a
 * session of its own (spawned detached) also lowers its session's weight (/proc/self/autogroup); one in a shared
 * session leaves that alone, as it would lower the others with it. Elsewhere (other systems, containers, systemd units,
 * which share the processor by cgroup) the nice level is all there is.
 */
export function yieldProcessor(nice: number): void {
  os.setPriority(nice);
  try {
    // Fields of /proc/self/stat after the command's closing parenthesis: state, parent, process group, session.
    const session = Number(fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ")[3]);
    if (session === process.pid) fs.writeFileSync("/proc/self/autogroup", String(nice));
  } catch {
    // No /proc or no autogroup: the nice level alone.
  }
}
