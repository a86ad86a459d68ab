import { once } from "node:events";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServerMjs } from "../../test-support/server-mjs.ts";

/** A GET on a connection of its own (no keep-alive pool): its status and body, or the error of its connection. */
function get(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on("error", reject);
  });
}

describe("apps/web/server.mjs on SIGTERM", () => {
  it("stops taking connections, answers the request in flight, and exits 0", async () => {
    // Next stands in as a handler that takes a second and a half to answer.
    const { base, child } = await startServerMjs(`export default () => ({
  prepare: async () => {},
  getRequestHandler: () => (req, res) => new Promise((resolve) => setTimeout(() => resolve(res.end("answered")), 1500)),
});`);
    const exited = once(child, "exit");
    const inFlight = get(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(get(`${base}/later`)).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toEqual({ status: 200, text: "answered" });
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
