import http from "node:http";
import type PgBoss from "pg-boss";
import type { AddressInfo } from "node:net";
import { forTenant, type TenantDb } from "@pizarra/db";
import { seedTenant } from "@pizarra/db/seed";
import { createTestDatabase, demoTenants } from "@pizarra/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWhatsAppSink, type WhatsAppSink } from "../../../../../../scripts/lib/whatsapp-sink.ts";
import en from "../../../../messages/en.json";
import es from "../../../../messages/es.json";
import { apiHarness } from "../../../test-support/harness.ts";
import { schoolOfWhatsAppNumber, whatsapp, whatsappNumberOf } from "../../channels/whatsapp.ts";
import { startBoss, work } from "../../delivery/queue.ts";
import { claimMessages, deliver, SentLog } from "../../delivery/send-message.ts";
import { signBody } from "./signature.ts";
import { WHATSAPP_JOBS } from "./jobs.ts";
import { WHATSAPP_STATUS } from "./status-job.ts";

/**
 * The WhatsApp webhook through the real route handler and PostgreSQL: Meta's verify challenge, signed notifications
 * (statuses moving the ledger, families' messages kept once, STOP as an opt-out), and unsigned ones refused with
 * nothing stored. The sink (scripts/lib/whatsapp-sink.ts) calls back over loopback HTTP, as Meta would.
 */
const api = apiHarness({ school: true });
const SECRET = "test-app-secret";
const VERIFY = "test-verify-token";
const SCHOOL_NUMBER = "PN-COLEGIO";
/** Northside School's own receiving number. */
const NORTH_NUMBER = "PN-NORTH";

let sink: WhatsAppSink;
let bridge: http.Server;
let school: TenantDb;
let tenantId: number;
let northsideId: number;
let relative: { id: number; cel: string };
let queue: PgBoss;

beforeAll(async () => {
  // A loopback HTTP hop into the in-process callback routes: the sink calls it like Meta calls the worker's port.
  bridge = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      const signature = req.headers["x-hub-signature-256"];
      if (typeof signature === "string") headers["x-hub-signature-256"] = signature;
      const answer = await api.rawCallback("POST", "whatsapp/webhook", { rawBody: Buffer.concat(chunks).toString("utf8"), headers });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => bridge.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/api/whatsapp/webhook`;
  sink = await startWhatsAppSink({ port: 0, webhookUrl, appSecret: SECRET, delays: { sent: 50, delivered: 100, read: 200 } });
  // env() reads these on its first call, which comes after this.
  Object.assign(process.env, {
    WHATSAPP_API_URL: sink.url,
    WHATSAPP_TOKEN: "test-token",
    WHATSAPP_PHONE_NUMBER_ID: SCHOOL_NUMBER,
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY,
  });
  ({ db: school, tenantId } = await api.school());
  // The webhook queues statuses; the worker's consumer of that queue, here in the test's process, applies them.
  queue = await startBoss(WHATSAPP_JOBS, api.state.database!.url);
  for (const job of WHATSAPP_JOBS) await work(queue, api.db(), job);
  northsideId = (await demoTenants(api.db())).northside;
  await ownNumber(tenantId, SCHOOL_NUMBER);
  await ownNumber(northsideId, NORTH_NUMBER);
  const someone = await school.user.findFirstOrThrow({ where: { type: 1, inactive: false }, select: { id: true } });
  // As stored (E.164); WhatsApp writes from 51987654321.
  relative = { id: someone.id, cel: "+51987654321" };
  await school.user.update({ where: { id: relative.id }, data: { cel: relative.cel } });
});
afterAll(async () => {
  await queue?.stop({ graceful: true, wait: true });
  await sink?.close();
  await new Promise((resolve) => bridge?.close(resolve));
});

/** The school that owns a receiving number (Meta's phone_number_id). */
async function ownNumber(id: number, phoneNumberId: string | null) {
  await api.db().tenant.update({ where: { id }, data: { whatsappPhoneNumberId: phoneNumberId } });
}

type Json = Record<string, unknown>;
const notification = (value: Json, phoneNumberId = SCHOOL_NUMBER) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "waba",
      changes: [
        {
          field: "messages",
          value: { messaging_product: "whatsapp", metadata: { display_phone_number: "51100000000", phone_number_id: phoneNumberId }, ...value },
        },
      ],
    },
  ],
});
const inbound = (from: string, id: string, text: string, phoneNumberId?: string) =>
  notification(
    { contacts: [{ profile: { name: "Familia" }, wa_id: from }], messages: [{ from, id, timestamp: "1764115200", type: "text", text: { body: text } }] },
    phoneNumberId,
  );
const status = (id: string, state: string, seconds: number, errors?: Json[]) =>
  notification({ statuses: [{ id, status: state, timestamp: String(seconds), recipient_id: "51987654321", ...(errors ? { errors } : {}) }] });

/** A notification POSTed as Meta does: the body's bytes signed with `secret` (none: no signature header). */
function post(payload: unknown, { secret = SECRET as string | null, locale = "es" as "es" | "en" } = {}) {
  const rawBody = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret) headers["x-hub-signature-256"] = signBody(rawBody, secret);
  return api.rawCallback("POST", "whatsapp/webhook", { rawBody, headers, locale });
}
/** Waits until every queued status has been applied. */
async function applied() {
  const waiting = async () =>
    Number(
      (await api.db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${WHATSAPP_STATUS.name} AND state < 'completed'`)[0]!.n,
    );
  await expect.poll(waiting, { timeout: 15_000 }).toBe(0);
}
const envelope = async (res: Response) => (await res.json()) as { status: number; msg: string };
const stored = (providerId: string) => api.db().inboundMessage.count({ where: { channel: "whatsapp", providerId } });

describe("GET whatsapp/webhook (Meta's verify challenge)", () => {
  it("answers the challenge as plain text to the right token", async () => {
    const res = await api.rawCallback("GET", `whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("1158201444");
  });

  it.each([
    ["es", `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`],
    ["en", `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`],
    ["en", ""],
  ] as const)("refuses (%s) a wrong token or mode: %s", async (locale, query) => {
    const res = await api.rawCallback("GET", `whatsapp/webhook?${query}`, { locale });
    expect(res.status).toBe(403);
    expect(await envelope(res)).toMatchObject({ status: -403, msg: { es, en }[locale].api.webhookVerifyRefused });
  });

  it.each([
    ["shorter than the right one", "test"],
    ["longer than the right one", `${VERIFY}-and-more`],
    ["as long as the right one", VERIFY.replace(/.$/, "X")],
    ["given twice, the last one wrong", `${VERIFY}&hub.verify_token=${VERIFY.slice(1)}`],
  ])("refuses a wrong token (%s) with the same answer", async (_, token) => {
    const res = await api.rawCallback("GET", `whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1`);
    expect(res.status).toBe(403);
    expect(await envelope(res)).toMatchObject({ status: -403, msg: es.api.webhookVerifyRefused });
  });
});

describe("POST whatsapp/webhook", () => {
  it.each([
    ["es", "another secret", "another-secret", "wamid.bad-1"],
    ["en", "no signature", null, "wamid.bad-2"],
  ] as const)("refuses (%s) a notification with %s, storing nothing", async (locale, _, secret, id) => {
    const res = await post(inbound("51987654321", id, "STOP"), { secret, locale });
    expect(res.status).toBe(401);
    expect(await envelope(res)).toMatchObject({ status: -401, msg: { es, en }[locale].api.badSignature });
    expect(await stored(id)).toBe(0);
    expect(await school.channelOptOut.count({ where: { userId: relative.id } })).toBe(0);
  });

  it("refuses a body changed after signing", async () => {
    const payload = inbound("51987654321", "wamid.tampered", "Hola");
    const headers = { "content-type": "application/json", "x-hub-signature-256": signBody(JSON.stringify(payload), SECRET) };
    const res = await api.rawCallback("POST", "whatsapp/webhook", { rawBody: JSON.stringify(payload).replace("Hola", "STOP"), headers });
    expect(res.status).toBe(401);
    expect(await stored("wamid.tampered")).toBe(0);
  });

  it("moves a ledger row forward only, on signed statuses", async () => {
    const row = await school.message.create({
      data: {
        key: "test:status",
        source: "notification",
        channel: "whatsapp",
        address: "51987654321",
        text: "Hola",
        status: "sent",
        providerId: "wamid.status-1",
      },
    });
    const read = async () => school.message.findFirstOrThrow({ where: { id: row.id } });
    expect((await post(status("wamid.status-1", "delivered", 1764115300))).status).toBe(200);
    await applied();
    expect(await read()).toMatchObject({ status: "delivered", deliveredAt: new Date(1764115300_000) });
    await post(status("wamid.status-1", "read", 1764115400));
    // Late or out of order: a "sent" after "read", or a failure after delivery, changes nothing.
    await post(status("wamid.status-1", "sent", 1764115200));
    await post(status("wamid.status-1", "failed", 1764115500, [{ code: 131026, title: "Message undeliverable" }]));
    await applied();
    expect(await read()).toMatchObject({ status: "read", readAt: new Date(1764115400_000), error: null });
  });

  it("keeps the delivery time of a message whose read overtook its delivery, and applies a batch of both at once", async () => {
    const rows = await Promise.all(
      ["late-1", "late-2"].map((id) =>
        school.message.create({
          data: {
            key: `test:${id}`,
            source: "notification",
            channel: "whatsapp",
            address: "51987654321",
            text: "Hola",
            status: "sent",
            providerId: `wamid.${id}`,
          },
        }),
      ),
    );
    await post(status("wamid.late-1", "read", 1764115400));
    await applied();
    await post(status("wamid.late-1", "delivered", 1764115300));
    await post(
      notification({
        statuses: [
          { id: "wamid.late-2", status: "read", timestamp: "1764115400", recipient_id: "51987654321" },
          { id: "wamid.late-2", status: "delivered", timestamp: "1764115300", recipient_id: "51987654321" },
        ],
      }),
    );
    await applied();
    for (const row of rows) {
      expect(await school.message.findFirstOrThrow({ where: { id: row.id } })).toMatchObject({
        status: "read",
        deliveredAt: new Date(1764115300_000),
        readAt: new Date(1764115400_000),
      });
    }
  });

  it("finds by its ledger key a message whose send the worker has not recorded yet, and keeps Meta's id", async () => {
    const row = await school.message.create({
      data: { key: "test:early", source: "notification", channel: "whatsapp", address: "51987654321", text: "Hola", status: "sending" },
    });
    const early = notification({
      statuses: [{ id: "wamid.early-1", status: "delivered", timestamp: "1764115300", recipient_id: "51987654321", biz_opaque_callback_data: "test:early" }],
    });
    expect((await post(early)).status).toBe(200);
    await applied();
    expect(await school.message.findFirstOrThrow({ where: { id: row.id } })).toMatchObject({ status: "delivered", providerId: "wamid.early-1" });
    // Its later callbacks name only Meta's id, which is now known.
    await post(status("wamid.early-1", "read", 1764115400));
    await applied();
    expect((await school.message.findFirstOrThrow({ where: { id: row.id } })).status).toBe("read");
  });

  it("records a failure with Meta's code and title", async () => {
    const row = await school.message.create({
      data: {
        key: "test:failed",
        source: "notification",
        channel: "whatsapp",
        address: "51987654321",
        text: "Hola",
        status: "sent",
        providerId: "wamid.failed-1",
      },
    });
    await post(status("wamid.failed-1", "failed", 1764115500, [{ code: 131026, title: "Message undeliverable" }]));
    await applied();
    expect(await school.message.findFirstOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "failed",
      permanent: true,
      error: "131026 Message undeliverable",
    });
  });

  it("follows a message sent through the channel to read, by the sink's signed callbacks", async () => {
    const row = await school.message.create({
      data: { key: "test:e2e", source: "notification", channel: "whatsapp", address: "51987654321", text: "Hola", status: "sending" },
    });
    const outcome = await whatsapp.send({
      id: row.id,
      key: row.key,
      tenantId,
      userId: null,
      address: row.address,
      replyTo: null,
      locale: "es",
      subject: null,
      text: "Hola",
      html: null,
      template: { name: "aviso", language: "es", params: ["Ana"] },
      from: SCHOOL_NUMBER,
    });
    if (!outcome.ok) throw new Error(outcome.error);
    await school.message.update({ where: { id: row.id }, data: { providerId: outcome.providerId } });
    await expect.poll(async () => (await school.message.findFirstOrThrow({ where: { id: row.id } })).status, { timeout: 5000 }).toBe("read");
  });

  it("keeps a family's message once when Meta delivers it twice, with its school and sender", async () => {
    const payload = inbound("51987654321", "wamid.in-1", "¿Mañana hay clases?");
    expect((await post(payload)).status).toBe(200);
    const res = await post(payload);
    expect(res.status).toBe(200);
    expect(await envelope(res)).toMatchObject({ status: 0 });
    const rows = await school.inboundMessage.findMany({ where: { providerId: "wamid.in-1" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "whatsapp", fromAddress: "51987654321", userId: relative.id, kind: "text", text: "¿Mañana hay clases?" });
    expect(rows[0]!.payload).toMatchObject({ id: "wamid.in-1", from: "51987654321" });
  });

  it("takes STOP or BAJA from a known person as an opt-out from WhatsApp, once", async () => {
    await post(inbound("51987654321", "wamid.stop-1", "  Baja "));
    await post(inbound("51987654321", "wamid.stop-2", "STOP"));
    expect(await school.channelOptOut.findMany({ where: { userId: relative.id }, select: { channel: true, via: true } })).toEqual([
      { channel: "whatsapp", via: "reply" },
    ]);
    expect(await stored("wamid.stop-2")).toBe(1);
  });

  it("takes a family's reply sent through the sink", async () => {
    const { id, status: http } = await sink.receive("51987654321", "Gracias", SCHOOL_NUMBER);
    expect(http).toBe(200);
    expect(await school.inboundMessage.count({ where: { providerId: id, userId: relative.id, text: "Gracias" } })).toBe(1);
  });
});

/**
 * A family's number is the person's whole number (E.164), in the school that owns the number it wrote to: never a
 * number that only ends the same way, never a person of another school, never anyone when the receiving number is
 * no school's.
 */
describe("a number is matched whole, inside the school that owns the receiving number", () => {
  let admin: string;
  let northside: string;
  /** In Colegio Demo: +51 900 111 001 (typed as a local number) and +51 911 222 333. */
  let shared: number;
  let onlyHere: number;
  /** In Northside: the same number, typed with its country code. */
  let there: number;
  const optedOut = (userId: number) => api.db().channelOptOut.count({ where: { userId, channel: "whatsapp" } });
  const relativeWith = async (token: string, code: string, cel: string) => {
    const res = await api.call<{ ID: number }>("POST", "admRelatives/create", {
      token,
      body: { externalId: code, name: "Rosa", last: "Quispe", gender: "F", nationality: "Peruana", mail: `${code.toLowerCase()}@correo.pe`, cel },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: 0 });
    return res.body.data.ID;
  };

  beforeAll(async () => {
    ({ admin, northside } = await api.tokens());
    shared = await relativeWith(admin, "WA-1", "900 111 001");
    onlyHere = await relativeWith(admin, "WA-2", "911 222 333");
    there = await relativeWith(northside, "WA-3", "+51 900111001");
  });

  it("takes no BAJA from a number that only shares the person's last nine digits", async () => {
    expect((await post(inbound("15900111001", "wamid.tail-1", "Baja"))).status).toBe(200);
    expect(await optedOut(shared)).toBe(0);
    expect(await api.db().inboundMessage.findFirstOrThrow({ where: { providerId: "wamid.tail-1" } })).toMatchObject({ tenantId, userId: null });
  });

  it("takes no BAJA for a person of one school from a message to another school's number", async () => {
    await post(inbound("51911222333", "wamid.other-1", "Baja", NORTH_NUMBER));
    expect(await optedOut(onlyHere)).toBe(0);
    expect(await api.db().inboundMessage.findFirstOrThrow({ where: { providerId: "wamid.other-1" } })).toMatchObject({
      tenantId: northsideId,
      userId: null,
    });
  });

  it("drops a message to a number no school owns, looking for its sender in no school", async () => {
    const res = await post(inbound("51911222333", "wamid.nobody-1", "Baja", "PN-UNKNOWN"));
    expect(res.status).toBe(200);
    expect(await optedOut(onlyHere)).toBe(0);
    expect(await stored("wamid.nobody-1")).toBe(0);
    // Nor without any receiving number.
    const payload = inbound("51911222333", "wamid.nobody-2", "Baja") as { entry: { changes: { value: Json }[] }[] };
    delete payload.entry[0]!.changes[0]!.value.metadata;
    await post(payload);
    expect(await optedOut(onlyHere)).toBe(0);
    expect(await stored("wamid.nobody-2")).toBe(0);
  });

  it("takes the BAJA of the whole number on the school's own number for that school's person only", async () => {
    await post(inbound("51900111001", "wamid.whole-1", "Baja"));
    expect(await optedOut(shared)).toBe(1);
    expect(await optedOut(there)).toBe(0);
    expect(await api.db().inboundMessage.findFirstOrThrow({ where: { providerId: "wamid.whole-1" } })).toMatchObject({ tenantId, userId: shared });
    // The same number writing to Northside is Northside's person.
    await post(inbound("51900111001", "wamid.whole-2", "Baja", NORTH_NUMBER));
    expect(await optedOut(there)).toBe(1);
  });

  it("changes nothing on a status whose message is another school's, by provider id or by ledger key", async () => {
    const row = (key: string, providerId: string | null) =>
      school.message.create({
        data: { key, source: "notification", channel: "whatsapp", address: "51987654321", text: "Hola", status: providerId ? "sent" : "sending", providerId },
      });
    const read = await row("test:cross-read", "wamid.cross-1");
    const failed = await row("test:cross-failed", "wamid.cross-2");
    const early = await row("test:cross-early", null);
    const statuses = (phoneNumberId: string) =>
      notification(
        {
          statuses: [
            { id: "wamid.cross-1", status: "read", timestamp: "1764115400", recipient_id: "51987654321" },
            { id: "wamid.cross-2", status: "failed", timestamp: "1764115400", errors: [{ code: 131026, title: "Message undeliverable" }] },
            { id: "wamid.cross-3", status: "delivered", timestamp: "1764115400", biz_opaque_callback_data: "test:cross-early" },
          ],
        },
        phoneNumberId,
      );
    expect((await post(statuses(NORTH_NUMBER))).status).toBe(200);
    expect((await post(statuses("PN-UNKNOWN"))).status).toBe(200);
    await applied();
    const now = async (id: number) => school.message.findFirstOrThrow({ where: { id }, select: { status: true, providerId: true, error: true } });
    expect(await now(read.id)).toEqual({ status: "sent", providerId: "wamid.cross-1", error: null });
    expect(await now(failed.id)).toEqual({ status: "sent", providerId: "wamid.cross-2", error: null });
    expect(await now(early.id)).toEqual({ status: "sending", providerId: null, error: null });
    // On the school's own number the same statuses apply.
    await post(statuses(SCHOOL_NUMBER));
    await applied();
    expect((await now(read.id)).status).toBe("read");
    expect((await now(failed.id)).status).toBe("failed");
    expect(await now(early.id)).toMatchObject({ status: "delivered", providerId: "wamid.cross-3" });
  });
});

/**
 * The worker sends each school's messages from the school's own number, so that Meta's statuses and the families'
 * replies come back to that school: never from another school's number (here the deployment's default number is
 * Colegio Demo's own), whose calls the webhook would read inside the other school.
 */
describe("each school's messages go from its own number, and come back to it", () => {
  /** A WhatsApp ledger row of a school, claimed and sent as the worker does. */
  async function sendAs(tenant: number, key: string) {
    const db = forTenant(api.db(), tenant);
    const row = await db.message.create({ data: { key, source: "notification", channel: "whatsapp", address: "51987654321", text: "Hola" } });
    const [claimed] = await claimMessages(api.db(), [{ tenantId: tenant, ids: [row.id] }]);
    const log = new SentLog(api.db());
    await deliver(api.db(), claimed!, log);
    await log.flush();
    const now = () => db.message.findFirstOrThrow({ where: { id: row.id }, select: { status: true, providerId: true, error: true, permanent: true } });
    return { now, sent: () => sink.messages().filter((m) => m.key === key) };
  }

  it("sends Northside's message from Northside's number, and its statuses move Northside's row to read", async () => {
    const { now, sent } = await sendAs(northsideId, "test:own-number");
    expect(sent().map((m) => m.phoneNumberId)).toEqual([NORTH_NUMBER]);
    await expect.poll(async () => (await now()).status, { timeout: 5000 }).toBe("read");
    expect((await now()).providerId).toBe(sent()[0]!.id);
  });

  it("sends nothing for a school without a number of its own in a deployment of several: the default is another school's", async () => {
    const { tenantId: third } = await seedTenant(api.db(), { title: "Colegio Tres", alias: "colegio-tres-wa", defaultLocale: "es", groups: [] });
    const { now, sent } = await sendAs(third, "test:no-number");
    expect(sent().map((m) => m.phoneNumberId)).toEqual([]);
    // Failed for good, so that it falls back to the message's second channel where it has one.
    expect(await now()).toMatchObject({ status: "failed", permanent: true, error: "notConfigured" });
    expect(await whatsappNumberOf(api.db(), third)).toBeNull();
  });

  it("refuses to schedule WhatsApp for a school without a number of its own, saying so in the user's language", async () => {
    const { northside } = await api.tokens();
    const template = (await api.rows<{ ID: string }>("admLocalization/get?type=w&PageSize=1", northside))[0]!;
    const created = await api.call<{ ID: number }>("POST", "admNotification/create", {
      token: northside,
      body: { name: "Aviso", doWA: true, doWATemplate: template.ID, title: "Aviso", body: "<p>Hola</p>", sendOn: "2099-01-01 08:00" },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    await ownNumber(northsideId, null);
    try {
      for (const [locale, said] of [
        ["en", en.delivery.noSchoolNumber],
        ["es", es.delivery.noSchoolNumber],
      ] as const) {
        const dry = await api.call<{ errors: Record<string, string> }>("POST", `admNotification/schedule/${created.body.data.ID}`, {
          token: northside,
          locale,
        });
        expect(dry.http).toBe(422);
        expect(dry.body.data.errors.doWA).toBe(said);
      }
    } finally {
      await ownNumber(northsideId, NORTH_NUMBER);
    }
    const owned = await api.call<{ errors?: Record<string, string> }>("POST", `admNotification/schedule/${created.body.data.ID}`, { token: northside });
    expect(owned.body.data.errors?.doWA).toBeUndefined();
  });
});

/**
 * The deployment's default number (WHATSAPP_PHONE_NUMBER_ID, here PN-COLEGIO) serves a school without a number of its
 * own only as the deployment's only school, both ways: sending from it, and reading its calls. A second school ends
 * that, so the default never comes to serve a school other than the one it was sent for.
 */
describe("the default number, for a deployment's only school", () => {
  it("is the only school's, both ways, while it has none of its own and until a second school comes", async () => {
    const deployment = await createTestDatabase("empty");
    const { db } = deployment;
    const numbersOf = (...ids: number[]) => Promise.all(ids.map((id) => whatsappNumberOf(db, id)));
    const schoolsOf = (...numbers: string[]) => Promise.all(numbers.map((n) => schoolOfWhatsAppNumber(db, n)));
    try {
      const { tenantId: only } = await seedTenant(db, { title: "Colegio Único", alias: "unico", defaultLocale: "es", groups: [] });
      expect(await numbersOf(only)).toEqual([SCHOOL_NUMBER]);
      expect(await schoolsOf(SCHOOL_NUMBER, NORTH_NUMBER)).toEqual([only, null]);
      // With a number of its own, the school sends from it, and the default is no one's.
      await db.tenant.update({ where: { id: only }, data: { whatsappPhoneNumberId: "PN-UNICO" } });
      expect(await numbersOf(only)).toEqual(["PN-UNICO"]);
      expect(await schoolsOf("PN-UNICO", SCHOOL_NUMBER)).toEqual([only, null]);
      await db.tenant.update({ where: { id: only }, data: { whatsappPhoneNumberId: null } });
      // A second school ends it: the default serves neither, and never the one that did not send from it.
      const { tenantId: second } = await seedTenant(db, { title: "Colegio Dos", alias: "dos", defaultLocale: "es", groups: [] });
      expect(await numbersOf(only, second)).toEqual([null, null]);
      expect(await schoolsOf(SCHOOL_NUMBER)).toEqual([null]);
      await db.tenant.update({ where: { id: second }, data: { whatsappPhoneNumberId: "PN-DOS" } });
      expect(await numbersOf(only, second)).toEqual([null, "PN-DOS"]);
      expect(await schoolsOf("PN-DOS", SCHOOL_NUMBER)).toEqual([second, null]);
    } finally {
      await deployment.drop();
    }
  });
});
