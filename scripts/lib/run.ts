import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./database.ts";

/**
 * What every process the scripts start shares. The web app runs in apps/web and the worker at the root: a relative
 * STORAGE_DIR would be two folders, and the worker would not find the logo a school uploaded through the web app.
 */
export const BASE_ENV = {
  NEXT_TELEMETRY_DISABLED: "1",
  TURBO_TELEMETRY_DISABLED: "1",
  STORAGE_DIR: path.resolve(ROOT, process.env.STORAGE_DIR ?? ".data/storage"),
};

/** Runs a command from the repository root with node_modules/.bin on the PATH; resolves with its exit code. */
export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: "inherit",
      env: {
        ...process.env,
        ...BASE_ENV,
        ...env,
        PATH: `${ROOT}/node_modules/.bin:${process.env.PATH ?? ""}`,
      },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const code = await run(command, args, env);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}`);
}

/**
 * Runs independent commands at the same time, each one's output held back and printed whole when it ends (so that
 * two tools never interleave their lines); throws, naming every command that failed, once all have ended.
 */
export async function mustRunAll(commands: [command: string, args: string[]][], env: Record<string, string> = {}): Promise<void> {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise<{ name: string; code: number }>((resolve, reject) => {
          const name = [command, ...args].join(" ");
          const child = spawn(command, args, {
            cwd: ROOT,
            stdio: ["ignore", "pipe", "pipe"],
            env: { ...process.env, ...BASE_ENV, ...env, PATH: `${ROOT}/node_modules/.bin:${process.env.PATH ?? ""}` },
          });
          const output: Buffer[] = [];
          child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
          child.on("error", reject);
          child.on("close", (code, signal) => {
            process.stdout.write(`\n$ ${name}\n${Buffer.concat(output).toString()}`);
            resolve({ name, code: code ?? (signal ? 1 : 0) });
          });
        }),
    ),
  );
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) throw new Error(failed.map((r) => `${r.name} exited with ${r.code}`).join("; "));
}
