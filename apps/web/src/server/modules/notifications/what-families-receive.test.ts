import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "../../../../../../scripts/lib/mail-sink.ts";
import { startWhatsAppSink, type WhatsAppSink } from "../../../../../../scripts/lib/whatsapp-sink.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { mail, mailSenderOf } from "../../channels/mail.ts";
import { claimMessages, deliver, SentLog } from "../../delivery/send-message.ts";
import { formatDateTime } from "../../resource/values.ts";
import { storage } from "../../storage/storage.ts";
import { runNotification } from "./run-notification.ts";

/**
 * What a notification written in the wizard sends, read where it arrives: the WhatsApp stand-in (the product's own
 * Cloud API client over loopback HTTP) and the SMTP catcher. WhatsApp carries the notification's title and text in
 * the school's notice template, to the number in E.164; e-mail says which school sent it and where replies go.
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

const SCHOOL_NUMBER = "PN-NOTICE";
/** A one-pixel PNG: the school's logo. */
const LOGO = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

let wa: WhatsAppSink;
let smtp: MailSink;
let admin: string;
let tenantId: number;
let school: string;
let db: Awaited<ReturnType<typeof api.school>>["db"];
let guardian: { id: number; mail: string };

beforeAll(async () => {
  wa = await startWhatsAppSink({ port: 0, webhookUrl: null, appSecret: "unused" });
  smtp = await startMailSink();
  // env() reads these on its first call, which comes after this.
  Object.assign(process.env, {
    WHATSAPP_API_URL: wa.url,
    WHATSAPP_TOKEN: "test-token",
    WHATSAPP_PHONE_NUMBER_ID: "PN-DEPLOYMENT",
    SMTP_URL: `${smtp.url}?pool=false`,
    MAIL_FROM: "Pizarra <no-reply@pizarra.test>",
  });
  ({ admin } = await api.tokens());
  ({ tenantId, db } = await api.school());
  const logo = `t${tenantId}/company/${tenantId}/logo-0123456789abcdef.png`;
  await storage().put(logo, LOGO);
  const updated = await api.db().tenant.update({
    where: { id: tenantId },
    data: { quietFrom: null, quietTo: null, whatsappPhoneNumberId: SCHOOL_NUMBER, supportEmail: "secretaria@colegio.test", logo },
    select: { title: true },
  });
  school = updated.title;
  const student = await db.user.create({ data: { type: 2, name: "Tomás", last: "Quispe" }, select: { id: true } });
  // Written straight to the table, as a path that skips the people's rules would: nine digits, no country code.
  guardian = (await db.user.create({
    data: { type: 1, name: "Rosa", last: "Quispe", mail: "rosa@quispe.test", cel: "971000136" },
    select: { id: true, mail: true },
  })) as typeof guardian;
  await db.kinship.create({ data: { studentId: student.id, relativeId: guardian.id, userKind: 0 } });
});
afterAll(async () => {
  await wa?.close();
  await smtp?.close();
});

/** A notification to the guardian in the school's notice template, on WhatsApp (and e-mail, unless said). */
async function createNotice(body: Row): Promise<number> {
  const created = await api.call<{ ID: number }>("POST", "admNotification/create", {
    token: admin,
    body: {
      name: "Salida",
      sendOn: formatDateTime(new Date()),
      doWA: true,
      doWATemplate: "school_notice",
      sendTo: 0,
      filterBy: "principals",
      principalUserIds: [guardian.id],
      ...body,
    },
  });
  expect(created.body.status, JSON.stringify(created.body)).toBe(0);
  return created.body.data.ID;
}

const dryRun = (id: number, locale: "es" | "en" = "es") =>
  api.call<Row & { previews?: Row[]; errors?: Record<string, string> }>("POST", `admNotification/schedule/${id}`, { token: admin, locale });

/** Confirms it, runs it as the worker does, and hands its rows to their channels in this process. */
async function send(id: number): Promise<void> {
  expect((await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin })).body.status).toBe(0);
  const { scheduledAt } = await db.notification.findFirstOrThrow({ where: { id }, select: { scheduledAt: true } });
  await runNotification(api.db(), { tenantId, id, run: 0, scheduledAt: scheduledAt!.toISOString() });
  const ids = (await db.message.findMany({ where: { notificationId: id }, select: { id: true } })).map((m) => m.id);
  const log = new SentLog(api.db());
  for (const row of await claimMessages(api.db(), [{ tenantId, ids }])) await deliver(api.db(), row, log);
  await log.flush();
}

const TITLE = "Salida al museo";
const TEXT = "Mañana salimos a las 8.\n\nTraer     almuerzo\ty agua.";
const FOLDED = "Mañana salimos a las 8. Traer almuerzo y agua.";

describe("what a notification sends", () => {
  it("previews, per channel, the WhatsApp template filled with its title and text and the e-mail with its sender", async () => {
    const id = await createNotice({ doMail: true, title: TITLE, content: TEXT });
    const res = await dryRun(id);
    expect(res.body.status, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.previews).toEqual([
      {
        recipient: "Rosa Quispe",
        channel: "whatsapp",
        subject: null,
        text: `Comunicado de ${school}: *${TITLE}*\n\n${FOLDED}\n\nPuedes responder a este mensaje.`,
      },
      {
        recipient: "Rosa Quispe",
        channel: "mail",
        subject: TITLE,
        text: TEXT,
        from: `${school} via Pizarra <no-reply@pizarra.test>`,
        replyTo: "secretaria@colegio.test",
      },
    ]);
  });

  it("sends WhatsApp the notification's title and text as the template's parameters, to the number in E.164", async () => {
    const id = await createNotice({ doMail: true, title: TITLE, content: TEXT });
    await send(id);
    const key = `n:${id}:0:${guardian.id}:whatsapp`;
    const sent = wa.messages().find((m) => m.key === key);
    expect(sent, JSON.stringify(await db.message.findMany({ where: { notificationId: id } }))).toMatchObject({
      phoneNumberId: SCHOOL_NUMBER,
      to: "+51971000136",
      type: "template",
      template: { name: "school_notice", language: "es", params: [school, TITLE, FOLDED] },
    });
  });

  it("sends e-mail from the school via the deployment, replying to the school, with the school's logo", async () => {
    const id = await createNotice({ doMail: true, title: "Reunión de padres", content: "El jueves a las 6 pm." });
    await send(id);
    const caught = smtp.mailbox().filter((m) => m.envelopeTo.includes(guardian.mail));
    const parsed = await simpleParser(caught.at(-1)!.raw);
    expect(parsed.subject).toBe("Reunión de padres");
    expect(parsed.from?.value).toEqual([{ name: `${school} via Pizarra`, address: "no-reply@pizarra.test" }]);
    expect(parsed.replyTo?.value).toEqual([{ name: "", address: "secretaria@colegio.test" }]);
    const logo = parsed.attachments.find((a) => a.contentType === "image/png");
    expect(logo?.content.equals(LOGO)).toBe(true);
    // The HTML refers to it by its Content-ID: mailparser puts the bytes of the part it names in its place.
    expect(logo?.related).toBe(true);
    expect(parsed.html).toMatch(
      new RegExp(`^<p><img src="data:image/png;base64,${LOGO.toString("base64").replace(/[+/]/g, "\\$&")}" alt="${school} via Pizarra"`),
    );
    expect(parsed.text).toContain("El jueves a las 6 pm.");
  });

  it("sends from the school's own sender when the operator set one", async () => {
    await api.db().tenant.update({ where: { id: tenantId }, data: { mailFrom: "avisos@colegio.test" } });
    try {
      const sender = await mailSenderOf(api.db(), tenantId);
      const outcome = await mail.send({
        id: 0,
        key: "test:own-sender",
        tenantId,
        userId: null,
        address: "familia@colegio.test",
        replyTo: null,
        locale: "es",
        subject: "Aviso",
        text: "Hola",
        html: null,
        template: null,
        sender,
      });
      expect(outcome.ok).toBe(true);
      const parsed = await simpleParser(smtp.mailbox().find((m) => m.envelopeTo.includes("familia@colegio.test"))!.raw);
      expect(parsed.from?.value).toEqual([{ name: school, address: "avisos@colegio.test" }]);
      expect(parsed.replyTo?.value[0]?.address).toBe("secretaria@colegio.test");
      // No HTML part: no logo is attached to a message that cannot show it.
      expect(parsed.attachments).toHaveLength(0);
      // The name the school gives its sender, when it gives one, instead of its title.
      await api.db().tenant.update({ where: { id: tenantId }, data: { mailFromName: "Avisos del colegio" } });
      expect((await mailSenderOf(api.db(), tenantId)).from).toEqual({ name: "Avisos del colegio", address: "avisos@colegio.test" });
    } finally {
      await api.db().tenant.update({ where: { id: tenantId }, data: { mailFrom: null, mailFromName: null } });
    }
  });

  it("refuses, naming the field, a notice whose template carries a title it does not have", async () => {
    const id = await createNotice({ content: "Solo el texto." });
    const res = await dryRun(id, "en");
    expect(res.body.status).toBeLessThan(0);
    expect(res.body.data.errors?.title).toBe('The WhatsApp template "Comunicado del colegio" carries this field: write it.');
  });

  it("refuses, naming the text, a notice longer than WhatsApp's 1,024 characters once filled in", async () => {
    const id = await createNotice({ title: TITLE, content: "a".repeat(1000) });
    const res = await dryRun(id);
    expect(res.body.status).toBeLessThan(0);
    expect(res.body.data.errors?.content).toMatch(/^El mensaje de WhatsApp tendría \d{4} caracteres; WhatsApp admite como máximo 1024\./);
  });
});
