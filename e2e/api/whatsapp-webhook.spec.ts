import { createHmac } from "node:crypto";
import { expect, test, withDatabase } from "../fixtures";

/**
 * Meta's webhook has one way in, the worker's callback port (src/server/http/callback-lane.ts), with the same
 * signature check, limits and answers as every other call; the web app does not answer it.
 */
const SECRET = process.env.WHATSAPP_APP_SECRET ?? "";
const CALLBACKS = process.env.WORKER_CALLBACK_URL ?? "";
const WEBHOOK = `${CALLBACKS}/api/whatsapp/webhook`;

test.skip(
  !process.env.TEST_DATABASE_URL || !SECRET || !CALLBACKS,
  "needs TEST_DATABASE_URL, WHATSAPP_APP_SECRET and WORKER_CALLBACK_URL, those of the server and worker under test",
);

test("Meta's notifications and subscription check come in on the worker's port, never the web app's", async ({ request }) => {
  const web = await request.post("/api/whatsapp/webhook", { data: { entry: [] }, headers: { "x-locale": "en" } });
  expect(web.status()).toBe(404);
  const check = await request.get(`${WEBHOOK}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`, { headers: { "x-locale": "en" } });
  expect(check.status()).toBe(403);

  const unsigned = await request.post(WEBHOOK, { data: { entry: [] }, headers: { "x-locale": "en" } });
  expect(unsigned.status()).toBe(401);
  expect(await unsigned.json()).toMatchObject({ status: -401, msg: "The request's signature is missing or does not match: it was refused." });

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
  const queued = await withDatabase(
    async (db) => (await db.query(`SELECT 1 FROM pgboss.job WHERE name = 'whatsapp-status' AND data->>'id' = $1`, [id])).rowCount,
  );
  expect(queued).toBe(1);
});
