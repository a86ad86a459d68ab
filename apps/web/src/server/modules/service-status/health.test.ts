import { describe, expect, it } from "vitest";

describe("GET health without a database", () => {
  it("answers 503, not 500, when PostgreSQL cannot be reached", async () => {
    process.env.DATABASE_URL = "postgresql://nobody:nothing@127.0.0.1:9/none";
    const { GET } = await import("../../../app/api/[...path]/route.ts");
    const res = await GET(new Request("http://127.0.0.1/api/health", { headers: { "x-locale": "en" } }), {
      params: Promise.resolve({ path: ["health"] }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: -503, msg: "The service is temporarily unavailable. Please try again." });
  });

  it("answers 503 for a signed-in call too, since the token cannot be checked against the database", async () => {
    const { issueToken } = await import("../../auth/token.ts");
    const { token } = await issueToken({ userId: 1, tenantId: 1, accountId: 1, sessionId: "a-session-id-that-is-long-enough" });
    const { GET } = await import("../../../app/api/[...path]/route.ts");
    const res = await GET(new Request("http://127.0.0.1/api/admStaff/tenants", { headers: { authorization: `Bearer ${token}` } }), {
      params: Promise.resolve({ path: ["admStaff", "tenants"] }),
    });
    expect(res.status).toBe(503);
  });
});
