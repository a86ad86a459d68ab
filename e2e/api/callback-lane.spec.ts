import { createHmac } from "node:crypto";
import { expect, test, withDatabase } from "../fixtures";

/**
 * Meta's webhook on the production server (server.mjs), for a deployment whose web app answers it (no worker callback
 * port): served past Next's request pipeline by the callback lane (src/server/http/callback-lane.ts), with the same
 * signature check, limits and answers as every other call.
 */
const SECRET = process.env.WHATSAPP_APP_SECRET ?? "";
const WEBHOOK = "/api/whatsapp/webhook";
/** Next marks every answer of its own pipeline as varying on its router headers; the lane's answer is the handler's alone. */
const viaNext = (headers: Record<string, string>) => (headers.vary ?? "").includes("rsc");

test.skip(!process.env.TEST_DATABASE_URL || !SECRET, "needs TEST_DATABASE_URL and WHATSAPP_APP_SECRET, those of the server under test");

test("Meta's notifications and subscription check take the callback lane, the API takes Next's", async ({ request }) => {
  // Any API call loads the API route module, which offers the lane.
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(viaNext(health.headers())).toBe(true);
  const check = await request.get(`${WEBHOOK}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`, { headers: { "x-locale": "en" } });
  expect(check.status()).toBe(403);
  expect(viaNext(check.headers())).toBe(false);

  const unsigned = await request.post(WEBHOOK, { data: { entry: [] }, headers: { "x-locale": "en" } });
  expect(unsigned.status()).toBe(401);
  expect(await unsigned.json()).toMatchObject({ status: -401, msg: "The request's signature is missing or does not match: it was refused." });
  expect(viaNext(unsigned.headers())).toBe(false);

  const oversized = await request.post(WEBHOOK, { data: "x".repeat(1_100_000), headers: { "content-type": "application/json", "x-locale": "es" } });
  expect(oversized.status()).toBe(413);
  expect((await oversized.json()).status).toBe(-413);

  const id = `wamid.e2e-lane-${Date.now()}`;
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba",
        changes: [
          {
            field: "messages",
            value: { metadata: { phone_number_id: "demo-number" }, statuses: [{ id, status: "delivered", timestamp: String(Math.floor(Date.now() / 1000)) }] },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac("sha256", SECRET).update(body, "utf8").digest("hex")}`;
  const signed = await request.post(`${WEBHOOK}?from=meta`, { data: body, headers: { "content-type": "application/json", "x-hub-signature-256": signature } });
  expect(signed.status()).toBe(200);
  expect(viaNext(signed.headers())).toBe(false);
  const queued = await withDatabase(
    async (db) => (await db.query(`SELECT 1 FROM pgboss.job WHERE name = 'whatsapp-status' AND data->>'id' = $1`, [id])).rowCount,
  );
  expect(queued).toBe(1);
});
