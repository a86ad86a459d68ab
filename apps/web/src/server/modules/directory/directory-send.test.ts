import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";

// The ledger only needs e-mail to be configured; nothing is sent from the request (the worker's SMTP test is the lead's).
process.env.SMTP_URL ??= "smtp://127.0.0.1:2525";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Sent = { queued: number; skipped: number; recipients: number };
type Locale = "es" | "en";

let admin: string;
let northside: string;
let teacher: string;
let adminId: number;
let rows: Row[];

const send = (body: Row, token = admin, locale: Locale = "es") => api.call<Sent & Refusal>("POST", "admDirectory/mail/send", { token, body, locale });
const mail = (extra: Row = {}): Row => ({
  batch: randomUUID(),
  ids: rows.map((r) => r.ID),
  subject: "Reunión de padres",
  body: "Los esperamos el lunes.",
  ...extra,
});
const directoryRows = () => api.school().then(({ db }) => db.message.findMany({ where: { source: "directory" }, orderBy: { id: "asc" } }));

beforeAll(async () => {
  ({ admin, northside, teacher } = await api.tokens());
  rows = await api.rows("admDirectory/get?PageSize=2");
  const { db } = await api.school();
  adminId = (await db.user.findFirstOrThrow({ where: { mail: "admin@pizarra.demo" }, select: { id: true } })).id;
});

describe("POST admDirectory/mail/send (001 §2 'Directory': the compose popup's send)", () => {
  it("queues one e-mail per distinct address of the checked rows, to that address alone, answering to the sender", async () => {
    const expected = new Set(
      rows
        .flatMap((r) => [r.rel1mail, r.rel2mail, r.depMail])
        .filter(Boolean)
        .map((a) => String(a).toLowerCase()),
    );
    const body = mail({ ids: [...rows.map((r) => r.ID), rows[0]!.ID] });
    const res = await send(body, admin, "en");
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({ queued: expected.size, recipients: expected.size });
    expect(res.body.msg).toBe(`Mail queued for ${expected.size} addresses.`);
    const queued = await directoryRows();
    expect(new Set(queued.map((m) => m.address.toLowerCase()))).toEqual(expected);
    expect(queued).toHaveLength(expected.size);
    for (const m of queued) {
      expect(m).toMatchObject({
        channel: "mail",
        subject: "Reunión de padres",
        text: "Los esperamos el lunes.",
        locale: "en",
        sourceId: adminId,
        status: "queued",
      });
      expect(m.replyTo).toBe("admin@pizarra.demo");
      expect(m.userId).toEqual(expect.any(Number));
      expect(m.key).toBe(`directory:${adminId}:${body.batch}:${m.address.toLowerCase()}`);
    }
    // The same send again (a double click, a lost answer) queues nothing more.
    expect((await send(body)).http).toBe(200);
    expect(await directoryRows()).toHaveLength(expected.size);
  });

  it("writes to the chosen address columns only, each address for its own person", async () => {
    const before = (await directoryRows()).length;
    const res = await send(mail({ columns: ["rel1mail"] }));
    expect(res.body.data.queued).toBe(new Set(rows.map((r) => r.rel1mail).filter(Boolean)).size);
    const fresh = (await directoryRows()).slice(before);
    expect(new Set(fresh.map((m) => m.address))).toEqual(new Set(rows.map((r) => r.rel1mail).filter(Boolean)));
  });

  it.each([
    ["es", { subject: "" }, "subject", "El campo Asunto es requerido."],
    ["en", { body: "  " }, "body", "The Message field is required."],
    ["en", { ids: [] }, "ids", "The Checked rows field is required."],
    ["es", { subject: "x".repeat(151) }, "subject", "Asunto no debe ser mayor a 150 caracteres."],
  ])("refuses in %s naming the field: %j", async (locale, change, field, msg) => {
    const before = (await directoryRows()).length;
    const res = await send(mail(change), admin, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.data.errors[field]).toBe(msg);
    expect(await directoryRows()).toHaveLength(before);
  });

  it("refuses another school's rows and people without the directory's write right, queuing nothing", async () => {
    const before = (await directoryRows()).length;
    const theirs = await send(mail(), northside, "en");
    expect(theirs.http).toBe(422);
    expect(theirs.body.msg).toBe("None of the checked rows has an e-mail address.");
    expect((await send(mail(), teacher)).http).toBe(403);
    expect(await directoryRows()).toHaveLength(before);
    expect(await api.db().message.count({ where: { source: "directory", tenantId: { not: (await api.school()).tenantId } } })).toBe(0);
  });

  it.each([
    ["es", "El correo no está configurado en este servidor: pida al administrador que configure un servidor SMTP."],
    ["en", "E-mail is not configured on this server: ask the administrator to set up an SMTP server."],
  ] as const)("refuses clearly on a server without e-mail (%s)", async (locale, msg) => {
    const settings = env();
    const configured = settings.SMTP_URL;
    settings.SMTP_URL = undefined;
    try {
      const before = (await directoryRows()).length;
      const res = await send(mail(), admin, locale);
      expect(res.http).toBe(422);
      expect(res.body.data.errors).toEqual({ mail: msg });
      expect(await directoryRows()).toHaveLength(before);
    } finally {
      settings.SMTP_URL = configured;
    }
  });
});
