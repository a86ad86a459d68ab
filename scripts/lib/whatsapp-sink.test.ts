import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWhatsAppSink, type WhatsAppSink } from "./whatsapp-sink.ts";

// The stand-in plays the families as Meta would: what it posts must be what the app's webhook reads from Meta, signed
// the same way; a family's image is fetched back through the Cloud API's media endpoints, with the bearer token.
const SECRET = "test-app-secret";
const received: { raw: string; signature: string }[] = [];
let webhook: http.Server;
let sink: WhatsAppSink;
let base: string;

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ raw: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["x-hub-signature-256"]) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
  sink = await startWhatsAppSink({
    port: 0,
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/api/whatsapp/webhook`,
    appSecret: SECRET,
    delays: { sent: 60_000, delivered: 60_000, read: 60_000 },
    contacts: async () => [{ number: "+51987000101", name: "Rosa Quispe", school: "Colegio Demo", phoneNumberId: "demo-number" }],
  });
  base = `http://127.0.0.1:${sink.port}`;
});
afterAll(async () => {
  await sink.close();
  await new Promise((resolve) => webhook.close(resolve));
});

const lastNotification = () => {
  const last = received.at(-1)!;
  expect(last.signature).toBe(`sha256=${createHmac("sha256", SECRET).update(last.raw, "utf8").digest("hex")}`);
  const body = JSON.parse(last.raw);
  expect(body.object).toBe("whatsapp_business_account");
  const value = body.entry[0].changes[0].value;
  expect(body.entry[0].changes[0].field).toBe("messages");
  return value;
};

describe("WhatsApp stand-in: writing as a parent", () => {
  it("posts a family's text as Meta's signed messages notification, to the named school number", async () => {
    const res = await fetch(`${base}/parent/send`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: "+51987000101", name: "Rosa Quispe", text: "¿A qué hora es la salida?", phoneNumberId: "demo-number-northside" }),
    });
    const answer = (await res.json()) as { id: string; status: number };
    expect(answer.status).toBe(200);
    const value = lastNotification();
    expect(value.messaging_product).toBe("whatsapp");
    expect(value.metadata.phone_number_id).toBe("demo-number-northside");
    expect(value.contacts).toEqual([{ profile: { name: "Rosa Quispe" }, wa_id: "51987000101" }]);
    expect(value.messages[0]).toMatchObject({ from: "51987000101", id: answer.id, type: "text", text: { body: "¿A qué hora es la salida?" } });
    expect(value.messages[0].id).toMatch(/^wamid\./);
    expect(Number(value.messages[0].timestamp)).toBeGreaterThan(1_700_000_000);
  });

  it("keeps a family's image and serves it through the media endpoints to a caller with a token only", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const sent = await sink.send({ from: "51987000102", name: "Luis", text: "Receta médica", image: { bytes: png, mimeType: "image/png" } });
    expect(sent.status).toBe(200);
    const image = lastNotification().messages[0];
    expect(image.type).toBe("image");
    expect(image.image).toMatchObject({ mime_type: "image/png", caption: "Receta médica" });
    expect(image.image.id).toMatch(/^\d+$/);

    expect((await fetch(`${sink.url}/${image.image.id}`)).status).toBe(401);
    const meta = (await (await fetch(`${sink.url}/${image.image.id}`, { headers: { authorization: "Bearer t" } })).json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      messaging_product: "whatsapp",
      id: image.image.id,
      mime_type: "image/png",
      file_size: png.length,
      sha256: image.image.sha256,
    });
    expect((await fetch(String(meta.url))).status).toBe(401);
    const bytes = await fetch(String(meta.url), { headers: { authorization: "Bearer t" } });
    expect(bytes.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${sink.url}/999`, { headers: { authorization: "Bearer t" } })).status).toBe(404);
  });

  it("refuses a send without a number or without anything to say, and posts nothing", async () => {
    const before = received.length;
    for (const body of [
      { text: "hola" },
      { from: "12", text: "hola" },
      { from: "+51987000101" },
      { from: "+51987000101", image: { base64: "AA==", mimeType: "text/html" } },
    ]) {
      const res = await fetch(`${base}/parent/send`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
    expect(received.length).toBe(before);
  });

  it("shows a number's chat: what the family sent and what the school sent to it, in order", async () => {
    const reply = await fetch(`${sink.url}/demo-number/messages`, {
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", to: "+51987000101", type: "text", text: { body: "A las 14:30." } }),
    });
    expect(reply.status).toBe(200);
    const { lines } = (await (await fetch(`${base}/parent/chat?number=%2B51987000101`)).json()) as { lines: { from: string; text: string }[] };
    expect(lines.map((l) => [l.from, l.text])).toEqual([
      ["parent", "¿A qué hora es la salida?"],
      ["school", "A las 14:30."],
    ]);
  });

  it("serves the page in both languages with the demo's guardians offered, and its script as a file", async () => {
    const es = await (await fetch(`${base}/parent?lang=es`)).text();
    expect(es).toContain('<html lang="es">');
    expect(es).toContain("Escribir como apoderado");
    expect(es).toContain("Rosa Quispe · +51987000101 · Colegio Demo");
    expect(es).not.toContain("<script>");
    const en = await fetch(`${base}/parent?lang=en`);
    expect(en.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await en.text()).toContain("Write as a parent");
    expect((await fetch(`${base}/parent/app.js`)).headers.get("content-type")).toContain("javascript");
  });
});
