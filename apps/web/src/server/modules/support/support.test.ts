import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { SUPPORT_PER_HOUR } from "./contact-us.ts";

// The ledger only needs e-mail to be configured; nothing is sent from the request (the worker's SMTP test is the lead's).
process.env.SMTP_URL ??= "smtp://127.0.0.1:2525";

const api = apiHarness({ school: true });
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";

let admin: string;
let teacher: string;
let northside: string;
let tenantId: number;
let teacherId: number;

const send = (body: Record<string, unknown>, token = teacher, locale: Locale = "es") =>
  api.call<Refusal>("POST", "tenants/contact/us/", { token, body, locale });
const form = (extra: Record<string, unknown> = {}) => ({
  Subject: "Reportar un problema",
  Body: "No puedo ver las notas.",
  Sender: "docente@pizarra.demo",
  ...extra,
});
const supportRows = () => api.school().then(({ db }) => db.message.findMany({ where: { source: "support" }, orderBy: { id: "asc" } }));
const setInbox = (data: { supportEmail?: string | null; email?: string | null }) => api.db().tenant.update({ where: { id: tenantId }, data });

beforeAll(async () => {
  ({ admin, teacher, northside } = await api.tokens());
  ({ tenantId, teacherId } = await api.school());
  await setInbox({ supportEmail: "soporte@colegio.demo", email: "info@colegio.demo" });
});

describe("POST tenants/contact/us (000 §7, 002 §7)", () => {
  it("queues one e-mail to the school's support answering to the sender and a copy to the person's own e-mail, and says so", async () => {
    const res = await send(form({ Sender: "  profe.casa@example.com " }), teacher, "en");
    expect(res.http).toBe(200);
    expect(res.body.msg).toBe("We received your message and sent a copy to docente@pizarra.demo.");
    const rows = await supportRows();
    expect(rows).toHaveLength(2);
    const [school, copy] = rows;
    expect(school).toMatchObject({
      channel: "mail",
      address: "soporte@colegio.demo",
      replyTo: "profe.casa@example.com",
      userId: null,
      sourceId: teacherId,
      locale: "es",
      status: "queued",
      urgent: true,
    });
    expect(school!.subject).toContain("Reportar un problema");
    expect(school!.text).toContain("No puedo ver las notas.");
    // The typed address is only where the school is to answer: the school's mail never goes there.
    expect(copy).toMatchObject({ channel: "mail", address: "docente@pizarra.demo", userId: teacherId, locale: "en", urgent: true });
    expect(copy!.subject).toBe("We received your message: Reportar un problema");
    expect(copy!.text).toContain("No puedo ver las notas.");
    expect(copy!.key).not.toBe(school!.key);
  });

  it("sends no copy to a person without a stored e-mail, and says so", async () => {
    const { db } = await api.school();
    await db.user.updateMany({ where: { id: teacherId }, data: { mail: null } });
    try {
      const before = (await supportRows()).length;
      for (const [locale, msg] of [
        ["en", "We received your message. Your account has no e-mail address, so no copy was sent."],
        ["es", "Recibimos tu mensaje. Tu cuenta no tiene un correo, así que no enviamos una copia."],
      ] as const) {
        const res = await send(form({ Sender: "otra@example.com" }), teacher, locale);
        expect(res.http).toBe(200);
        expect(res.body.msg).toBe(msg);
      }
      const rows = (await supportRows()).slice(before);
      expect(rows.map((r) => [r.address, r.replyTo, r.userId])).toEqual([
        ["soporte@colegio.demo", "otra@example.com", null],
        ["soporte@colegio.demo", "otra@example.com", null],
      ]);
    } finally {
      await db.user.updateMany({ where: { id: teacherId }, data: { mail: "docente@pizarra.demo" } });
    }
  });

  it("writes to the school's general e-mail when it has no support address, and refuses when it has neither", async () => {
    await setInbox({ supportEmail: null });
    await send(form());
    expect((await supportRows()).at(-2)!.address).toBe("info@colegio.demo");
    await setInbox({ email: null });
    const before = (await supportRows()).length;
    for (const [locale, msg] of [
      ["es", "El colegio no tiene un correo de soporte: configúralo en el perfil de la empresa."],
      ["en", "The school has no support e-mail address: set one in the company profile."],
    ] as const) {
      const res = await send(form(), teacher, locale);
      expect(res.http).toBe(422);
      expect(res.body.msg).toBe(msg);
    }
    expect(await supportRows()).toHaveLength(before);
    await setInbox({ supportEmail: "soporte@colegio.demo", email: "info@colegio.demo" });
  });

  it.each([
    ["es", { Subject: "" }, "Subject", "Por favor selecciona un motivo e ingresa un resumen"],
    ["en", { Body: "   " }, "Body", "Please select a reason and enter a summary"],
    ["en", { Sender: "nobody" }, "Sender", "Please enter your email"],
    ["es", { Sender: "" }, "Sender", "Por favor ingresa tu correo"],
    ["es", { Sender: "a@b" }, "Sender", "El campo Tu correo no es un correo válido"],
    ["en", { Body: "x".repeat(5001) }, "Body", "The Summary may not be greater than 5000 characters."],
  ])("refuses in %s naming the field: %j", async (locale, change, field, msg) => {
    const before = (await supportRows()).length;
    const res = await send(form(change), teacher, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.data.errors[field]).toBe(msg);
    expect(await supportRows()).toHaveLength(before);
  });

  it("refuses clearly, queuing nothing, when this server has no e-mail", async () => {
    const settings = env();
    const configured = settings.SMTP_URL;
    settings.SMTP_URL = undefined;
    try {
      const before = (await supportRows()).length;
      const res = await send(form(), teacher, "en");
      expect(res.http).toBe(422);
      expect(res.body.data.errors).toEqual({ mail: "E-mail is not configured on this server: ask the administrator to set up an SMTP server." });
      expect(await supportRows()).toHaveLength(before);
    } finally {
      settings.SMTP_URL = configured;
    }
  });

  it("writes to the caller's own school only", async () => {
    const theirs = await api.db().tenant.findFirstOrThrow({ where: { title: "Northside School" } });
    await api.db().tenant.update({ where: { id: theirs.id }, data: { supportEmail: "help@northside.example" } });
    const before = (await supportRows()).length;
    expect((await send(form(), northside)).http).toBe(200);
    expect(await supportRows()).toHaveLength(before);
    expect(await api.db().message.count({ where: { tenantId: theirs.id, source: "support", address: "help@northside.example" } })).toBe(1);
  });

  it(`takes at most ${SUPPORT_PER_HOUR} messages an hour from one person`, async () => {
    const sent = (await supportRows()).filter((r) => r.userId === null && r.sourceId !== teacherId).length;
    for (let i = sent; i < SUPPORT_PER_HOUR; i++) expect((await send(form(), admin)).http).toBe(200);
    const before = (await supportRows()).length;
    const res = await send(form(), admin, "en");
    expect(res.http).toBe(429);
    expect(res.body.msg).toBe(`You have sent ${SUPPORT_PER_HOUR} messages to support in the last hour. Please wait before sending another.`);
    expect(await supportRows()).toHaveLength(before);
    // Someone else still may.
    expect((await send(form())).http).toBe(200);
  });
});
