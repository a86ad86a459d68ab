import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NOTIFICATION_STATUS } from "@pizarra/contracts";
import { DEMO_PASSWORD } from "@pizarra/db/seed";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiInstance, startApiInstance } from "../../../../scripts/lib/api-instance.ts";
import { backup } from "../../../../scripts/lib/backup/backup.ts";
import { restore } from "../../../../scripts/lib/backup/restore.ts";
import { dropDatabase, withDatabase } from "../../../../scripts/lib/database.ts";
import { type MailSink, startMailSink } from "../../../../scripts/lib/mail-sink.ts";
import { startWorker } from "../../../../scripts/lib/outside.ts";
import { apiHarness } from "../test-support/harness.ts";
import { until } from "../test-support/until.ts";
import { runNotification } from "./modules/notifications/run-notification.ts";
import { formatDateTime } from "./resource/values.ts";

/**
 * The restore drill: the demo school backed up with `pnpm db:backup`'s code and restored with `pnpm db:restore`'s into
 * another database of the same server, then compared by SQL of its own, signed in to, its file read, and its
 * unsent notifications sent by a worker that finds their queue empty (the archive holds no pg-boss tables).
 */
const api = apiHarness({ school: true });
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/** Tables whose every row is compared, not only counted: grades, the delivery ledger, and money when there is some. */
const SUMMED = /^(Grade|Message|Order|OrderDetail|Receipt)$|Payment/;

let sink: MailSink;
let admin: string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "pizarra-drill-"));
const archive = path.join(work, "backup.tar");
const restoredStorage = path.join(work, "storage");
const restoredName = `r_${randomBytes(6).toString("hex")}`;
const restoredUrl = withDatabase(process.env.TEST_ADMIN_URL!, restoredName);
let instance: ApiInstance | undefined;
let upload: { url: string; value: string };
let staffId: number;
/** The notification confirmed but not yet run (its run job waits in the queue), and the one whose messages wait. */
const notifications = { ready: 0, sending: 0 };

/** Every table's row count, the rows of SUMMED's tables as one digest, and the indexes and keys, read by plain SQL. */
async function fingerprint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
      )
    ).rows.map((r) => r.name);
    const counts: Record<string, number> = {};
    const digests: Record<string, string> = {};
    for (const table of tables) {
      counts[table] = Number((await client.query(`SELECT count(*) FROM "${table}"`)).rows[0].count);
      if (SUMMED.test(table)) {
        digests[table] = (await client.query(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS d FROM "${table}" t`)).rows[0].d;
      }
    }
    // The restore drops the keys and indexes for its load and makes them again: the same ones, by name and definition.
    const schema = (
      await client.query<{ line: string }>(
        `SELECT indexname || ': ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public'
          UNION ALL SELECT conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`,
      )
    ).rows.map((r) => r.line);
    return { counts, digests, schema };
  } finally {
    await client.end();
  }
}

async function confirmedNotification(title: string, sectionId: number): Promise<number> {
  const audience = { sendTo: 0, filterBy: "sections", sectionIds: [sectionId] };
  const message = { name: title, title, content: "Hola {{name}}.", doMail: true, sendOn: formatDateTime(new Date()) };
  const created = await api.call<{ ID: number }>("POST", "admNotification/create", { token: admin, body: { ...audience, ...message } });
  expect(created.body.status, JSON.stringify(created.body)).toBeGreaterThanOrEqual(0);
  const confirmed = await api.call<{ status: number }>("POST", `admNotification/schedule/${created.body.data.ID}?confirm=true`, { token: admin });
  expect(confirmed.body.data.status).toBe(NOTIFICATION_STATUS.ready);
  return created.body.data.ID;
}

beforeAll(async () => {
  sink = await startMailSink();
  process.env.SMTP_URL = sink.url;
  ({ admin } = await api.tokens());
  const { db, tenantId } = await api.school();
  // The sends are not urgent and the drill runs at any hour: the school keeps no quiet hours.
  await api.db().tenant.update({ where: { id: tenantId }, data: { quietFrom: null, quietTo: null } });

  staffId = (await api.rows<{ ID: number }>("admStaff/get?PageSize=1"))[0]!.ID;
  const uploaded = await api.call<{ url: string; value: string }>("POST", `admStaff/sign?id=${staffId}`, {
    token: admin,
    body: { name: "sign.png", doc: false, data: PNG },
  });
  expect(uploaded.body.status, JSON.stringify(uploaded.body)).toBe(0);
  upload = uploaded.body.data;

  const section = await db.section.findFirstOrThrow({ where: { members: { some: {} } }, orderBy: { id: "asc" }, select: { id: true } });
  notifications.ready = await confirmedNotification("Reunión", section.id);
  notifications.sending = await confirmedNotification("Salida", section.id);
  // Its run happens here, without a worker: its messages are written and their send jobs queued, none sent.
  const run = await db.notification.findUniqueOrThrow({ where: { id: notifications.sending }, select: { scheduledAt: true } });
  await runNotification(api.db(), { tenantId, id: notifications.sending, run: 0, scheduledAt: run.scheduledAt!.toISOString() });
  expect(await db.message.count({ where: { notificationId: notifications.sending, status: "queued" } })).toBeGreaterThan(0);
  expect(await db.message.count({ where: { notificationId: notifications.ready } })).toBe(0);

  await backup({ url: api.state.database!.url, out: archive, storageDir: process.env.STORAGE_DIR!, log: () => {} });
  await restore({ archive, url: restoredUrl, force: false, storageDir: restoredStorage, log: () => {} });
}, 240_000);

afterAll(async () => {
  await instance?.stop();
  await sink?.close();
  await dropDatabase(process.env.TEST_ADMIN_URL!, restoredName);
  fs.rmSync(work, { recursive: true, force: true });
});

describe("a backup of the demo school, restored into an empty database", () => {
  it("holds every table's rows, the same grades, ledger and billing rows, and the same indexes and keys", async () => {
    const [original, restored] = await Promise.all([fingerprint(api.state.database!.url), fingerprint(restoredUrl)]);
    expect(restored.counts).toEqual(original.counts);
    expect(restored.digests).toEqual(original.digests);
    expect(restored.schema).toEqual(original.schema);
    expect(original.counts.Grade).toBeGreaterThan(0);
    expect(original.counts.Message).toBeGreaterThan(0);
  });

  it("is refused over a database that holds rows, which it leaves as it was", async () => {
    const before = await fingerprint(restoredUrl);
    await expect(restore({ archive, url: restoredUrl, force: false, storageDir: restoredStorage, log: () => {} })).rejects.toThrow(
      new RegExp(`Database ${restoredName} is not empty: \\d+ of its tables hold rows .*add --force`),
    );
    expect(await fingerprint(restoredUrl)).toEqual(before);
  });

  it("signs the demo admin in, takes a new record and serves the file uploaded before the backup", async () => {
    instance = await startApiInstance({ DATABASE_URL: restoredUrl, AUTH_SECRET: randomBytes(48).toString("hex"), STORAGE_DIR: restoredStorage });
    const signIn = await fetch(`${instance.url}/api/admStaff/login?adm=true`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-locale": "es" },
      body: JSON.stringify({ ext: "", user: "admin@pizarra.demo", pass: DEMO_PASSWORD }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    expect(token).toEqual(expect.any(String));
    const headers = { authorization: `Bearer ${token}`, "x-locale": "es", "content-type": "application/json" };
    // A new row takes the next id after the restored ones: the sequences were moved past them.
    const created = await fetch(`${instance.url}/api/admInfo/create`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Tras la restauración", body: "<p>Hola</p>" }),
    });
    expect(await created.json()).toMatchObject({ status: 0, data: { ID: expect.any(Number) } });
    const res = await fetch(`${instance.url}/api/admStaff/get/${staffId}`, { headers });
    const row = ((await res.json()) as { data: Record<string, string> }).data;
    expect(row.sign).toBe(upload.value);
    const file = await fetch(`${instance.url}${row.signUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG, "base64"))).toBe(true);
  }, 120_000);

  it("sends, once a worker starts on it, a notification that was only confirmed and one whose messages were queued", async () => {
    const worker = startWorker({
      DATABASE_URL: restoredUrl,
      AUTH_SECRET: randomBytes(48).toString("hex"),
      SMTP_URL: sink.url,
      STORAGE_DIR: restoredStorage,
      WORKER_LEASE_SECONDS: "2",
      WORKER_RETRY_SECONDS: "1",
    });
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    const client = new pg.Client({ connectionString: restoredUrl });
    await client.connect();
    try {
      const ids = [notifications.ready, notifications.sending];
      const statuses = await until(
        "the restored notifications",
        async () => (await client.query(`SELECT id, status FROM "Notification" WHERE id = ANY($1) ORDER BY id`, [ids])).rows,
        (rows) => rows.every((r) => r.status === NOTIFICATION_STATUS.sent || r.status === NOTIFICATION_STATUS.errors),
      );
      expect(statuses).toHaveLength(2);
      const ledger = (await client.query(`SELECT "notificationId", status FROM "Message" WHERE "notificationId" = ANY($1)`, [ids])).rows;
      for (const id of ids) expect(ledger.filter((m) => m.notificationId === id && m.status === "sent").length).toBeGreaterThan(0);
      expect(ledger.filter((m) => m.status === "queued" || m.status === "sending")).toEqual([]);
    } finally {
      await client.end();
      worker.kill("SIGTERM");
      await exited;
    }
  }, 120_000);
});
