import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The web app's folder, where server.mjs is. */
export const WEB = path.resolve(import.meta.dirname, "../..");

/**
 * apps/web/server.mjs itself, on a free loopback port, with Next replaced by `nextStub`: the source of a module whose
 * default export stands for `next` (`prepare`, `getRequestHandler`). At LOG_LEVEL=info, so that it says when it
 * listens; answers then.
 */
export async function startServerMjs(nextStub: string): Promise<{ base: string; child: ChildProcess }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pizarra-server-mjs-"));
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return pathToFileURL(path.join(dir, name)).href;
  };
  const stub = file("next.mjs", nextStub);
  const hooks = file(
    "hooks.mjs",
    `export const resolve = (specifier, context, next) => specifier === "next" ? { url: ${JSON.stringify(stub)}, shortCircuit: true } : next(specifier, context);`,
  );
  const register = file("register.mjs", `import { register } from "node:module"; register(${JSON.stringify(hooks)});`);
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(process.execPath, ["--import", register, path.join(WEB, "server.mjs"), "--port", String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, LOG_LEVEL: "info" },
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server.mjs exited with ${code}`)));
    child.stdout!.on("data", (line: Buffer) => {
      if (line.toString().includes("listening")) resolve();
    });
  });
  return { base: `http://127.0.0.1:${port}`, child };
}
