import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TEnvelope } from "@pizarra/contracts";
import { DEMO_PASSWORD } from "@pizarra/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiInstance, startApiInstance } from "../../../../scripts/lib/api-instance.ts";
import { type MailSink, startMailSink } from "../../../../scripts/lib/mail-sink.ts";
import { startWorker } from "../../../../scripts/lib/outside.ts";
import { type S3Sink, startS3Sink } from "../../../../scripts/lib/s3-sink.ts";
import { apiHarness } from "../test-support/harness.ts";
import { formatDateTime } from "./resource/values.ts";

/**
 * Two app instances on one database: each its own process with its own memory and its own local folder,
 * sharing only PostgreSQL and the S3 bucket, as two machines behind a load balancer do. What one instance learns must
 * hold on the other. (Each instance is the app's route handler behind a plain HTTP server, scripts/lib/api-instance.ts:
 * two production builds would not start side by side on CI's two cores within this suite's time.)
 */
const api = apiHarness({ school: true });
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let s3: S3Sink;
let mail: MailSink;
let a: ApiInstance;
let b: ApiInstance;
const folders: string[] = [];
const workers: ChildProcess[] = [];
let shared: Record<string, string> & { DATABASE_URL: string; AUTH_SECRET: string };

beforeAll(async () => {
  [s3, mail] = await Promise.all([startS3Sink(), startMailSink()]);
  shared = { DATABASE_URL: api.state.database!.url, AUTH_SECRET: randomBytes(48).toString("hex"), SMTP_URL: mail.url, ...s3.env };
  const own = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pizarra-instance-"));
    folders.push(folder);
    return { ...shared, STORAGE_DIR: folder };
  };
  [a, b] = await Promise.all([startApiInstance(own()), startApiInstance(own())]);
}, 180_000);
afterAll(async () => {
  const exited = workers.map((w) => new Promise((resolve) => (w.exitCode === null ? w.once("exit", resolve) : resolve(null))));
  for (const w of workers) w.kill("SIGTERM");
  await Promise.all([...exited, a?.stop(), b?.stop()]);
  await Promise.all([s3?.close(), mail?.close()]);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function call<T>(instance: ApiInstance, method: string, route: string, { token, body }: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${instance.url}/api/${route}`, {
    method,
    headers: { "x-locale": "es", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { http: res.status, body: (await res.json()) as TEnvelope<T> };
}

const signIn = (instance: ApiInstance, user: string, pass = DEMO_PASSWORD) =>
  call<{ token: string }>(instance, "POST", "admStaff/login?adm=true", { body: { ext: "", user, pass } });

describe("two app instances on one database", () => {
  it("serves from one instance a file uploaded through the other", async () => {
    const token = (await signIn(a, "admin@pizarra.demo")).body.data.token;
    const staffId = (await call<{ Results: { ID: number }[] }>(a, "GET", "admStaff/get?PageSize=1", { token })).body.data.Results[0]!.ID;
    const upload = await call<{ url: string; value: string }>(a, "POST", `admStaff/sign?id=${staffId}`, {
      token,
      body: { name: "sign.png", doc: false, data: PNG },
    });
    expect(upload.body.status, JSON.stringify(upload.body)).toBe(0);

    const file = await fetch(`${b.url}${upload.body.data.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG, "base64"))).toBe(true);
    // Neither instance kept it on its own disk: had one, the other could not have served it.
    for (const folder of folders) expect(fs.readdirSync(folder)).toEqual([]);

    // And the record B reads points at it too, with a link B signed.
    const row = (await call<Record<string, string>>(b, "GET", `admStaff/get/${staffId}`, { token })).body.data;
    expect(row.sign).toBe(upload.body.data.value);
    expect((await fetch(`${b.url}${row.signUrl}`)).status).toBe(200);
  });

  it("holds on one instance a sign-in lockout counted on both", async () => {
    // Three failures on each instance: only counted together do they pass the five free failures of an account.
    for (const instance of [a, b, a, b, a, b]) {
      const failed = await signIn(instance, "secretaria@pizarra.demo", "not-the-password");
      expect(failed.body.status).toBe(-1);
    }
    for (const instance of [a, b]) {
      const locked = await signIn(instance, "secretaria@pizarra.demo");
      expect(locked.http).toBe(429);
      expect(locked.body.msg).toMatch(/Demasiados intentos fallidos/);
    }
  });

  it("runs once a job queued through one instance, with two workers taking from the queue", async () => {
    const { db } = await api.school();
    await api.db().tenant.updateMany({ data: { quietFrom: null, quietTo: null } });
    await db.user.createMany({ data: Array.from({ length: 8 }, (_, i) => ({ type: 1, name: `Familia${i}`, last: "Dos", mail: `familia${i}@two.test` })) });
    const guardians = await db.user.findMany({ where: { mail: { endsWith: "@two.test" } }, select: { id: true, mail: true } });
    const group = await db.userGroup.create({ data: { name: "Dos instancias", type: 1, staff: false } });
    await db.userGroupMember.createMany({ data: guardians.map((g) => ({ groupId: group.id, userId: g.id })) });

    const token = (await signIn(b, "admin@pizarra.demo")).body.data.token;
    const created = await call<{ ID: number }>(a, "POST", "admNotification/create", {
      token,
      body: { name: "Aviso", sendOn: formatDateTime(new Date()), doMail: true, recipientType: 1, groupId: group.id, title: "Hola", content: "Una vez." },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBeGreaterThanOrEqual(0);
    const id = created.body.data.ID;
    expect((await call<{ status: number }>(a, "POST", `admNotification/schedule/${id}?confirm=true`, { token })).body.data.status).toBe(1);

    workers.push(startWorker({ ...shared, WORKER_LEASE_SECONDS: "3" }), startWorker({ ...shared, WORKER_LEASE_SECONDS: "3" }));
    const end = Date.now() + 90_000;
    let status = 0;
    while (status !== 3 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await call<{ status: number }>(b, "GET", `admNotification/get/${id}`, { token })).body.data.status;
    }
    expect(status).toBe(3);

    const runs = await api.db().$queryRaw<{ state: string; retry_count: number }[]>`
      SELECT state, retry_count FROM pgboss.job WHERE name = 'notification-run' AND (data->>'id')::int = ${id}`;
    expect(runs).toEqual([{ state: "completed", retry_count: 0 }]);
    // Each guardian got the message once: the SMTP server received it once, not once per worker.
    const received = mail.received.map((m) => m.envelopeTo.join(","));
    for (const g of guardians) expect(received.filter((to) => to === g.mail)).toHaveLength(1);
    expect(await db.message.count({ where: { notificationId: id, status: "sent" } })).toBe(guardians.length);
  }, 120_000);
});
