import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "../../../../../scripts/lib/mail-sink.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { until } from "../../test-support/until.ts";
import { testWorkers } from "../../test-support/workers.ts";
import { formatDateTime } from "../resource/values.ts";
import { runNotification } from "../modules/notifications/run-notification.ts";
import { localMinutes } from "./quiet-hours.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

let sink: MailSink;
let admin: string;
/** Every worker still running is stopped after the file (its database is dropped then). */
const workers = testWorkers(() => api.state.database!.url);

beforeAll(async () => {
  sink = await startMailSink();
  process.env.SMTP_URL = sink.url;
  ({ admin } = await api.tokens());
  // These sends are not urgent and the tests run at any hour: the school keeps no quiet hours, but for the test of them.
  const { tenantId } = await api.school();
  await api.db().tenant.update({ where: { id: tenantId }, data: { quietFrom: null, quietTo: null } });
});
afterAll(async () => {
  await stopWorkers();
  await sink?.close();
});

/** The real worker process, on the test's database and SMTP catcher. */
const startWorker = () => workers.start({ SMTP_URL: sink.url, WORKER_CONCURRENCY: "20", WORKER_LEASE_SECONDS: "3", WORKER_RETRY_SECONDS: "1" });
const stopWorkers = () => workers.stopAll();

async function createNotification(body: Row): Promise<number> {
  const res = await api.call<{ ID: number }>("POST", "admNotification/create", {
    token: admin,
    body: { name: "Aviso", sendOn: formatDateTime(new Date()), doMail: true, ...body },
  });
  expect(res.body.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(0);
  return res.body.data.ID;
}

const notification = async (id: number) => await api.record<Row>(`admNotification/get/${id}`, admin);

describe("delivery through the queue, the worker and SMTP", () => {
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

  it("retries a message the mail server turned away for now, alone: the others of its job go out once", async () => {
    const { db } = await api.school();
    const group = await db.userGroup.create({ data: { name: "Familias ocupadas", type: 1, staff: false } });
    const people = Array.from({ length: 60 }, (_, i) => ({ type: 1, name: `Ocupada${i}`, last: "Prueba", mail: `ocupada${i}@busy.test` }));
    await db.user.createMany({ data: people });
    const users = await db.user.findMany({ where: { mail: { endsWith: "@busy.test" } }, orderBy: { id: "asc" }, select: { id: true, mail: true } });
    await db.userGroupMember.createMany({ data: users.map((u) => ({ groupId: group.id, userId: u.id })) });
    const busy = users[3]!;
    sink.refuse(busy.mail!, 1);
    const id = await createNotification({ recipientType: 1, groupId: group.id, title: "Aviso", content: "Hola {{name}}." });
    const before = sink.received.length;
    await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin });
    startWorker();
    await until(
      "notification status",
      () => notification(id),
      (n) => n.status === 3,
    );
    await stopWorkers();

    const ledger = await db.message.findMany({ where: { notificationId: id }, select: { userId: true, status: true, attempts: true } });
    expect(ledger.every((m) => m.status === "sent")).toBe(true);
    expect(ledger.find((m) => m.userId === busy.id)!.attempts).toBe(2);
    expect(ledger.filter((m) => m.userId !== busy.id).every((m) => m.attempts === 1)).toBe(true);
    const count = new Map<string, number>();
    for (const m of sink.received.slice(before)) for (const to of m.envelopeTo) count.set(to, (count.get(to) ?? 0) + 1);
    expect(users.every((u) => count.get(u.mail!) === 1)).toBe(true);
  }, 90_000);

  // The send is large enough that the kill lands in its middle, with batches in flight on both workers; its
  // throughput at a school's full size is the bench's to measure.
  it("two workers, one killed (SIGKILL) in the middle of a 900-recipient send: each person gets one message, none lost", async () => {
    const RECIPIENTS = 900;
    const { db } = await api.school();
    const group = await db.userGroup.create({ data: { name: "Familias 900", type: 1, staff: false } });
    const people = Array.from({ length: RECIPIENTS }, (_, i) => ({ type: 1, name: `Familia${i}`, last: "Prueba", mail: `familia${i}@families.test` }));
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
    expect(sink.received.length - before).toBeLessThan(RECIPIENTS);
    startWorker();
    await until(
      "notification status",
      () => notification(id),
      (n) => n.status === 3,
      120,
    );
    await stopWorkers();

    const ledger = await db.message.findMany({ where: { notificationId: id }, select: { userId: true, status: true } });
    expect(ledger).toHaveLength(RECIPIENTS);
    expect(new Set(ledger.map((m) => m.userId)).size).toBe(RECIPIENTS);
    expect(ledger.every((m) => m.status === "sent")).toBe(true);
    const byAddress = new Map<string, Set<string>>();
    for (const m of sink.received.slice(before)) {
      for (const to of m.envelopeTo) byAddress.set(to, (byAddress.get(to) ?? new Set()).add(m.messageId));
    }
    expect(users.every((u) => byAddress.get(u.mail!)?.size === 1)).toBe(true);
    console.log(`${RECIPIENTS} recipients: ${sink.received.length - before} SMTP deliveries, ${byAddress.size} mailboxes, one message each`);
  }, 180_000);
});

describe("quiet hours", () => {
  it("holds a message that is not urgent until the school's quiet hours end; an urgent one goes at once", async () => {
    const { db, tenantId } = await api.school();
    const school = await api.db().tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timeZone: true } });
    // Quiet from an hour ago to an hour from now, on the school's clock, whatever the hour the test runs at.
    const now = localMinutes(new Date(), school.timeZone);
    await api.db().tenant.update({ where: { id: tenantId }, data: { quietFrom: (now + 1380) % 1440, quietTo: (now + 60) % 1440 } });
    try {
      const section = await db.section.findFirstOrThrow({ where: { members: { some: {} } }, orderBy: { id: "asc" }, select: { id: true } });
      const audience = { sendTo: 0, filterBy: "sections", sectionIds: [section.id], title: "Aviso", content: "Hola {{name}}." };
      const calm = await createNotification(audience);
      const urgent = await createNotification({ ...audience, urgent: true });
      for (const id of [calm, urgent]) await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin });
      for (const id of [calm, urgent]) {
        const n = await db.notification.findFirstOrThrow({ where: { id }, select: { scheduledAt: true } });
        await runNotification(api.db(), { tenantId, id, run: 0, scheduledAt: n.scheduledAt!.toISOString() });
      }
      const held = await db.message.findMany({ where: { notificationId: calm }, select: { notBefore: true } });
      const prompt = await db.message.findMany({ where: { notificationId: urgent }, select: { notBefore: true } });
      expect(held.length).toBeGreaterThan(0);
      for (const m of held) {
        expect(localMinutes(m.notBefore, school.timeZone)).toBe((now + 60) % 1440);
        expect(m.notBefore.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
      }
      for (const m of prompt) expect(m.notBefore.getTime()).toBeLessThanOrEqual(Date.now());
      const ledger = await api.call<{ Results: Row[] }>("GET", `admNotification/${calm}/messages`, { token: admin });
      expect(ledger.body.data.Results[0]!.heldUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    } finally {
      await api.db().tenant.update({ where: { id: tenantId }, data: { quietFrom: null, quietTo: null } });
    }
  });
});

describe("flow follow-ups: reminders to those who have not answered, as jobs of the worker", () => {
  /** Brings the waiting reminder rounds forward to now, as if their delay had passed, and answers how many there were. */
  const fireFollowups = async (db: Awaited<ReturnType<typeof api.school>>["db"]) =>
    db.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = 'flow-followup' AND state = 'created'`;

  it("reminds who has not completed the flow after its delay, stops on engagement, keeps to its budget and maximum", async () => {
    const { db } = await api.school();
    const group = await db.userGroup.create({ data: { name: "Familias del paseo", type: 1, staff: false } });
    await db.user.createMany({
      data: ["Ana", "Beto", "Carla", "Dario", "Elena"].map((name) => ({ type: 1, name, last: "Paseo", mail: `${name.toLowerCase()}@paseo.test` })),
    });
    const people = await db.user.findMany({ where: { mail: { endsWith: "@paseo.test" } }, orderBy: { id: "asc" }, select: { id: true, mail: true } });
    const [ana, beto, carla, dario, elena] = people as [(typeof people)[number], ...(typeof people)[number][]];
    await db.userGroupMember.createMany({ data: people.map((u) => ({ groupId: group.id, userId: u.id })) });
    const flow = await db.flow.create({
      data: {
        type: "form",
        name: "Permiso del paseo",
        tags: "paseo",
        recipientType: 1,
        groupId: group.id,
        followupDefaultDelay: 30,
        followupUnit: "minutes",
        followupMaxTotal: 2,
        followupBudget: 3,
        followupStopOnEngagement: true,
      },
    });
    const id = await createNotification({
      recipientType: 1,
      groupId: group.id,
      page: "fetch",
      objectId: flow.id,
      title: "Permiso del paseo",
      content: "Hola {{name}}, complete el permiso del paseo.",
    });
    expect((await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin })).body.data.status).toBe(1);
    expect(await db.flow.findFirstOrThrow({ where: { id: flow.id } })).toMatchObject({ sendStatus: 1 });

    startWorker();
    await until(
      "notification status",
      () => notification(id),
      (n) => n.status === 3,
    );
    // The flow's figures follow the notification that sends it; its first reminder waits for the flow's delay.
    await until(
      "flow figures",
      () => db.flow.findFirstOrThrow({ where: { id: flow.id }, select: { sendStatus: true, target: true, sent: true } }),
      (f) => f.sendStatus === 3 && f.sent === 5,
    );
    const [round1] = await db.$queryRaw<{ start_after: Date; data: { round: number } }[]>`
      SELECT start_after, data FROM pgboss.job WHERE name = 'flow-followup' AND state = 'created'`;
    expect(round1!.data.round).toBe(1);
    expect(round1!.start_after.getTime() - Date.now()).toBeGreaterThan(28 * 60_000);

    // Ana completed it, Beto began answering, Carla read the message; Dario and Elena did nothing.
    await db.flowResponse.create({ data: { fetchId: flow.id, userId: ana.id, dateCompleted: new Date() } });
    await db.flowResponse.create({ data: { fetchId: flow.id, userId: beto!.id } });
    await db.message.updateMany({ where: { notificationId: id, userId: carla!.id }, data: { status: "read", readAt: new Date() } });
    const before = sink.received.length;
    expect(await fireFollowups(db)).toBe(1);
    const reminded = await until(
      "first reminders",
      async () => sink.received.slice(before),
      (mails) => mails.length >= 2,
    );
    const parsed = await Promise.all(reminded.map((m) => simpleParser(m.raw)));
    expect(reminded.flatMap((m) => m.envelopeTo).sort()).toEqual([dario!.mail, elena!.mail].sort());
    for (const mail of parsed) {
      expect(mail.subject).toBe("Recordatorio: Permiso del paseo");
      expect(mail.text).toContain("complete el permiso del paseo");
    }

    // Without stop on engagement only completing the flow ends the reminders; the budget (3) leaves one more message.
    await db.flow.updateMany({ where: { id: flow.id }, data: { followupStopOnEngagement: false } });
    expect(await fireFollowups(db)).toBe(1);
    await until(
      "second reminders",
      () => db.message.count({ where: { source: "flow-followup", sourceId: flow.id } }),
      (n) => n === 3,
    );
    await until(
      "second reminder sent",
      async () => sink.received.length - before,
      (n) => n === 3,
    );
    // The maximum of two rounds is reached: no third one is queued. The notification's own counters leave reminders out.
    expect(await fireFollowups(db)).toBe(0);
    expect(await notification(id)).toMatchObject({ status: 3, total: 5, sent: 5 });
    const ledger = await api.call<{ Results: Row[]; counts: Row }>("GET", `admNotification/${id}/messages?PageSize=20`, { token: admin });
    expect(ledger.body.data.Results.filter((r) => r.reminder)).toHaveLength(3);
    const second = await db.message.findFirstOrThrow({ where: { source: "flow-followup", key: { endsWith: ":f2" } }, select: { userId: true } });
    expect(second.userId).toBe(beto!.id);
    await stopWorkers();
  }, 120_000);
});
