import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "../../../../../scripts/lib/mail-sink.ts";
import { freePort } from "../../../../../scripts/lib/outside.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { until } from "../../test-support/until.ts";
import { testWorkers } from "../../test-support/workers.ts";
import { formatDateTime } from "../resource/values.ts";

/** A worker stopped (SIGTERM) in the middle of a send, against the loopback SMTP catcher, and the ledger it leaves. */
const api = apiHarness({ school: true });
const RECIPIENTS = 40;

let sink: MailSink;
const workers = testWorkers(() => api.state.database!.url);

beforeAll(async () => {
  sink = await startMailSink();
  // The school's e-mail is offered (channel configured) to the requests of this process too.
  process.env.SMTP_URL = sink.url;
  // Not urgent, and the test runs at any hour: the school keeps no quiet hours.
  const { tenantId } = await api.school();
  await api.db().tenant.update({ where: { id: tenantId }, data: { quietFrom: null, quietTo: null } });
});
afterAll(async () => {
  await workers.stopAll();
  await sink?.close();
});
/** The real worker process on the test's database and SMTP catcher, at the pace `env` sets (the default one else). */
const sender = (env: Record<string, string> = {}) => workers.start({ SMTP_URL: sink.url, WORKER_CONCURRENCY: "20", WORKER_RETRY_SECONDS: "1", ...env });
/** A worker that sends two messages a second, so that a batch is still going out when it is told to stop. */
const slowWorker = (metricsPort: number) => sender({ WORKER_SENDS_PER_SECOND: "2", WORKER_METRICS_PORT: String(metricsPort) });

/** The ledger's rows of a notification, counted by status. */
async function statuses(notificationId: number): Promise<Record<string, number>> {
  const groups = await api.db().message.groupBy({ by: ["status"], where: { notificationId }, _count: true });
  return Object.fromEntries(groups.map((g) => [g.status, g._count]));
}

describe("a worker stopped mid-send", () => {
  it("finishes the sends begun, queues the rest again, leaves nothing 'sending', exits 0; another worker sends the rest", async () => {
    const { db } = await api.school();
    const group = await db.userGroup.create({ data: { name: "Familias del cierre", type: 1, staff: false } });
    await db.user.createMany({
      data: Array.from({ length: RECIPIENTS }, (_, i) => ({ type: 1, name: `Cierre${i}`, last: "Prueba", mail: `cierre${i}@stop.test` })),
    });
    const users = await db.user.findMany({ where: { mail: { endsWith: "@stop.test" } }, select: { id: true } });
    await db.userGroupMember.createMany({ data: users.map((u) => ({ groupId: group.id, userId: u.id })) });
    const { admin } = await api.tokens();
    const created = await api.call<{ ID: number }>("POST", "admNotification/create", {
      token: admin,
      body: { name: "Aviso", sendOn: formatDateTime(new Date()), doMail: true, recipientType: 1, groupId: group.id, title: "Aviso", content: "Hola {{name}}." },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBeGreaterThanOrEqual(0);
    const id = created.body.data.ID;
    const confirmed = await api.call<{ status: number }>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin });
    expect(confirmed.body.data.status, JSON.stringify(confirmed.body)).toBe(1);

    const metricsPort = await freePort();
    const worker = slowWorker(metricsPort);
    await until(
      "first sends",
      () => statuses(id),
      (s) => (s.sent ?? 0) >= 2,
    );

    // While it sends, its metrics port tells the queue's state and what went out, by channel.
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toMatch(/^job_queue_depth\{queue="message-send",state="active"\} \d+$/m);
    expect(scraped).toMatch(/^job_queue_oldest_waiting_seconds\{queue="message-send"\} [\d.e+-]+$/m);
    expect(scraped).toMatch(/^message_sends_total\{channel="mail",outcome="sent"\} [1-9]\d*$/m);
    expect(scraped).toMatch(/^process_resident_memory_bytes /m);

    const exited = once(worker, "exit");
    worker.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);

    const left = await statuses(id);
    expect(left.sending ?? 0).toBe(0);
    expect(left.sent).toBeGreaterThan(0);
    expect(left.queued).toBeGreaterThan(0);
    // A row given back was never attempted: its attempt is not counted against it.
    expect(await db.message.count({ where: { notificationId: id, status: "queued", attempts: { gt: 0 } } })).toBe(0);
    expect(await api.db().workerHeartbeat.count()).toBe(0);

    // The one stopped had to be slow; the one that sends the rest need not be.
    sender();
    await until(
      "the rest sent by another worker",
      () => statuses(id),
      (s) => s.sent === RECIPIENTS,
      120,
    );
    // Each family got its message once: nothing given back at the stop went out twice.
    const delivered = sink.received.filter((m) => m.envelopeTo.some((to) => to.endsWith("@stop.test")));
    expect(new Set(delivered.flatMap((m) => m.envelopeTo)).size).toBe(RECIPIENTS);
    expect(delivered).toHaveLength(RECIPIENTS);
  }, 180_000);
});
