import { ADMIN, apiLogin, expect, TEACHER, test } from "../fixtures";

test("health answers 200 with the database up", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect((await res.json()).data).toEqual({ database: "up" });
});

test("a signed-in teacher is refused a module of the administrators over HTTP", async ({ request }) => {
  const { token } = await apiLogin(request, TEACHER);
  const res = await request.get("/api/admModule/get", { headers: { authorization: `Bearer ${token}`, "x-locale": "en" } });
  expect(res.status()).toBe(403);
  expect((await res.json()).msg).toBe("You do not have permission for this module: admModule");
});

test("malformed JSON gets 400 and no token gets 401", async ({ request }) => {
  const bad = await request.post("/api/admStaff/login?adm=true", { data: Buffer.from("{not json"), headers: { "content-type": "application/json" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).Message).toBeTruthy();
  expect((await request.get("/api/admStaff/tenants")).status()).toBe(401);
});

test("the admin's answer carries both schools' selector data", async ({ request }) => {
  const answer = await apiLogin(request, ADMIN);
  expect(answer.multiTenant).toBe(true);
  const tenants = await request.get("/api/admStaff/tenants", { headers: { authorization: `Bearer ${answer.token}` } });
  expect((await tenants.json()).data).toHaveLength(2);
});

test("pages carry a Content-Security-Policy whose scripts need a per-request nonce", async ({ request }) => {
  const first = (await request.get("/user/login")).headers()["content-security-policy"];
  const second = (await request.get("/user/login")).headers()["content-security-policy"];
  expect(first).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(first).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(first).toContain("frame-ancestors 'none'");
  expect(second).not.toBe(first);
});
