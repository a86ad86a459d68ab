import { describe, expect, it, vi } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { metrics } from "../metrics.ts";
import { handle } from "./handle.ts";
import { publicRoute } from "./route.ts";
import { Router } from "./router.ts";

/** What the server logged during the test, each line parsed: the logger writes here instead of standard output. */
const lines = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock("../log.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../log.ts")>();
  const { createLogger } = await import("../log.mjs");
  const logger = createLogger("debug", { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { ...actual, log: () => logger };
});

const api = apiHarness();
const linesOf = (reqId: string | null) => lines.filter((line) => line.reqId === reqId);

/** The value of a counter's series with these labels (0 when it has none yet). */
async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const { values } = await metrics.registry.getSingleMetric(name)!.get();
  return values.find((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))?.value ?? 0;
}

describe("each API call's log line, request id and metrics", () => {
  it("answers the caller's request id when it is a sane one, else a new one, and its line carries it", async () => {
    const kept = await api.raw("GET", "health", { headers: { "x-request-id": "lb-7f3a.42:1" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.42:1");
    expect(linesOf("lb-7f3a.42:1")).toEqual([expect.objectContaining({ level: "info", msg: "request", method: "GET", route: "health", status: 200 })]);

    for (const insane of ["x".repeat(129), "two words", "<script>"]) {
      const made = (await api.raw("GET", "health", { headers: { "x-request-id": insane } })).headers.get("x-request-id");
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(made)).toHaveLength(1);
    }
  });

  it("logs a signed-in call with its school and person, and a refusal at info with its message key", async () => {
    const { teacher } = await api.tokens();
    const res = await api.raw("GET", "admModule/get", { token: teacher, headers: { "x-request-id": "refused-1" } });
    expect(res.status).toBe(403);
    const [line] = linesOf("refused-1");
    expect(line).toMatchObject({ level: "info", msg: "request refused", route: "admModule/get", status: 403, refusal: "api.forbidden" });
    expect(line!.tenantId).toEqual(expect.any(Number));
    expect(line!.userId).toEqual(expect.any(Number));
  });

  it("never logs a password, a token or an authorization header, and counts a failed sign-in", async () => {
    const before = await counted("sign_in_failures_total", { reason: "credentials" });
    await api.call("POST", "admStaff/login?adm=true", { body: { user: "admin@pizarra.demo", pass: "not-the-password" } });
    const { teacher } = await api.tokens();
    await api.call("GET", "admModule/get", { token: teacher });
    const written = JSON.stringify(lines);
    expect(written).not.toContain("not-the-password");
    expect(written).not.toContain(teacher);
    expect(written.toLowerCase()).not.toContain("bearer");
    expect(await counted("sign_in_failures_total", { reason: "credentials" })).toBe(before + 1);
  });

  it("logs a fault of the server as an error with the fault, and counts calls by route pattern, never the raw path", async () => {
    const router = new Router([
      publicRoute({
        method: "GET",
        path: "boom/{id}",
        auth: "public",
        answer: "response",
        handler: async () => {
          throw new Error("the handler broke");
        },
      }),
    ]);
    const labels = { method: "GET", route: "boom/{id}", status: "500" };
    const before = await counted("http_requests_total", labels);
    const res = await handle(router, new Request("http://127.0.0.1/api/boom/41", { headers: { "x-request-id": "fault-1" } }), "boom/41");
    expect(res.status).toBe(500);
    expect(linesOf("fault-1")).toEqual([
      expect.objectContaining({ level: "error", route: "boom/{id}", err: expect.objectContaining({ message: "the handler broke" }) }),
    ]);
    expect(await counted("http_requests_total", labels)).toBe(before + 1);
    const series = (await metrics.registry.getSingleMetric("http_request_duration_seconds")!.get()).values;
    expect(series.some((v) => v.labels.route === "boom/{id}")).toBe(true);
    expect(series.some((v) => String(v.labels.route).includes("41"))).toBe(false);
  });
});
