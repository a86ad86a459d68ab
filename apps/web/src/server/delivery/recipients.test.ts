import { randomUUID } from "node:crypto";
import { forTenant, type MessageModel } from "@pizarra/db";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { runAlert } from "../modules/attendance/alerts.ts";
import { runFollowup } from "../modules/notifications/flow-followups.ts";
import { runNotification } from "../modules/notifications/run-notification.ts";
import { formatDateTime } from "../resource/values.ts";
import { fallBack } from "./ledger.ts";

// Every sender here writes e-mail: the channel only has to be configured, nothing leaves (the ledger is what is read).
process.env.SMTP_URL ??= "smtp://127.0.0.1:2525";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

let admin: string;
let tenantId: number;
let db: Awaited<ReturnType<typeof api.school>>["db"];
/** The students: `kid` and `cousin` active, `gone` no longer. */
let kid: number;
let cousin: number;
let gone: number;
let place: { periodId: number; superSectionId: number; sectionId: number };
/**
 * The family: `ok` (main guardian of both children, written to), `out` (a guardian who asked not to get e-mail),
 * `external` (an external contact of both: listed, not written to), `late` (a guardian deactivated after the flow's
 * first message), `former` (the main guardian of the student no longer active, and of no one else).
 */
let family: { ok: number; out: number; external: number; late: number; former: number };
/** The flow's notification, sent once while everyone was still active. */
let flowNotification: { id: number; scheduledAt: string };

async function notify(audience: Row, extra: Row = {}): Promise<number> {
  const created = await api.call<{ ID: number }>("POST", "admNotification/create", {
    token: admin,
    body: { name: "Aviso", sendOn: formatDateTime(new Date()), doMail: true, title: "Aviso", content: "Hola {{name}}.", ...audience, ...extra },
  });
  expect(created.body.status, JSON.stringify(created.body)).toBe(0);
  return created.body.data.ID;
}

/** Confirms a notification and runs its first run as the worker does; answers its confirmation. */
async function send(id: number): Promise<string> {
  const confirmed = await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin });
  expect(confirmed.body.status, JSON.stringify(confirmed.body)).toBe(0);
  const { scheduledAt } = await db.notification.findFirstOrThrow({ where: { id }, select: { scheduledAt: true } });
  await runNotification(api.db(), { tenantId, id, run: 0, scheduledAt: scheduledAt!.toISOString() });
  return scheduledAt!.toISOString();
}

/** Who the ledger rows that match were written for, each once, in id order. */
const writtenFor = async (where: Row) =>
  [...new Set((await db.message.findMany({ where, select: { userId: true } })).map((m) => m.userId))].sort((a, b) => a! - b!);

async function absence(student: number): Promise<number> {
  const type = await db.attendanceType.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
  const session = await db.attendanceSession.create({ data: { day: new Date("2026-06-15"), scope: `recipients:${student}`, sectionId: place.sectionId } });
  const markedAt = new Date();
  const mark = await db.attendanceMark.create({ data: { sessionId: session.id, userId: student, status: 3, typeId: type.id, justification: 0, markedAt } });
  await runAlert(api.db(), { tenantId, markId: mark.id, status: 3, typeId: type.id, markedAt: markedAt.toISOString() });
  return mark.id;
}

beforeAll(async () => {
  ({ admin } = await api.tokens());
  ({ tenantId, db } = await api.school());
  await api.db().tenant.update({ where: { id: tenantId }, data: { quietFrom: null, quietTo: null } });
  const section = await db.section.findFirstOrThrow({ where: { superSection: { periodId: 202601 } }, orderBy: { id: "asc" } });
  place = { periodId: 202601, superSectionId: section.parentId!, sectionId: section.id };
  const person = (type: number, name: string, extra: Row = {}) =>
    db.user.create({ data: { type, name, last: "Reparto", mail: `${name.toLowerCase()}@reparto.test`, ...extra }, select: { id: true } }).then((u) => u.id);
  kid = await person(2, "Kid");
  cousin = await person(2, "Cousin");
  gone = await person(2, "Gone", { inactive: true });
  await db.sectionMember.createMany({ data: [kid, cousin, gone].map((userId) => ({ sectionId: section.id, userId })) });
  family = {
    ok: await person(1, "Ok", { cel: "51987654321" }),
    out: await person(1, "Out"),
    external: await person(1, "External"),
    late: await person(1, "Late"),
    former: await person(1, "Former"),
  };
  await db.kinship.createMany({
    data: [
      { studentId: kid, relativeId: family.ok, userKind: 0 },
      { studentId: kid, relativeId: family.out, userKind: 1 },
      { studentId: kid, relativeId: family.late, userKind: 1 },
      { studentId: kid, relativeId: family.external, userKind: 3 },
      { studentId: cousin, relativeId: family.ok, userKind: 0 },
      { studentId: cousin, relativeId: family.external, userKind: 3 },
      { studentId: gone, relativeId: family.former, userKind: 0 },
    ],
  });
  await db.channelOptOut.create({ data: { userId: family.out, channel: "mail", via: "staff" } });

  // A flow sent to the children's guardians while everyone was active; then one of them is deactivated.
  const flow = await db.flow.create({
    data: { type: "form", name: "Permiso", tags: "paseo", followupDefaultDelay: 1, followupUnit: "hours", followupMaxTotal: 3, followupBudget: 50 },
  });
  const id = await notify({ sendTo: 0, filterBy: "dependants", userIds: [kid, cousin] }, { page: "fetch", objectId: flow.id, title: "Permiso" });
  flowNotification = { id, scheduledAt: await send(id) };
  expect(await writtenFor({ notificationId: id })).toContain(family.late);
  await db.user.update({ where: { id: family.late }, data: { inactive: true } });
});

describe("one reading of recipients (active, opted out, contact rights), walked over every sender", () => {
  it("a notification to the guardians of some children, of a section, or chosen by name reaches only the guardians who may be told", async () => {
    for (const audience of [
      { sendTo: 0, filterBy: "dependants", userIds: [kid, cousin, gone] },
      { sendTo: 0, filterBy: "sections", sectionIds: [place.sectionId] },
      { sendTo: 0, filterBy: "principals", principalUserIds: Object.values(family) },
    ]) {
      const id = await notify(audience);
      await send(id);
      // A section's guardians are also the seed's families: this test's own are the ones looked at.
      const ours = new Set(Object.values(family));
      expect
        .soft(
          (await writtenFor({ notificationId: id })).filter((u) => ours.has(u!)),
          JSON.stringify(audience),
        )
        .toEqual([family.ok]);
    }
  });

  it("the dry run counts and lists the same people", async () => {
    const id = await notify({ sendTo: 0, filterBy: "dependants", userIds: [kid, cousin, gone] });
    const dry = await api.call<{ total: number; problems: { userId: number; reason: string }[] }>("POST", `admNotification/schedule/${id}`, {
      token: admin,
      locale: "en",
    });
    expect(dry.body.data.total).toBe(2);
    expect(dry.body.data.problems).toEqual([expect.objectContaining({ userId: family.out, reason: "Asked not to be written to on this channel" })]);
  });

  it("a flow's reminder goes to no one deactivated since its first message, nor to anyone else its audience leaves out now", async () => {
    const { id, scheduledAt } = flowNotification;
    expect(await runFollowup(api.db(), { tenantId, notificationId: id, run: 0, round: 1, scheduledAt })).toBeGreaterThan(0);
    expect(await writtenFor({ notificationId: id, source: "flow-followup" })).toEqual([family.ok]);
  });

  it("an absence alert tells the guardians who may be told, and nobody about a student no longer active", async () => {
    expect.soft(await writtenFor({ source: "attendance", sourceId: await absence(kid) })).toEqual([family.ok]);
    expect(await writtenFor({ source: "attendance", sourceId: await absence(gone) })).toEqual([]);
  });

  it("a tracking note's notice goes to the guardians who may be told", async () => {
    const master = await db.user.findFirstOrThrow({ where: { type: 5 }, select: { id: true } });
    const created = await api.call<{ ID: number }>("POST", "admTracking/create", {
      token: admin,
      body: {
        ...place,
        userId: kid,
        masterId: master.id,
        dateFrom: "2026-05-12",
        values1: ["RESP"],
        note1: "Interrumpe la clase.",
        note2: "Se habló con él.",
        notify: true,
      },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    expect(await writtenFor({ source: "tracking", sourceId: created.body.data.ID })).toEqual([family.ok]);
  });

  it("the directory's e-mail goes to the checked rows' guardians who may be told", async () => {
    const res = await api.call<{ queued: number }>("POST", "admDirectory/mail/send", {
      token: admin,
      body: { batch: randomUUID(), ids: [kid, cousin], columns: ["rel1mail", "rel2mail"], subject: "Paseo", body: "Mañana salimos a las 8." },
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(0);
    const sender = await db.user.findFirstOrThrow({ where: { mail: "admin@pizarra.demo" }, select: { id: true } });
    expect(await writtenFor({ source: "directory", sourceId: sender.id })).toEqual([family.ok]);
  });

  it("a message falls back only to a person still active who has not opted out of the fallback channel", async () => {
    const failed = async (userId: number) =>
      db.message.create({
        data: {
          key: `recipients:fallback:${userId}`,
          source: "test",
          userId,
          channel: "whatsapp",
          address: "51900000000",
          text: "Hola",
          status: "failed",
          permanent: true,
          fallback: "mail",
        },
      });
    for (const userId of [family.ok, family.late, family.out]) {
      const row: MessageModel = await failed(userId);
      await forTenant(api.db(), tenantId).$transaction((tx) => fallBack(tx, row));
    }
    expect(await writtenFor({ source: "test", channel: "mail" })).toEqual([family.ok]);
  });
});
