import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify } from "jose";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import type { Outgoing } from "./channel.ts";
import { push } from "./push.ts";

const VAPID = webpush.generateVAPIDKeys();
process.env.VAPID_PUBLIC_KEY = VAPID.publicKey;
process.env.VAPID_PRIVATE_KEY = VAPID.privateKey;
process.env.VAPID_SUBJECT = "mailto:soporte@colegio.test";
process.env.PUBLIC_URL = "https://pizarra.colegio.test";

const api = apiHarness({ school: true });

/** What the loopback push service received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on loopback (RFC 8030 over plain HTTP): /ok/* accepts (201 and the message's Location), /gone/*
 * says the subscription expired (410), /busy/* asks to slow down (429), /down/* fails (503).
 */
let service: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = path.startsWith("/ok/") ? 201 : path.startsWith("/gone/") ? 410 : path.startsWith("/busy/") ? 429 : 503;
      if (status === 201) res.setHeader("Location", `${base}/message${path.slice(3)}-${received.length}`);
      res.writeHead(status).end(status === 201 ? "" : "no");
    });
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager.subscribe makes them. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString("base64url"), authText: auth.toString("base64url") };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac("sha256", key).update(Buffer.concat(data)).digest();

/**
 * The browser's decryption, written from RFC 8291 §3.3–3.4 and RFC 8188 §2 (not web-push's code): the aes128gcm
 * header (salt, record size, the server's ephemeral public key), the shared secret, the key and nonce, one record.
 */
function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(keys.auth, shared);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

async function school() {
  const { db, tenantId, teacherId } = await api.school();
  return { db, tenantId, teacherId };
}

async function device(path: string, keys = browserKeys()) {
  const { db, teacherId } = await school();
  const row = await db.pushSubscription.create({ data: { userId: teacherId, endpoint: `${base}${path}`, p256dh: keys.p256dh, auth: keys.authText } });
  return { row, keys };
}

async function message(overrides: Partial<Outgoing> = {}): Promise<Outgoing> {
  const { tenantId, teacherId } = await school();
  return {
    id: 1,
    key: "notification:7:0:push",
    tenantId,
    userId: teacherId,
    address: `user:${teacherId}`,
    replyTo: null,
    locale: "es",
    subject: "Reunión de padres",
    text: "Mañana a las 8:00 en el auditorio.",
    html: null,
    template: null,
    ...overrides,
  };
}

describe("push channel (Web Push, VAPID)", () => {
  beforeEach(async () => {
    const { db } = await school();
    await db.pushSubscription.deleteMany({});
  });

  it("is configured by the VAPID key pair", () => {
    expect(push.name).toBe("push");
    expect(push.configured()).toBe(true);
  });

  it("sends an encrypted message signed with VAPID that the browser's keys decrypt", async () => {
    const { row, keys } = await device("/ok/phone");
    const outcome = await push.send(await message());
    expect(outcome).toEqual({ ok: true, providerId: `${base}/message/phone-1` });
    expect(received).toHaveLength(1);
    const { path, headers, body } = received[0]!;
    expect(path).toBe("/ok/phone");

    // RFC 8292: Authorization: vapid t=<JWT signed ES256 by the server's key>, k=<that public key>.
    const auth = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? "");
    expect(auth).not.toBeNull();
    expect(auth![2]).toBe(VAPID.publicKey);
    const point = Buffer.from(auth![2]!, "base64url");
    const key = await importJWK(
      { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
      "ES256",
    );
    const { payload: claims, protectedHeader } = await jwtVerify(auth![1]!, key, { algorithms: ["ES256"], audience: base });
    expect(protectedHeader.alg).toBe("ES256");
    expect(claims.sub).toBe("mailto:soporte@colegio.test");
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

    // RFC 8030 and 8188: a day to live, aes128gcm, and a topic so that a resend replaces an undelivered copy.
    expect(headers["content-encoding"]).toBe("aes128gcm");
    expect(headers.ttl).toBe("86400");
    expect(headers.topic).toMatch(/^[\w-]{32}$/);
    expect(headers["content-type"]).toBe("application/octet-stream");
    expect(body.length).toBeLessThanOrEqual(4096);

    expect(JSON.parse(decrypt(body, keys))).toEqual({
      title: "Reunión de padres",
      body: "Mañana a las 8:00 en el auditorio.",
      tag: "notification:7:0:push",
      url: "https://pizarra.colegio.test/app/home",
    });
    const { db } = await school();
    expect((await db.pushSubscription.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt).not.toBeNull();
  });

  it("sends the same topic for the same ledger row, so a resend replaces its undelivered copy", async () => {
    await device("/ok/phone");
    await push.send(await message());
    await push.send(await message());
    await push.send(await message({ key: "notification:8:0:push" }));
    expect(received[0]!.headers.topic).toBe(received[1]!.headers.topic);
    expect(received[2]!.headers.topic).not.toBe(received[0]!.headers.topic);
  });

  it("reaches every device of the person, forgets the ones the push service says are gone (410)", async () => {
    const { keys } = await device("/ok/laptop");
    const gone = await device("/gone/old-phone");
    const outcome = await push.send(await message());
    expect(outcome.ok).toBe(true);
    expect(received.map((r) => r.path).sort()).toEqual(["/gone/old-phone", "/ok/laptop"]);
    expect(JSON.parse(decrypt(received.find((r) => r.path === "/ok/laptop")!.body, keys)).title).toBe("Reunión de padres");
    const { db } = await school();
    expect(await db.pushSubscription.findFirst({ where: { id: gone.row.id } })).toBeNull();
  });

  it("fails for good with noDevice when the only device is gone, and when there is none", async () => {
    const gone = await device("/gone/phone");
    expect(await push.send(await message())).toEqual({ ok: false, permanent: true, error: "noDevice" });
    const { db } = await school();
    expect(await db.pushSubscription.count({ where: { id: gone.row.id } })).toBe(0);
    received.length = 0;
    expect(await push.send(await message())).toEqual({ ok: false, permanent: true, error: "noDevice" });
    expect(received).toHaveLength(0);
    expect(await push.send(await message({ address: "someone@colegio.test" }))).toEqual({ ok: false, permanent: true, error: "noDevice" });
  });

  it("is retried when the push service is busy (429) or failing (5xx) or unreachable, keeping the device", async () => {
    const busy = await device("/busy/phone");
    const busyOutcome = await push.send(await message());
    expect(busyOutcome).toMatchObject({ ok: false, permanent: false });
    expect(!busyOutcome.ok && busyOutcome.error).toContain("429");
    const { db } = await school();
    await db.pushSubscription.delete({ where: { id: busy.row.id } });

    await device("/down/phone");
    expect(await push.send(await message())).toMatchObject({ ok: false, permanent: false, error: "HTTP 503: no" });

    await db.pushSubscription.deleteMany({});
    const closed = browserKeys();
    await db.pushSubscription.create({
      data: { userId: (await school()).teacherId, endpoint: "http://127.0.0.1:9/nobody", p256dh: closed.p256dh, auth: closed.authText },
    });
    expect(await push.send(await message())).toMatchObject({ ok: false, permanent: false });
    expect(await db.pushSubscription.count()).toBe(1);
  });

  it("cuts a long text so that the encrypted message fits the 4 KB a push service takes", async () => {
    const { keys } = await device("/ok/phone");
    const outcome = await push.send(await message({ subject: "Ñ".repeat(400), text: "¡Atención! ".repeat(800) }));
    expect(outcome.ok).toBe(true);
    expect(received[0]!.body.length).toBeLessThanOrEqual(4096);
    const shown = JSON.parse(decrypt(received[0]!.body, keys)) as { title: string; body: string };
    expect(Array.from(shown.title)).toHaveLength(150);
    expect(shown.body.endsWith("…")).toBe(true);
  });

  it("sends only to the devices of the row's person in the row's school", async () => {
    const { db, tenantId } = await school();
    const secretary = await db.user.findFirstOrThrow({ where: { mail: "secretaria@pizarra.demo" }, select: { id: true } });
    const mine = browserKeys();
    await db.pushSubscription.create({ data: { userId: secretary.id, endpoint: `${base}/ok/secretary`, p256dh: mine.p256dh, auth: mine.authText } });
    await device("/ok/teacher");
    // Another school's id on the row: none of Colegio Demo's devices are reached.
    const other = await api.db().tenant.findFirstOrThrow({ where: { NOT: { id: tenantId } }, select: { id: true } });
    expect(await push.send(await message({ tenantId: other.id }))).toEqual({ ok: false, permanent: true, error: "noDevice" });
    expect(received).toHaveLength(0);
    await push.send(await message());
    expect(received.map((r) => r.path)).toEqual(["/ok/teacher"]);
  });
});
