import { describe, expect, it } from "vitest";
import { z } from "zod";
import { publicRoute, type Route } from "./route.ts";
import { Router } from "./router.ts";

const r = (method: Route["method"], path: string) => publicRoute({ method, path, auth: "public", answer: z.string(), handler: async () => ({ data: path }) });

describe("Router", () => {
  const router = new Router([r("GET", "admStaff/tenants"), r("GET", "admStaff/{id}"), r("GET", "admStaff/tenants/{id}/menu"), r("POST", "admStaff/login")]);

  it("prefers literal segments over parameters", () => {
    const match = router.match("GET", "admStaff/tenants");
    expect(match !== null && match !== "method" && match.route.path).toBe("admStaff/tenants");
  });

  it("extracts parameters and ignores a trailing slash", () => {
    const match = router.match("GET", "admStaff/tenants/7/menu/");
    expect(match !== null && match !== "method" && match.params).toEqual({ id: "7" });
  });

  it("tells an unknown path from a known path with another verb", () => {
    expect(router.match("GET", "nope")).toBeNull();
    expect(router.match("PUT", "admStaff/login")).toBe("method");
  });

  it("refuses duplicate routes", () => {
    expect(() => new Router([r("GET", "a/{x}"), r("GET", "a/{y}")])).toThrow(/Duplicate/);
  });
});
