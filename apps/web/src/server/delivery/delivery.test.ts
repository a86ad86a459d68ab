import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "../../../../../scripts/lib/mail-sink.ts";
import { startWorker as startWorkerProcess } from "../../../../../scripts/lib/outside.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { formatDateTime } from "../resource/values.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

let sink: MailSink;
let admin: string;
const workers = new Set<ChildProcess>();

beforeAll(async () => {
  sink = await startMailSink();
  process.env.SMTP_URL = sink.url;
  ({ admin } = await api.tokens());
});
/** Stops every worker still running and waits for them to be gone (the database is dropped after the file). */
async function stopWorkers() {
  const stopped = [...workers].map((w) => new Promise((resolve) => w.once("exit", resolve)));
  for (const w of workers) w.kill("SIGTERM");
  await Promise.all(stopped);
}
afterAll(async () => {
  await stopWorkers();
  await sink?.close();
});

/** The real worker process, on the test's database and SMTP catcher. */
function startWorker(): ChildProcess {
  const worker = startWorkerProcess({
    DATABASE_URL: api.state.database!.url,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: sink.url,
    WORKER_CONCURRENCY: "20",
    WORKER_LEASE_SECONDS: "3",
  });
  workers.add(worker);
  worker.on("exit", () => workers.delete(worker));
  return worker;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, seconds = 90): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function createNotification(body: Row): Promise<number> {
  const res = await api.call<{ ID: number }>("POST", "admNotification/create", {
    token: admin,
    body: { name: "Aviso", sendOn: formatDateTime(new Date()), doMail: true, ...body },
  });
  expect(res.body.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(0);
  return res.body.data.ID;
}

const notification = async (id: number) => await api.record<Row>(`admNotification/get/${id}`, admin);

describe("delivery through the queue, the worker and SMTP (issue 14)", () => {
  it("sends a section's guardians their e-mail, each in their words, and the counters follow the ledger to 'sent'", async () => {
    const { db } = await api.school();
    const section = await db.section.findFirstOrThrow({ where: { members: { some: {} } }, orderBy: { id: "asc" }, select: { id: true } });
    const guardians = await db.user.findMany({
      where: { type: 1, inactive: false, dependants: { some: { student: { sections: { some: { sectionId: section.id } }, inactive: false } } } },
      select: { id: true, name: true, mail: true },
    });
    expect(guardians.length).toBeGreaterThan(0);
    const id = await createNotification({
      sendTo: 0,
      filterBy: "sections",
      sectionIds: [section.id],
      title: "Reunión de padres",
      content: "Hola {{name}}, la reunión es el jueves a las 18:00.",
    });
    const preview = await api.call<Row>("POST", `admNotification/schedule/${id}`, { token: admin });
    expect(preview.body.data).toMatchObject({ status: 0, total: guardians.length });
    const confirmed = await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin });
    expect(confirmed.body.data.status).toBe(1);

    startWorker();
    const done = await until(
      "notification status",
      () => notification(id),
      (n) => n.status === 3 || n.status === 5,
    );
    await stopWorkers();
    const withMail = guardians.filter((g) => g.mail);
    expect(done).toMatchObject({ status: withMail.length === guardians.length ? 3 : 5, total: guardians.length, sent: withMail.length });

    const mails = await Promise.all(sink.mailbox().map((m) => simpleParser(m.raw)));
    for (const g of withMail) {
      const mail = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === g.mail);
      expect(mail, g.mail!).toBeDefined();
      expect(mail!.subject).toBe("Reunión de padres");
      expect(mail!.text).toContain(`Hola ${g.name}, la reunión es el jueves`);
      expect(mail!.headers.get("content-language")).toBe("es");
    }
    const ledger = await db.message.findMany({ where: { notificationId: id } });
    expect(ledger).toHaveLength(guardians.length);
    expect(ledger.filter((m) => m.status === "sent")).toHaveLength(withMail.length);
  });

  it("two workers, one killed (SIGKILL) in the middle of a 2,000-recipient send: each person gets one message, none lost", async () => {
    const { db } = await api.school();
    const group = await db.userGroup.create({ data: { name: "Familias 2000", type: 1, staff: false } });
    const people = Array.from({ length: 2000 }, (_, i) => ({ type: 1, name: `Familia${i}`, last: "Prueba", mail: `familia${i}@families.test` }));
    await db.user.createMany({ data: people });
    const users = await db.user.findMany({ where: { mail: { endsWith: "@families.test" } }, select: { id: true, mail: true } });
    await db.userGroupMember.createMany({ data: users.map((u) => ({ groupId: group.id, userId: u.id })) });
    const id = await createNotification({ recipientType: 1, groupId: group.id, title: "Aviso general", content: "Hola {{name}}." });
    expect((await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin })).body.data.status).toBe(1);

    const before = sink.received.length;
    const first = startWorker();
    startWorker();
    await until(
      "mails before the kill",
      async () => sink.received.length - before,
      (n) => n >= 300,
    );
    first.kill("SIGKILL");
    expect(sink.received.length - before).toBeLessThan(2000);
    startWorker();
    await until(
      "notification status",
      () => notification(id),
      (n) => n.status === 3,
      120,
    );
    await stopWorkers();

    const ledger = await db.message.findMany({ where: { notificationId: id }, select: { userId: true, status: true } });
    expect(ledger).toHaveLength(2000);
    expect(new Set(ledger.map((m) => m.userId)).size).toBe(2000);
    expect(ledger.every((m) => m.status === "sent")).toBe(true);
    const byAddress = new Map<string, Set<string>>();
    for (const m of sink.received.slice(before)) {
      for (const to of m.envelopeTo) byAddress.set(to, (byAddress.get(to) ?? new Set()).add(m.messageId));
    }
    expect(users.every((u) => byAddress.get(u.mail!)?.size === 1)).toBe(true);
    console.log(`2,000 recipients: ${sink.received.length - before} SMTP deliveries, ${byAddress.size} mailboxes, one message each`);
  }, 180_000);
});
