import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { forTenant } from "@pizarra/db";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MailSink, startMailSink } from "../../../../../scripts/lib/mail-sink.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { queueMessages } from "../delivery/ledger.ts";
import { claimMessages, deliver, SentLog } from "../delivery/send-message.ts";
import { signJustifyLink } from "../modules/attendance/link-token.ts";
import { runNotification } from "../modules/notifications/run-notification.ts";
import { log } from "../log.ts";
import { formatDateTime } from "../resource/values.ts";

// Before anything reads the environment: mail is signed with a key made here, and links point at this address.
const DKIM = generateKeyPairSync("rsa", { modulusLength: 2048 });
process.env.DKIM_DOMAIN = "colegio.test";
process.env.DKIM_SELECTOR = "pizarra2026";
process.env.DKIM_PRIVATE_KEY = DKIM.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
process.env.PUBLIC_URL = "https://pizarra.colegio.test";
process.env.MAIL_FROM = "Colegio Demo <no-reply@colegio.test>";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

let sink: MailSink;
let admin: string;
let tenantId: number;
let db: Awaited<ReturnType<typeof api.school>>["db"];
/** A guardian of an active student: the one who unsubscribes. */
let guardian: { id: number; mail: string };

beforeAll(async () => {
  sink = await startMailSink();
  process.env.SMTP_URL = `${sink.url}?pool=false`;
  ({ admin } = await api.tokens());
  ({ tenantId, db } = await api.school());
  await api.db().tenant.update({ where: { id: tenantId }, data: { quietFrom: null, quietTo: null } });
  const student = await db.user.create({ data: { type: 2, name: "Lucía", last: "Baja" }, select: { id: true } });
  guardian = (await db.user.create({
    data: { type: 1, name: "Marta", last: "Baja", mail: "marta@baja.test" },
    select: { id: true, mail: true },
  })) as typeof guardian;
  await db.kinship.create({ data: { studentId: student.id, relativeId: guardian.id, userKind: 0 } });
});
afterAll(async () => {
  await sink?.close();
});

/** A notification to the guardian, with an HTML body only; its run queues the ledger rows. */
async function notifyGuardian(title: string): Promise<number> {
  const created = await api.call<{ ID: number }>("POST", "admNotification/create", {
    token: admin,
    body: {
      name: title,
      sendOn: formatDateTime(new Date()),
      doMail: true,
      sendTo: 0,
      filterBy: "principals",
      principalUserIds: [guardian.id],
      title,
      body: "<p>Hola <strong>{{name}}</strong>, la reunión es el jueves.</p>",
    },
  });
  expect(created.body.status, JSON.stringify(created.body)).toBe(0);
  const id = created.body.data.ID;
  expect((await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin })).body.status).toBe(0);
  const { scheduledAt } = await db.notification.findFirstOrThrow({ where: { id }, select: { scheduledAt: true } });
  await runNotification(api.db(), { tenantId, id, run: 0, scheduledAt: scheduledAt!.toISOString() });
  return id;
}

/** What the worker does with a send job, in this process: claims the rows and hands them to their channels. */
async function sendNow(ids: number[]): Promise<void> {
  const log = new SentLog(api.db());
  for (const row of await claimMessages(api.db(), [{ tenantId, ids }])) await deliver(api.db(), row, log);
  await log.flush();
}

/** The DKIM signature checked as a receiver does (RFC 6376 §3.4.2 and §3.4.4, relaxed/relaxed), against `key`. */
function dkimVerifies(raw: Buffer, key: KeyObject): { tags: Record<string, string>; ok: boolean } {
  const text = raw.toString("latin1");
  const split = text.indexOf("\r\n\r\n");
  const lines: string[] = [];
  for (const line of text.slice(0, split).split("\r\n")) {
    if (/^[ \t]/.test(line)) lines[lines.length - 1] += `\r\n${line}`;
    else lines.push(line);
  }
  const relaxed = (line: string) => {
    const colon = line.indexOf(":");
    return `${line.slice(0, colon).trim().toLowerCase()}:${line
      .slice(colon + 1)
      .replace(/\r\n/g, "")
      .replace(/[ \t]+/g, " ")
      .trim()}`;
  };
  const signature = lines.find((l) => /^dkim-signature:/i.test(l))!;
  const tags = Object.fromEntries(
    relaxed(signature)
      .slice("dkim-signature:".length)
      .split(";")
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf("=")).trim(), tag.slice(tag.indexOf("=") + 1).replace(/\s+/g, "")]),
  );
  const body = `${text
    .slice(split + 4)
    .replace(/[ \t]+/g, " ")
    .replace(/ \r\n/g, "\r\n")
    .replace(/(\r\n)+$/, "")}\r\n`;
  const bodyOk = createHash("sha256").update(body, "latin1").digest("base64") === tags.bh;
  // Each signed field from the bottom up, as often as h= names it (RFC 6376 §5.4.2).
  const unused = [...lines];
  const signed = (tags.h ?? "").split(":").map((name) => {
    const index = unused.findLastIndex((l) => l.toLowerCase().startsWith(`${name.trim().toLowerCase()}:`));
    return index < 0 ? "" : `${relaxed(unused.splice(index, 1)[0]!)}\r\n`;
  });
  const data = `${signed.join("")}${relaxed(signature).replace(/(;\s*b=)[^;]*$/, "$1")}`;
  return { tags, ok: bodyOk && verify("sha256", Buffer.from(data, "latin1"), key, Buffer.from(tags.b!, "base64")) };
}

describe("e-mail to families: a text part, DKIM, and a one-click unsubscribe that is honoured (RFC 8058)", () => {
  it("is signed, has a plain-text part beside its HTML, and offers a one-click unsubscribe that the next send honours", async () => {
    const first = await notifyGuardian("Reunión de padres");
    const rows = await db.message.findMany({ where: { notificationId: first, userId: guardian.id, channel: "mail" }, select: { id: true } });
    expect(rows).toHaveLength(1);
    // A message written before the person unsubscribes but held until later (quiet hours, a notice's date).
    const held = await forTenant(api.db(), tenantId).$transaction((tx) =>
      queueMessages(tx, [
        {
          key: "test:held",
          source: "test",
          userId: guardian.id,
          channel: "mail",
          address: guardian.mail,
          locale: "es",
          subject: "Más tarde",
          text: "Un mensaje que esperaba su hora.",
          notBefore: new Date(Date.now() + 3600_000),
        },
      ]),
    );
    expect(held.queued).toBe(1);
    await sendNow(rows.map((r) => r.id));

    const caught = sink.received.filter((m) => m.envelopeTo.includes(guardian.mail));
    expect(caught).toHaveLength(1);
    const mail = await simpleParser(caught[0]!.raw);
    expect(mail.subject).toBe("Reunión de padres");
    expect(mail.html).toContain("<strong>Marta</strong>");
    expect(mail.text?.trim()).toBe("Hola Marta, la reunión es el jueves.");
    expect(caught[0]!.raw.toString()).toMatch(/Content-Type: text\/plain/i);

    const header = (name: string) =>
      mail.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]+:\s*/, "")
        .replace(/\r\n[ \t]+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const url = /^<(https:\/\/pizarra\.colegio\.test\/api\/([^>]+))>$/.exec(header("list-unsubscribe") ?? "");
    expect(url, header("list-unsubscribe")).not.toBeNull();

    // Signed by the configured domain and selector, over the unsubscribe headers too (RFC 8058 §4).
    const dkim = dkimVerifies(caught[0]!.raw, createPublicKey(DKIM.privateKey));
    expect(dkim.tags).toMatchObject({ d: "colegio.test", s: "pizarra2026", c: "relaxed/relaxed" });
    expect(dkim.tags.h!.toLowerCase().split(":")).toEqual(expect.arrayContaining(["from", "subject", "list-unsubscribe", "list-unsubscribe-post"]));
    expect(dkim.ok).toBe(true);
    // A message changed on the way no longer verifies.
    expect(dkimVerifies(Buffer.from(caught[0]!.raw.toString("latin1").replace("jueves", "viernes"), "latin1"), createPublicKey(DKIM.privateKey)).ok).toBe(
      false,
    );

    // The mail provider's one-click: a form-encoded POST to the URL, with nothing else.
    const oneClick = () =>
      api.raw("POST", url![2]!, { rawBody: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    const done = await oneClick();
    expect(done.status, await done.clone().text()).toBe(200);
    const optOuts = () => db.channelOptOut.findMany({ where: { userId: guardian.id }, select: { channel: true, via: true } });
    expect(await optOuts()).toEqual([{ channel: "mail", via: "link" }]);
    // Pressed again (or sent twice by the provider): the same answer, one opt-out.
    expect((await oneClick()).status).toBe(200);
    expect(await optOuts()).toHaveLength(1);
    // The staff's record of the guardian says how it was asked.
    const record = await api.record<Row>(`admRelatives/get/${guardian.id}`, admin);
    expect(record.optOut).toEqual(["mail"]);

    // The next send leaves the e-mail out; the one held since before goes nowhere either.
    const next = await notifyGuardian("Otra reunión");
    expect(await db.message.count({ where: { notificationId: next, userId: guardian.id, channel: "mail" } })).toBe(0);
    const waiting = await db.message.findFirstOrThrow({ where: { key: "test:held" } });
    await db.message.update({ where: { id: waiting.id }, data: { notBefore: new Date() } });
    await sendNow([waiting.id]);
    expect(await db.message.findFirstOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "failed", error: "optedOut", permanent: true });
    expect(sink.received.filter((m) => m.envelopeTo.includes(guardian.mail))).toHaveLength(1);
  });

  it("changes nothing on a GET of the link (a scanner, a browser): a browser is sent to the page, whose button unsubscribes", async () => {
    const person = await db.user.create({ data: { type: 1, name: "Helen", last: "Click", mail: "helen@baja.test", locale: "en" }, select: { id: true } });
    const student = await db.user.create({ data: { type: 2, name: "Tom", last: "Click" }, select: { id: true } });
    await db.kinship.create({ data: { studentId: student.id, relativeId: person.id, userKind: 0 } });
    const row = await forTenant(api.db(), tenantId).$transaction((tx) =>
      queueMessages(tx, [
        {
          key: "test:get",
          source: "test",
          userId: person.id,
          channel: "mail",
          address: "helen@baja.test",
          locale: "en",
          subject: "Hi",
          text: "Hello",
          urgent: true,
        },
      ]),
    );
    expect(row.queued).toBe(1);
    await sendNow([(await db.message.findFirstOrThrow({ where: { key: "test:get" } })).id]);
    const mail = await simpleParser(sink.received.find((m) => m.envelopeTo.includes("helen@baja.test"))!.raw);
    const path = /\/api\/([^>]+)>/.exec(mail.headerLines.find((h) => h.key === "list-unsubscribe")!.line)![1]!;
    const optOuts = () => db.channelOptOut.findMany({ where: { userId: person.id }, select: { channel: true, via: true } });
    const browser = await api.raw("GET", path, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect([browser.status, browser.headers.get("location")]).toEqual([303, `/unsubscribe/${path.split("/").pop()}`]);
    const state = await api.call<{ school: string; firstName: string; channel: string; unsubscribed: boolean }>("GET", path, { locale: "en" });
    expect(state.body.data).toEqual({ school: "Colegio Demo", firstName: "Helen", channel: "mail", unsubscribed: false });
    // Fetched again (a scanner that follows the link, a preview): still nothing recorded.
    expect((await api.raw("GET", path, { headers: { accept: "*/*" } })).status).toBe(200);
    expect(await optOuts()).toEqual([]);
    const res = await api.call<{ channel: string; unsubscribed: boolean }>("POST", path, { headers: { "x-locale": "", "accept-language": "en-GB,en;q=0.9" } });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({
      status: 0,
      msg: "You will no longer receive e-mails from Colegio Demo.",
      data: { school: "Colegio Demo", firstName: "Helen", channel: "mail", unsubscribed: true },
    });
    expect(await optOuts()).toEqual([{ channel: "mail", via: "link" }]);
    expect((await api.call<{ unsubscribed: boolean }>("GET", path, { locale: "en" })).body.data.unsubscribed).toBe(true);
  });

  it("refuses a link that is tampered, of another purpose, malformed or expired, logs it and stores nothing", async () => {
    const person = await db.user.create({ data: { type: 1, name: "Nadie", last: "Baja", mail: "nadie@baja.test" }, select: { id: true } });
    await forTenant(api.db(), tenantId).$transaction((tx) =>
      queueMessages(tx, [
        {
          key: "test:bad",
          source: "test",
          userId: person.id,
          channel: "mail",
          address: "nadie@baja.test",
          locale: "es",
          subject: "x",
          text: "x",
          urgent: true,
        },
      ]),
    );
    await sendNow([(await db.message.findFirstOrThrow({ where: { key: "test:bad" } })).id]);
    const mail = await simpleParser(sink.received.find((m) => m.envelopeTo.includes("nadie@baja.test"))!.raw);
    const path = /\/api\/([^>]+)>/.exec(mail.headerLines.find((h) => h.key === "list-unsubscribe")!.line)![1]!;
    const token = path.slice(path.lastIndexOf("/") + 1);
    const base = path.slice(0, path.lastIndexOf("/") + 1);
    const [head, body, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString()) as Row;
    const bent = (change: Row) => `${head}.${Buffer.from(JSON.stringify({ ...claims, ...change })).toString("base64url")}.${signature}`;
    const justify = await signJustifyLink({ tenantId, studentId: person.id, guardianId: person.id, from: "2026-06-15", to: "2026-06-15", sessionId: null });
    const optOuts = () => db.channelOptOut.count({ where: { userId: { in: [person.id, guardian.id] } } });
    const before = await optOuts();
    const logged = vi.spyOn(log(), "info");
    try {
      for (const forged of [bent({ sub: String(guardian.id) }), bent({ ch: "whatsapp" }), `${token.slice(0, -3)}abc`, justify, "not-a-token-at-all-really"]) {
        for (const method of ["GET", "POST"]) {
          const res = await api.call(method, `${base}${forged}`, { locale: "en" });
          expect(res.http, `${method} ${forged}`).toBe(401);
          expect(res.body).toMatchObject({ status: -401, msg: "This link is not valid. Ask the school for a new one." });
        }
      }
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ why: "tampered, of another purpose or malformed" }), "unsubscribe link refused");
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 400 * 86_400_000);
      try {
        for (const method of ["GET", "POST"]) {
          const res = await api.call(method, path, { locale: "es" });
          expect([res.http, res.body.status], method).toEqual([410, -410]);
          expect(res.body.msg).toBe("Este enlace ha vencido. Pida uno nuevo al colegio.");
        }
        expect(logged).toHaveBeenCalledWith(expect.objectContaining({ why: "expired" }), "unsubscribe link refused");
      } finally {
        vi.useRealTimers();
      }
    } finally {
      logged.mockRestore();
    }
    expect(await optOuts()).toBe(before);
    expect(await db.channelOptOut.count({ where: { userId: person.id } })).toBe(0);
  });

  it("carries no unsubscribe link on a mail to no one of the school (the support inbox)", async () => {
    await forTenant(api.db(), tenantId).$transaction((tx) =>
      queueMessages(tx, [
        { key: "test:inbox", source: "test", userId: null, channel: "mail", address: "soporte@baja.test", locale: "es", subject: "x", text: "x", urgent: true },
      ]),
    );
    await sendNow([(await db.message.findFirstOrThrow({ where: { key: "test:inbox" } })).id]);
    const mail = await simpleParser(sink.received.find((m) => m.envelopeTo.includes("soporte@baja.test"))!.raw);
    expect(mail.headerLines.some((h) => h.key === "list-unsubscribe")).toBe(false);
    expect(mail.headerLines.some((h) => h.key === "dkim-signature")).toBe(true);
    expect(mail.text?.trim()).toBe("x");
  });
});
