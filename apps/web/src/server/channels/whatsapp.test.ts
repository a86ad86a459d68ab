import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWhatsAppSink, type WhatsAppSink } from "../../../../../scripts/lib/whatsapp-sink.ts";
import type { Outgoing } from "./channel.ts";
import { classify, cloudBody, whatsapp } from "./whatsapp.ts";

/**
 * The WhatsApp channel against the loopback sink speaking the Cloud API (scripts/lib/whatsapp-sink.ts): what goes over
 * the wire, and which of Meta's refusals are retried and which are final.
 */
let sink: WhatsAppSink;

beforeAll(async () => {
  sink = await startWhatsAppSink({ port: 0, webhookUrl: null, appSecret: "unused" });
  // env() reads these on its first call, which is in this file's first test.
  process.env.DATABASE_URL ??= "postgresql://unused@127.0.0.1/unused";
  process.env.WHATSAPP_API_URL = sink.url;
  process.env.WHATSAPP_TOKEN = "test-token";
  process.env.WHATSAPP_PHONE_NUMBER_ID = "1234567890";
});
afterAll(() => sink.close());

let next = 0;
const outgoing = (over: Partial<Outgoing> = {}): Outgoing => ({
  id: ++next,
  key: `test:${next}`,
  tenantId: 1,
  userId: null,
  address: "+51 987 000 001",
  replyTo: null,
  locale: "es",
  subject: null,
  text: "Hola",
  html: null,
  template: null,
  from: "school-number",
  country: "PE",
  ...over,
});

describe("WhatsApp channel", () => {
  it("is configured by a token and a sending number", () => {
    expect(whatsapp.configured()).toBe(true);
  });

  it("sends a template with its name, language and body parameters in order, keyed by the ledger key", async () => {
    const message = outgoing({ template: { name: "aviso_colegio", language: "es", params: ["Ana", "Reunión de padres", "12/03"] } });
    const outcome = await whatsapp.send(message);
    expect(outcome).toMatchObject({ ok: true, providerId: expect.stringMatching(/^wamid\./) });
    const sent = sink.messages().find((m) => m.key === message.key)!;
    expect(sent).toMatchObject({
      phoneNumberId: "school-number",
      to: "+51987000001",
      type: "template",
      template: { name: "aviso_colegio", language: "es", params: ["Ana", "Reunión de padres", "12/03"] },
    });
    expect(sent.id).toBe((outcome as { providerId: string }).providerId);
    expect(sent.body).toMatchObject({ messaging_product: "whatsapp", recipient_type: "individual", biz_opaque_callback_data: message.key });
  });

  it("sends from the number of the message's school, and from no other when it has none", async () => {
    const own = outgoing({ text: "Desde el número del colegio.", from: "school-b-number" });
    expect((await whatsapp.send(own)).ok).toBe(true);
    expect(sink.messages().find((m) => m.key === own.key)?.phoneNumberId).toBe("school-b-number");
    const before = sink.messages().length;
    for (const from of [null, undefined, ""]) {
      expect(await whatsapp.send(outgoing({ text: "Sin número del colegio.", from }))).toEqual({ ok: false, permanent: true, error: "notConfigured" });
    }
    expect(sink.messages()).toHaveLength(before);
  });

  it.each([
    ["kept in E.164", "+51987000002", "US"],
    ["kept without its country code (read in the school's country)", "987000002", "PE"],
    ["written as the digits of an older ledger row", "51987000002", "PE"],
    ["written as those digits, in a school of another country", "51987000002", "US"],
  ])("sends to the number in E.164 when it is %s", async (_, address, country) => {
    const message = outgoing({ address, country });
    expect((await whatsapp.send(message)).ok).toBe(true);
    expect(sink.messages().find((m) => m.key === message.key)?.to).toBe("+51987000002");
  });

  it("folds a parameter onto one line as Meta takes it, and Meta's stand-in refuses one that is not", async () => {
    const message = outgoing({ template: { name: "school_notice", language: "es", params: ["Colegio", "Salida\n\nal museo:\tlunes     8 am"] } });
    expect((await whatsapp.send(message)).ok).toBe(true);
    expect(sink.messages().find((m) => m.key === message.key)?.template?.params).toEqual(["Colegio", "Salida al museo: lunes 8 am"]);
    // The same body unfolded, straight to the stand-in: refused as Meta refuses it, so the fold above is what let it in.
    const res = await fetch(`${sink.url}/school-number/messages`, {
      method: "POST",
      headers: { authorization: "Bearer test-token", "content-type": "application/json" },
      body: JSON.stringify({
        ...cloudBody(message, "+51987000001"),
        template: { name: "school_notice", language: { code: "es" }, components: [{ type: "body", parameters: [{ type: "text", text: "a\nb" }] }] },
      }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("new-line");
  });

  it("sends plain text when the message has no template", async () => {
    const outcome = await whatsapp.send(outgoing({ text: "Mañana no hay clases." }));
    expect(outcome.ok).toBe(true);
    expect(sink.messages().at(-1)).toMatchObject({ type: "text", text: "Mañana no hay clases.", template: null });
  });

  it("sends a ledger row sent again (a retried job) once, with the same id", async () => {
    const message = outgoing();
    const first = await whatsapp.send(message);
    const again = await whatsapp.send(message);
    expect(again).toEqual(first);
    expect(sink.messages().filter((m) => m.key === message.key)).toHaveLength(1);
  });

  it.each([
    ["a number that is no number of any country", "000 1234 5678"],
    ["a number too short", "12345"],
  ])("fails for good on %s", async (_, address) => {
    const before = sink.messages().length;
    const outcome = await whatsapp.send(outgoing({ address }));
    expect(outcome).toMatchObject({ ok: false, permanent: true, error: expect.stringContaining("not a phone number") });
    expect(sink.messages()).toHaveLength(before);
  });

  it("fails for good, without calling Meta, on an address with no digits", async () => {
    const before = sink.messages().length;
    expect(await whatsapp.send(outgoing({ address: "sin número" }))).toMatchObject({ ok: false, permanent: true });
    expect(sink.messages()).toHaveLength(before);
  });

  it.each([
    ["a missing template (132001)", true, { status: 404, code: 132001, message: "Template name does not exist in the translation" }],
    ["a closed re-engagement window (131047)", true, { status: 400, code: 131047, message: "Re-engagement message" }],
    ["the recipient being the sender (131021)", true, { status: 400, code: 131021, message: "Recipient cannot be sender" }],
    ["an invalid parameter (100)", true, { status: 400, code: 100, message: "Invalid parameter" }],
    ["an expired token (190)", true, { status: 401, code: 190, message: "Invalid OAuth access token" }],
    ["a throughput limit (130429)", false, { status: 400, code: 130429, message: "Rate limit hit" }],
    ["a pair rate limit (131056)", false, { status: 400, code: 131056, message: "Pair rate limit hit" }],
    ["HTTP 429 (4, too many calls)", false, { status: 429, code: 4, message: "Application request limit reached" }],
    ["Meta's own trouble (131000, HTTP 500)", false, { status: 500, code: 131000, message: "Something went wrong" }],
    ["a service unavailable (131016, HTTP 503)", false, { status: 503, code: 131016, message: "Service unavailable" }],
  ] as const)("tells %s apart (permanent: %s)", async (_, permanent, failure) => {
    const to = `+5198${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    sink.script(to, failure);
    const outcome = await whatsapp.send(outgoing({ address: to }));
    expect(outcome).toMatchObject({ ok: false, permanent, error: expect.stringContaining(String(failure.code)) });
  });

  it("retries a dropped connection", async () => {
    sink.script("+51987999999", "hang-up");
    expect(await whatsapp.send(outgoing({ address: "+51987999999" }))).toMatchObject({ ok: false, permanent: false });
  });

  it("classifies an answer without Meta's error JSON by its HTTP status", () => {
    expect(classify(502, undefined)).toMatchObject({ permanent: false, error: "WhatsApp HTTP 502" });
    expect(classify(400, undefined).permanent).toBe(true);
  });
});
