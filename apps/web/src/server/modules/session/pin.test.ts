import type { TLoginAnswer, TPinAnswer } from "@pizarra/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink } from "../../../../../../scripts/lib/mail-sink.ts";
import { startWhatsAppSink, type WhatsAppSink } from "../../../../../../scripts/lib/whatsapp-sink.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { sendPin } from "./pin-job.ts";
import { sweepSignIn } from "./sweep.ts";

/**
 * The phone PIN of the login's phone tab (000 §2.3, §4; 002 §7 user/mauthpin, user/login) against a real database, the
 * WhatsApp Cloud API stand-in and an SMTP catcher: the job is run as the worker runs it, and the PIN is read from what
 * the stand-ins received, never from the database.
 */
const api = apiHarness();
let sink: WhatsAppSink;
let mailSink: MailSink;

const ADMIN_PHONE = "+51987000001";
const SECRETARY_PHONE = "+51987000003";

beforeAll(async () => {
  sink = await startWhatsAppSink({ port: 0, webhookUrl: null, appSecret: "unused" });
  mailSink = await startMailSink();
  process.env.WHATSAPP_API_URL = sink.url;
  process.env.WHATSAPP_TOKEN = "test-token";
  process.env.WHATSAPP_PHONE_NUMBER_ID = "deployment-number";
  process.env.SMTP_URL = `${mailSink.url}?pool=false`;
  // The demo's seed gives its staff their mobiles as Account.phone; said here as well, so the test does not lean on it.
  for (const [email, phone] of [
    ["admin@pizarra.demo", ADMIN_PHONE],
    ["secretaria@pizarra.demo", SECRETARY_PHONE],
  ]) {
    await api.db().account.updateMany({ where: { phone }, data: { phone: null } });
    await api.db().account.update({ where: { email }, data: { phone } });
  }
});
afterAll(async () => {
  await sink.close();
  await mailSink.close();
});

const askPin = (user: string, locale: "es" | "en" = "es", address?: string) =>
  api.call<TPinAnswer>("POST", "user/mauthpin", { body: { user, admin: true }, locale, headers: address ? { "x-pizarra-peer": address } : {} });
const signIn = (user: string, pass: string, address?: string) =>
  api.call<TLoginAnswer | null>("POST", "user/login", { body: { user, pass }, headers: address ? { "x-pizarra-peer": address } : {} });
const pinRow = (phone: string) => api.db().phonePin.findUniqueOrThrow({ where: { phone_purpose: { phone, purpose: "signin" } } });

/** Runs the PIN's job as the worker does and reads the PIN from the WhatsApp stand-in. */
async function deliveredPin(phone: string): Promise<string> {
  const before = sink.messages().length;
  expect(await sendPin(api.db(), (await pinRow(phone)).id)).toBe("done");
  const sent = sink.messages().slice(before);
  expect(sent).toHaveLength(1);
  return sent[0]!.template!.params[0]!;
}

/** Forgets the windows of the PIN limits and the sign-in throttle, so that a test starts with a number that asked for nothing. */
const forgetLimits = async () => {
  await api.db().rateWindow.deleteMany();
  await api.db().loginThrottle.deleteMany();
};

describe("phone PIN sign-in", () => {
  it("sends the PIN as the authentication template from the school's number, and signs in with it once", async () => {
    await forgetLimits();
    const asked = await askPin("51987000001");
    expect(asked.http).toBe(200);
    expect(asked.body).toEqual({
      status: 0,
      msg: "Si el número pertenece a una cuenta, le enviamos un PIN por WhatsApp.",
      data: { resendAfter: 60, validFor: 300 },
    });
    const row = await pinRow(ADMIN_PHONE);
    expect(row).toMatchObject({ status: "queued", tries: 0, usedAt: null, locale: "es" });
    expect(row.sealed).toBeTruthy();

    const before = sink.messages().length;
    expect(await sendPin(api.db(), row.id)).toBe("done");
    const [sent] = sink.messages().slice(before);
    const code = sent!.template!.params[0]!;
    expect(code).toMatch(/^\d{6}$/);
    expect(sent).toMatchObject({ to: ADMIN_PHONE, phoneNumberId: "demo-number", template: { name: env().WHATSAPP_PIN_TEMPLATE, language: "es" } });
    expect((sent!.body.template as { components: unknown[] }).components).toEqual([
      { type: "body", parameters: [{ type: "text", text: code }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
    ]);
    // Sent: the sealed PIN is gone, the delivery is traced, and the PIN is nowhere on the row.
    const after = await pinRow(ADMIN_PHONE);
    expect(after).toMatchObject({ status: "sent", channel: "whatsapp", providerId: sent!.id, sealed: null, attempts: 1 });
    expect(JSON.stringify(after)).not.toContain(code);
    // The job run again sends nothing.
    expect(await sendPin(api.db(), row.id)).toBe("done");
    expect(sink.messages()).toHaveLength(before + 1);

    const wrong = await signIn(ADMIN_PHONE, code === "000000" ? "111111" : "000000");
    expect(wrong.body).toMatchObject({ status: -1, msg: "No se pudo iniciar sesión. ¿Quizás no tienes permisos?" });
    const ok = await signIn("+51987000001", code);
    expect(ok.body.status).toBe(0);
    expect(ok.body.data).toMatchObject({ companyName: "Colegio Demo", user: { roleCode: 100 } });
    const me = await api.call<TLoginAnswer>("GET", "admStaff/loginToken", { token: ok.body.data!.token });
    expect(me.http).toBe(200);
    // Single use.
    expect((await signIn(ADMIN_PHONE, code)).body.status).toBe(-1);
  });

  it("answers an unknown number exactly as a known one, and sends it nothing", async () => {
    await forgetLimits();
    const before = sink.messages().length;
    const known = await askPin("51987000001", "en");
    const unknown = await askPin("51987654329", "en");
    expect(unknown.http).toBe(known.http);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body.msg).toBe("If the number belongs to an account, a PIN is on its way by WhatsApp.");
    const row = await pinRow("+51987654329");
    expect(row).toMatchObject({ status: "skipped", sealed: null, accountId: null });
    expect(await sendPin(api.db(), row.id)).toBe("done");
    await deliveredPin(ADMIN_PHONE);
    expect(sink.messages()).toHaveLength(before + 1);
    // Trying a PIN of the unknown number is one more wrong sign-in, as for any number.
    expect((await signIn("51987654329", "123456")).body.status).toBe(-1);
  });

  it("names the field of a number that is none, in Spanish and English", async () => {
    await forgetLimits();
    const es = await askPin("5112345");
    expect(es.http).toBe(422);
    expect(es.body.msg).toBe("El campo celular no es un celular válido para ese código de país.");
    const en = await api.call("POST", "user/mauthpin", { body: { user: "51-98" }, locale: "en" });
    expect(en.body.msg).toBe("The mobile number format is invalid.");
    const login = await api.call("POST", "user/login", { body: { user: "nobody", pass: "1" }, locale: "en" });
    expect(login.body.msg).toBe("The e-mail must be an e-mail address, or a mobile number with its country code.");
  });

  it("makes a new PIN wait a minute, allows five an hour per number, and counts nothing it refuses", async () => {
    await forgetLimits();
    expect((await askPin("51987000001")).body.status).toBe(0);
    const first = await deliveredPin(ADMIN_PHONE);
    const again = await askPin("51987000001");
    expect(again.http).toBe(429);
    expect(again.body.msg).toMatch(/^Acabamos de enviar un PIN a este número\. Puedes pedir otro en [\d.]+ segundos\.$/);
    expect((await askPin("51987000001", "en")).body.msg).toMatch(/^A PIN was just sent to this number\. You can ask for a new one in [\d,]+ seconds\.$/);
    expect((await api.db().rateWindow.findUniqueOrThrow({ where: { key: `pin:hour:${ADMIN_PHONE}` } })).count).toBe(1);
    for (let i = 2; i <= 5; i++) {
      await api.db().rateWindow.updateMany({ where: { key: { startsWith: "pin:wait:" } }, data: { resetAt: new Date(0) } });
      expect((await askPin("51987000001")).body.status).toBe(0);
    }
    // Each PIN replaced the one before: the first no longer signs in.
    const latest = await deliveredPin(ADMIN_PHONE);
    if (latest !== first) expect((await signIn(ADMIN_PHONE, first)).body.status).toBe(-1);
    await api.db().rateWindow.updateMany({ where: { key: { startsWith: "pin:wait:" } }, data: { resetAt: new Date(0) } });
    const sixth = await askPin("51987000001", "en");
    expect(sixth.http).toBe(429);
    expect(sixth.body.msg).toMatch(/^Too many PINs were asked for\. Try again in [\d,]+ seconds\.$/);
    expect((await api.db().rateWindow.findUniqueOrThrow({ where: { key: `pin:hour:${ADMIN_PHONE}` } })).count).toBe(5);
  });

  it("limits PINs per client address across numbers", async () => {
    await forgetLimits();
    const address = "198.51.100.77";
    for (let i = 0; i < 30; i++) expect((await askPin(`5198765${String(4000 + i)}`, "es", address)).body.status).toBe(0);
    const refused = await askPin("51987654100", "es", address);
    expect(refused.http).toBe(429);
    expect(refused.body.msg).toMatch(/^Se pidieron demasiados PIN\. Vuelve a intentarlo en [\d.]+ segundos\.$/);
  });

  it("refuses an expired PIN and one past its tries, and the sign-in lockout applies", async () => {
    await forgetLimits();
    await askPin("51987000001");
    const code = await deliveredPin(ADMIN_PHONE);
    await api.db().phonePin.updateMany({ where: { phone: ADMIN_PHONE }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await signIn(ADMIN_PHONE, code)).body.status).toBe(-1);

    await forgetLimits();
    await askPin("51987000001");
    const fresh = await deliveredPin(ADMIN_PHONE);
    const wrong = fresh === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++) expect((await signIn(ADMIN_PHONE, wrong, `198.51.100.${i}`)).body.status).toBe(-1);
    expect((await pinRow(ADMIN_PHONE)).tries).toBe(5);
    // Dead after five tries, even with the right PIN (the sixth attempt is the account's first locked one).
    const sixth = await signIn(ADMIN_PHONE, fresh, "198.51.100.9");
    expect(sixth.body.status).toBe(-1);
    const locked = await signIn(ADMIN_PHONE, fresh, "198.51.100.10");
    expect(locked.http).toBe(429);
    expect(locked.body.msg).toMatch(/Demasiados intentos fallidos\. Vuelve a intentarlo en [\d.]+ segundos\./);
  });

  it("sends the PIN by e-mail, in the person's language, where the number is not on WhatsApp", async () => {
    await forgetLimits();
    sink.script(SECRETARY_PHONE, { status: 400, code: 131026, message: "Message undeliverable" });
    const before = sink.messages().length;
    await askPin("51987000003", "en");
    const row = await pinRow(SECRETARY_PHONE);
    expect(await sendPin(api.db(), row.id)).toBe("done");
    expect(sink.messages()).toHaveLength(before);
    const after = await pinRow(SECRETARY_PHONE);
    expect(after).toMatchObject({ status: "mailed", channel: "mail", sealed: null });
    expect(after.error).toContain("131026");
    const mail = mailSink.received.find((m) => m.envelopeTo.includes("secretaria@pizarra.demo"));
    const text = mail!.raw.toString("utf8");
    expect(text).toContain("Subject: Your Pizarra PIN");
    const code = /Your PIN to sign in to Pizarra is (\d{6})\./.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const ok = await signIn(SECRETARY_PHONE, code!);
    expect(ok.body.status).toBe(0);
  });
});

describe("the hourly sweep of sign-in rows", () => {
  it("removes rate windows past their reset and PINs a week dead, and keeps what may still count", async () => {
    const db = api.db();
    const hour = 3_600_000;
    const now = Date.now();
    await db.rateWindow.createMany({
      data: [
        { key: "sweep:old", count: 3, resetAt: new Date(now - hour) },
        { key: "sweep:live", count: 3, resetAt: new Date(now + hour) },
      ],
    });
    const pin = (phone: string, expiresAt: Date) => ({ phone, purpose: "signin", codeHash: "x", expiresAt, status: "skipped" });
    await db.phonePin.createMany({ data: [pin("+51900000801", new Date(now - 8 * 24 * hour)), pin("+51900000802", new Date(now - hour))] });
    const swept = await sweepSignIn(db);
    expect(swept.windows).toBeGreaterThanOrEqual(1);
    expect(swept.pins).toBe(1);
    expect((await db.rateWindow.findMany({ where: { key: { startsWith: "sweep:" } } })).map((w) => w.key)).toEqual(["sweep:live"]);
    expect((await db.phonePin.findMany({ where: { phone: { in: ["+51900000801", "+51900000802"] } } })).map((p) => p.phone)).toEqual(["+51900000802"]);
  });
});
