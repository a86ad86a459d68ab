import { ADMIN, apiLogin, expect, test, withDatabase } from "../fixtures";

const SCRIPT = "<script>alert(1)</script>";
/** What a client could write to pose as another address, or as a trusted proxy: all of it must be ignored. */
const FORGED = { "x-forwarded-for": SCRIPT, "x-pizarra-peer": "203.0.113.66", "x-real-ip": "203.0.113.67" };
/** Every spec signs in from here, and the server listens on loopback only: this is the peer the app must see. */
const LOOPBACK = "127.0.0.1";

test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL, the database the server under test uses");

test("a failed sign-in with forged forwarding headers is counted against the real peer address", async ({ request }) => {
  const email = `forwarded-${Date.now().toString(36)}@pizarra.demo`;
  const addressKey = `address:${LOOPBACK}`;
  const before = await withDatabase(async (db) => (await db.query('SELECT failures FROM "LoginThrottle" WHERE key = $1', [addressKey])).rows[0]);
  try {
    // One failure for an unknown account: far below either limit, so nothing gets locked.
    const res = await request.post("/api/admStaff/login?adm=true", { data: { ext: "", user: email, pass: "wrong" }, headers: FORGED });
    expect((await res.json()).status).toBe(-1);
    const keys = await withDatabase(async (db) =>
      (await db.query<{ key: string }>('SELECT key FROM "LoginThrottle" WHERE key LIKE $1', ["address:%"])).rows.map((r) => r.key),
    );
    expect(keys).toContain(addressKey);
    expect(keys.filter((key) => key !== addressKey)).toEqual([]);
  } finally {
    // The loopback address is every spec's: leave its count as it was.
    await withDatabase(async (db) => {
      await db.query('DELETE FROM "LoginThrottle" WHERE key = $1', [`account:${email}`]);
      if (before) await db.query('UPDATE "LoginThrottle" SET failures = $2, "lockedUntil" = NULL WHERE key = $1', [addressKey, before.failures]);
      else await db.query('DELETE FROM "LoginThrottle" WHERE key = $1', [addressKey]);
    });
  }
});

test("a write with forged forwarding headers is audited with the real peer address", async ({ request }) => {
  const { token } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${token}`, ...FORGED };
  const created = await request.post("/api/admCategory/create", { data: { name: `Forwarded ${Date.now()}`, type: "pho" }, headers });
  const id = String((await created.json()).data.ID);
  try {
    const ips = await withDatabase(async (db) =>
      (await db.query<{ ip: string | null }>('SELECT ip FROM "AuditLog" WHERE "moduleId" = $1 AND "recordId" = $2', ["admCategory", id])).rows.map((r) => r.ip),
    );
    expect(ips).toEqual([LOOPBACK]);
  } finally {
    await request.post(`/api/admCategory/delete/${id}?confirm=true`, { headers });
  }
});
