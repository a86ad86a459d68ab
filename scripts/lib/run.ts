import { spawn } from "node:child_process";
import { ROOT } from "./database.ts";

export const BASE_ENV = { NEXT_TELEMETRY_DISABLED: "1", TURBO_TELEMETRY_DISABLED: "1" };

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
