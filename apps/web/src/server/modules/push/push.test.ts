import { createECDH, randomBytes } from "node:crypto";
import { forTenant } from "@pizarra/db";
import webpush from "web-push";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { MAX_DEVICES } from "./subscriptions.ts";

const VAPID = webpush.generateVAPIDKeys();
process.env.VAPID_PUBLIC_KEY = VAPID.publicKey;
process.env.VAPID_PRIVATE_KEY = VAPID.privateKey;

const api = apiHarness({ school: true });
type Refusal = { errors: Record<string, string> };

let admin: string;
let northside: string;
let teacher: string;
let secretary: string;

beforeAll(async () => {
  ({ admin, northside, teacher, secretary } = await api.tokens());
});
beforeEach(async () => {
  await api.db().pushSubscription.deleteMany({});
});

/** What a browser's PushSubscription.toJSON() gives on Chrome (an FCM endpoint) with fresh keys. */
function browserSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}:APA91b${randomBytes(40).toString("base64url")}`,
) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } };
}

const post = <T = unknown>(path: string, token: string, body: unknown, locale: "es" | "en" = "es") => api.call<T>("POST", path, { token, body, locale });
const holders = async (endpoint: string) => api.db().pushSubscription.findMany({ where: { endpoint }, select: { tenantId: true, userId: true } });

describe("push/key", () => {
  it("gives any signed-in user the server's public key", async () => {
    const res = await api.call<{ publicKey: string }>("GET", "push/key", { token: secretary });
    expect(res.http).toBe(200);
    expect(res.body.data.publicKey).toBe(VAPID.publicKey);
    expect((await api.call("GET", "push/key")).http).toBe(401);
  });

  it("says in the user's language that push is not configured when the server has no VAPID keys", async () => {
    const config = env();
    const saved = config.VAPID_PRIVATE_KEY;
    config.VAPID_PRIVATE_KEY = undefined;
    try {
      const es = await api.call("GET", "push/key", { token: teacher });
      expect(es.http).toBe(409);
      expect(es.body.msg).toBe("Las notificaciones push no están configuradas en este servidor.");
      const en = await api.call("GET", "push/key", { token: teacher, locale: "en" });
      expect(en.body.msg).toBe("Push notifications are not configured on this server.");
      expect((await post("push/subscribe", teacher, browserSubscription(), "en")).http).toBe(409);
      expect(await api.db().pushSubscription.count()).toBe(0);
    } finally {
      config.VAPID_PRIVATE_KEY = saved;
    }
  });
});

describe("push/subscribe, push/status, push/unsubscribe", () => {
  it("keeps this browser for the caller, says so, and forgets it on unsubscribe", async () => {
    const { tenantId, teacherId } = await api.school();
    const subscription = browserSubscription();
    const res = await api.call<{ on: boolean }>("POST", "push/subscribe", {
      token: teacher,
      body: subscription,
      headers: { "user-agent": "Mozilla/5.0 (Android 14) Chrome/131 \u00e9" },
    });
    expect(res.body).toMatchObject({ status: 0, msg: "Las notificaciones están activadas en este dispositivo.", data: { on: true } });
    const row = await api.db().pushSubscription.findFirstOrThrow({ where: { endpoint: subscription.endpoint } });
    expect(row).toMatchObject({ tenantId, userId: teacherId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
    expect(row.userAgent).toBe("Mozilla/5.0 (Android 14) Chrome/131");

    // Subscribing again (new keys, same endpoint) updates the one row.
    const again = { ...browserSubscription(subscription.endpoint) };
    expect((await post("push/subscribe", teacher, again)).body.status).toBe(0);
    expect(await api.db().pushSubscription.count()).toBe(1);
    expect((await api.db().pushSubscription.findFirstOrThrow()).p256dh).toBe(again.keys.p256dh);

    expect((await post<{ on: boolean }>("push/status", teacher, { endpoint: subscription.endpoint })).body.data.on).toBe(true);
    expect((await post<{ on: boolean }>("push/status", secretary, { endpoint: subscription.endpoint })).body.data.on).toBe(false);

    const off = await post<{ on: boolean }>("push/unsubscribe", teacher, { endpoint: subscription.endpoint }, "en");
    expect(off.body).toMatchObject({ status: 0, msg: "Notifications are off for this device.", data: { on: false } });
    expect(await api.db().pushSubscription.count()).toBe(0);
    expect((await post<{ on: boolean }>("push/status", teacher, { endpoint: subscription.endpoint })).body.data.on).toBe(false);
  });

  it("never removes someone else's subscription, and answers as if it had (nothing to learn)", async () => {
    const subscription = browserSubscription();
    await post("push/subscribe", teacher, subscription);
    const res = await post("push/unsubscribe", secretary, { endpoint: subscription.endpoint });
    expect(res.body.status).toBe(0);
    // The same person in another school does not reach it either.
    expect((await post("push/unsubscribe", northside, { endpoint: subscription.endpoint })).body.status).toBe(0);
    const { teacherId } = await api.school();
    expect(await holders(subscription.endpoint)).toEqual([expect.objectContaining({ userId: teacherId })]);
  });

  it("moves an endpoint to whoever subscribes it last: another person here, or the same person in another school", async () => {
    const { tenantId, teacherId } = await api.school();
    const subscription = browserSubscription();
    await post("push/subscribe", teacher, subscription);
    await post("push/subscribe", secretary, subscription);
    const secretaryId = (await forTenant(api.db(), tenantId).user.findFirstOrThrow({ where: { mail: "secretaria@pizarra.demo" } })).id;
    expect(await holders(subscription.endpoint)).toEqual([{ tenantId, userId: secretaryId }]);
    expect(secretaryId).not.toBe(teacherId);

    await post("push/subscribe", admin, subscription);
    await post("push/subscribe", northside, subscription);
    const [held] = await holders(subscription.endpoint);
    expect(held!.tenantId).not.toBe(tenantId);
    expect(await api.db().pushSubscription.count()).toBe(1);
  });

  it(`keeps at most ${MAX_DEVICES} devices a person, dropping the one subscribed longest ago`, async () => {
    const subscriptions = Array.from({ length: MAX_DEVICES + 2 }, () => browserSubscription());
    for (const subscription of subscriptions) expect((await post("push/subscribe", teacher, subscription)).body.status).toBe(0);
    const kept = (await api.db().pushSubscription.findMany({ select: { endpoint: true } })).map((r) => r.endpoint).sort();
    expect(kept).toEqual(
      subscriptions
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );
  });

  it.each([
    ["es", {}, "endpoint", "El campo dirección del dispositivo es requerido."],
    ["en", { endpoint: "https://fcm.googleapis.com/fcm/send/x" }, "keys", "The device keys field is required."],
    ["en", { ...browserSubscription("http://fcm.googleapis.com/fcm/send/x") }, "endpoint", "The device address format is invalid."],
    [
      "es",
      { ...browserSubscription("https://169.254.169.254/latest/meta-data") },
      "endpoint",
      "El campo dirección del dispositivo no tiene un formato válido.",
    ],
    ["en", { ...browserSubscription("https://fcm.googleapis.com.attacker.example/x") }, "endpoint", "The device address format is invalid."],
    [
      "en",
      { ...browserSubscription(`https://fcm.googleapis.com/${"a".repeat(1000)}`) },
      "endpoint",
      "The device address may not be greater than 1000 characters.",
    ],
    [
      "en",
      { ...browserSubscription(), keys: { p256dh: "not base64!", auth: "AAAAAAAAAAAAAAAAAAAAAA" } },
      "keys.p256dh",
      "The device public key format is invalid.",
    ],
    [
      "es",
      { ...browserSubscription(), keys: { p256dh: Buffer.concat([Buffer.from([5]), randomBytes(64)]).toString("base64url"), auth: "AAAAAAAAAAAAAAAAAAAAAA" } },
      "keys.p256dh",
      "El campo clave pública del dispositivo no es válido.",
    ],
    ["en", { ...browserSubscription(), keys: { p256dh: browserSubscription().keys.p256dh, auth: "AAAA" } }, "keys.auth", "The device secret is invalid."],
    ["es", { ...browserSubscription(), keys: { p256dh: browserSubscription().keys.p256dh } }, "keys.auth", "El campo secreto del dispositivo es requerido."],
    ["en", [], "_", "The value has a wrong type."],
  ] as const)("refuses in %s a bad subscription naming the field (%#)", async (locale, body, field, message) => {
    const res = await post<Refusal>("push/subscribe", teacher, body, locale);
    expect(res.http).toBe(422);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().pushSubscription.count()).toBe(0);
  });

  // A whitelisted host name is not enough: the worker POSTs to the endpoint, so a port, credentials or a host written
  // in another way than plainly (that a parser may read otherwise than the whitelist did) would aim it elsewhere.
  it.each([
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://fcm.googleapis.com:80/fcm/send/x",
    "https://fcm.googleapis.com:0443/fcm/send/x",
    "https://fcm.googleapis.com:/fcm/send/x",
    "https://user:pass@fcm.googleapis.com/fcm/send/x",
    "https://user@fcm.googleapis.com/fcm/send/x",
    "https://@fcm.googleapis.com/fcm/send/x",
    "https://fcm%2Egoogleapis.com/fcm/send/x",
    "https://fcm.googleapis.co%6D/fcm/send/x",
    "https://%66cm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com./fcm/send/x",
    "https://[::1]/fcm/send/x",
    "https://[::ffff:142.250.0.1]/fcm/send/x",
    "https://142.250.0.1/fcm/send/x",
    "https://0x8efa0001/fcm/send/x",
    "https://fcm.googleapis.com\\@169.254.169.254/x",
    "https://169.254.169.254\\@fcm.googleapis.com/x",
    "https:fcm.googleapis.com/fcm/send/x",
    "https:/fcm.googleapis.com/fcm/send/x",
    "https:///fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com\t/fcm/send/x",
    "https://ｆcm.googleapis.com/fcm/send/x",
    " https://fcm.googleapis.com/fcm/send/x",
  ])("refuses an endpoint of a push service's host that is not its plain name on port 443: %s", async (endpoint) => {
    const res = await post<Refusal>("push/subscribe", teacher, browserSubscription(endpoint), "en");
    expect(res.http).toBe(422);
    expect(res.body.data.errors.endpoint).toBe("The device address format is invalid.");
    expect(await api.db().pushSubscription.count()).toBe(0);
  });

  it.each([
    "https://fcm.googleapis.com/fcm/send/abc:APA91b",
    "https://fcm.googleapis.com:443/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA%2b",
  ])("takes a push service's endpoint as browsers give it: %s", async (endpoint) => {
    const res = await post("push/subscribe", teacher, browserSubscription(endpoint));
    expect(res.body.status).toBe(0);
    expect(await holders(endpoint)).toHaveLength(1);
  });

  it("refuses an unsubscribe without an endpoint, naming the field in the user's language", async () => {
    const es = await post<Refusal>("push/unsubscribe", teacher, {});
    expect(es.body.data.errors.endpoint).toBe("El campo dirección del dispositivo es requerido.");
    const en = await post<Refusal>("push/unsubscribe", teacher, { endpoint: "x".repeat(1001) }, "en");
    expect(en.body.data.errors.endpoint).toBe("The device address may not be greater than 1000 characters.");
  });
});
