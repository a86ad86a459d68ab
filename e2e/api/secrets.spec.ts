import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { ADMIN, apiLogin, expect, test } from "../fixtures";

/** The development secret apps/web/src/server/env.ts once published: anyone can read it in the history. */
const OLD_DEV_SECRET = "pizarra-development-secret-change-me-0000";
const WEB = path.resolve(import.meta.dirname, "../../apps/web");

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An HS256 token with the given claims, signed with `secret`: what anyone holding that secret could mint. */
function mint(claims: Record<string, unknown>, secret: string): string {
  const body = `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test("a token signed with the old development secret, for the admin's real ids, gets 401 everywhere", async ({ request }) => {
  const { token } = await apiLogin(request, ADMIN);
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  // The very claims of a live session (user, school, account and whatever else the server puts in), fresh times.
  const forged = mint({ ...claims, iat: now, exp: now + 3600 }, OLD_DEV_SECRET);
  for (const route of ["/api/admStaff/loginToken", "/api/admModule/get"]) {
    expect((await request.get(route, { headers: { authorization: `Bearer ${token}` } })).status(), route).toBe(200);
    const res = await request.get(route, { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status(), route).toBe(401);
    expect((await res.json()).status).toBe(-401);
  }
});

test("the production build refuses to start with the old development secret, and never answers", async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: WEB,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      AUTH_SECRET: OLD_DEV_SECRET,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgresql://nobody@127.0.0.1:1/none",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const answers: number[] = [];
  try {
    const deadline = Date.now() + 20_000;
    while (exitCode === undefined && Date.now() < deadline) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (res) answers.push(res.status);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    if (exitCode === undefined) child.kill("SIGKILL");
  }
  expect(answers).toEqual([]);
  expect(await exited).not.toBe(0);
  expect(await exited).not.toBeNull();
  expect(output).toContain("AUTH_SECRET is a value published in the Pizarra repository");
});
