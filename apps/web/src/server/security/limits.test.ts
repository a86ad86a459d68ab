import { createECDH, randomBytes } from "node:crypto";
import { JUSTIFICATION_STATUS } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import webpush from "web-push";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness, type CallResult } from "../../test-support/harness.ts";
import { env } from "../env.ts";
import { signJustifyLink } from "../modules/attendance/link-token.ts";
import { MAX_DEVICES } from "../modules/push/subscriptions.ts";
import { SUPPORT_PER_HOUR } from "../modules/support/contact-us.ts";

/**
 * The product's "at most N" and "only once" rules, each fired by AT_ONCE requests at the same moment through the real
 * route handler: exactly as many get through as the rule allows, and the database holds exactly that many rows. A rule
 * held by counting first and writing after lets several through, since none of them sees the others' rows.
 *
 * - support: SUPPORT_PER_HOUR messages an hour per person (tenants/contact/us)
 * - justification link: one pending or accepted justification per link (justify/{token})
 * - report artefacts: 60 memos and 5 report-card zips per person in 10 minutes (grades/memo, admGrades/job/archive/zip)
 * - sign-in: LOGIN_FREE_FAILURES per account and LOGIN_FREE_FAILURES_PER_ADDRESS per address before a doubling lock
 * - appointments: one appointment of a resource at a time (admBookingList/create), confirmed once (admBookingList/confirm)
 * - periods: at most one current period (admPeriod/edit)
 * - sections: a student is in one section per period (admSectionMembers/create)
 * - flows: 100 inputs per flow (admFetchInput/create)
 * - push: MAX_DEVICES devices per person in a school (push/subscribe)
 * - contacts: one external contact per number in a school (admUser/importAttach)
 */
const AT_ONCE = 20;

const VAPID = webpush.generateVAPIDKeys();
process.env.VAPID_PUBLIC_KEY = VAPID.publicKey;
process.env.VAPID_PRIVATE_KEY = VAPID.privateKey;
// The support form only needs e-mail to be configured: the ledger queues, nothing is sent from the request.
process.env.SMTP_URL ??= "smtp://127.0.0.1:2525";

const api = apiHarness({ school: true });

let admin: string;
let teacher: string;
let db: TenantDb;
let teacherId: number;
let adminId: number;

beforeAll(async () => {
  ({ admin, teacher } = await api.tokens());
  ({ db, teacherId } = await api.school());
  adminId = (await db.user.findFirstOrThrow({ where: { mail: "admin@pizarra.demo" }, select: { id: true } })).id;
});

/** The same call AT_ONCE times at the same moment. */
const atOnce = <T = unknown>(call: (i: number) => Promise<CallResult<T>>) => Promise.all(Array.from({ length: AT_ONCE }, (_, i) => call(i)));
const withStatus = (answers: CallResult[], http: number) => answers.filter((a) => a.http === http).length;

describe("support: messages per person an hour", () => {
  it(`takes exactly ${SUPPORT_PER_HOUR} of ${AT_ONCE} messages sent at once`, async () => {
    await db.tenant.updateMany({ data: { supportEmail: "soporte@colegio.demo" } });
    const answers = await atOnce(() =>
      api.call("POST", "tenants/contact/us/", { token: teacher, body: { Subject: "Reportar un problema", Body: "No carga.", Sender: "docente@pizarra.demo" } }),
    );
    expect({ sent: withStatus(answers, 200), refused: withStatus(answers, 429) }).toEqual({ sent: SUPPORT_PER_HOUR, refused: AT_ONCE - SUPPORT_PER_HOUR });
    expect(await db.message.count({ where: { source: "support", sourceId: teacherId, userId: null } })).toBe(SUPPORT_PER_HOUR);
  });
});

describe("justification link: one pending or accepted justification per link", () => {
  it(`takes exactly one of ${AT_ONCE} posts of one link at once`, async () => {
    const student = await db.user.findFirstOrThrow({
      where: { type: 2, relatives: { some: {} } },
      select: { id: true, relatives: { select: { relativeId: true } } },
    });
    const guardianId = student.relatives[0]!.relativeId;
    const token = await signJustifyLink({
      tenantId: (await api.school()).tenantId,
      studentId: student.id,
      guardianId,
      from: "2026-06-16",
      to: "2026-06-16",
      sessionId: null,
    });
    const answers = await atOnce(() => api.call("POST", `justify/${token}`, { locale: "en", body: { reason: "Salud", note: "Fiebre" } }));
    expect({ sent: withStatus(answers, 200), refused: withStatus(answers, 409) }).toEqual({ sent: 1, refused: AT_ONCE - 1 });
    const sent = { userId: student.id, via: "link", createdBy: guardianId };
    expect(await db.justification.count({ where: sent })).toBe(1);

    // Once the school denies it, the family may send another, and again only one.
    await db.justification.updateMany({ where: sent, data: { status: JUSTIFICATION_STATUS.denied } });
    const again = await atOnce(() => api.call("POST", `justify/${token}`, { locale: "en", body: { reason: "Salud", note: "Con certificado" } }));
    expect(withStatus(again, 200)).toBe(1);
    expect(await db.justification.count({ where: { ...sent, status: { not: JUSTIFICATION_STATUS.denied } } })).toBe(1);
  });
});

describe("report artefacts: new files per person in 10 minutes", () => {
  /** Files `userId` had made a moment ago, so that `room` are left of the limit. */
  const alreadyMade = (kind: "memos" | "reportcards", userId: number, count: number) =>
    db.reportArtefact.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        kind,
        userId,
        subject: `earlier${i}`,
        fingerprint: "earlier",
        filename: "earlier.pdf",
        expiresAt: new Date(Date.now() + 3600_000),
      })),
    });
  const made = (kind: string, userId: number) => db.reportArtefact.count({ where: { kind, userId, createdAt: { gt: new Date(Date.now() - 600_000) } } });

  it(`builds exactly the 5 memos left of 60 when ${AT_ONCE} different ones are asked for at once`, async () => {
    const students = await db.sectionMember.findMany({
      where: { user: { type: 2 }, section: { superSection: { periodId: 202601 } } },
      distinct: ["userId"],
      take: AT_ONCE,
      select: { userId: true },
    });
    expect(students).toHaveLength(AT_ONCE);
    await alreadyMade("memos", adminId, 55);
    const answers = await atOnce((i) => api.call("GET", `grades/memo/202601/${students[i]!.userId}`, { token: admin }));
    expect({ built: withStatus(answers, 200), refused: withStatus(answers, 429) }).toEqual({ built: 5, refused: AT_ONCE - 5 });
    expect(await made("memos", adminId)).toBe(60);
  });

  it(`builds exactly the one zip left of 5 when a grade's zip is asked for ${AT_ONCE} times at once`, async () => {
    // A grade of one student, so that the one zip built is quick to draw.
    const grade = await db.superSection.create({
      data: { periodId: 202601, name: "Límites", sections: { create: { name: "Única" } } },
      include: { sections: true },
    });
    const student = await db.user.create({ data: { type: 2, name: "Zoe", last: "Límites" } });
    await db.sectionMember.create({ data: { sectionId: grade.sections[0]!.id, userId: student.id } });
    await alreadyMade("reportcards", adminId, 4);
    const answers = await atOnce(() =>
      api.call<{ url: string }>("GET", `admGrades/job/archive/zip?supersectionId=${grade.id}&periodId=202601`, { token: admin }),
    );
    expect(await made("reportcards", adminId)).toBe(5);
    // The others are refused, or answered with the one file built if they asked after it was stored.
    const ok = answers.filter((a) => a.http === 200);
    expect(ok.length + withStatus(answers, 429)).toBe(AT_ONCE);
    expect(new Set(ok.map((a) => a.body.data.url)).size).toBe(1);
  });
});

describe("sign-in: free failures, then a doubling lock", () => {
  const wrong = (email: string, address: string) => api.login(email, "not-the-password", address);
  const row = (key: string) => api.db().loginThrottle.findUniqueOrThrow({ where: { key } });
  /** The lock a row holds, in seconds from when it was set (its last write). */
  const lockSeconds = (r: { lockedUntil: Date | null; updatedAt: Date }) => Math.round((r.lockedUntil!.getTime() - r.updatedAt.getTime()) / 1000);
  /** Checked: answered as a failed sign-in (the password was compared), not refused as throttled. */
  const checked = (answers: CallResult[]) => answers.filter((a) => a.http === 200 && a.body.status === -1).length;

  it(`checks only the free failures of an account and the one that locks it when ${AT_ONCE} wrong passwords come at once`, async () => {
    const free = env().LOGIN_FREE_FAILURES;
    await api.db().loginThrottle.deleteMany();
    // A different address each, so that only the account's count is at stake.
    const answers = await atOnce((i) => wrong("secretaria@pizarra.demo", `198.51.100.${100 + i}`));
    expect({ checked: checked(answers), refused: withStatus(answers, 429) }).toEqual({ checked: free + 1, refused: AT_ONCE - free - 1 });
    const locked = await row("account:secretaria@pizarra.demo");
    expect(locked.failures).toBe(free + 1);
    expect(lockSeconds(locked)).toBe(5);

    // Past the lock, the next burst gets one more guess, and the lock that follows is twice as long (10 s, not 5).
    await api.db().loginThrottle.updateMany({ data: { lockedUntil: new Date(Date.now() - 1000) } });
    const next = await atOnce((i) => wrong("secretaria@pizarra.demo", `198.51.100.${100 + i}`));
    expect(checked(next)).toBe(1);
    const doubled = await row("account:secretaria@pizarra.demo");
    expect(doubled.failures).toBe(free + 2);
    expect(lockSeconds(doubled)).toBe(10);
    await api.db().loginThrottle.deleteMany();
  });

  it(`checks only what is left of an address's free failures when ${AT_ONCE} guesses at different accounts come at once`, async () => {
    const free = env().LOGIN_FREE_FAILURES_PER_ADDRESS;
    const address = "198.51.100.77";
    await api.db().loginThrottle.deleteMany();
    await api.db().loginThrottle.create({ data: { key: `address:${address}`, failures: free - 3 } });
    const answers = await atOnce((i) => wrong(`nobody${i}@pizarra.demo`, address));
    expect({ checked: checked(answers), refused: withStatus(answers, 429) }).toEqual({ checked: 4, refused: AT_ONCE - 4 });
    expect((await row(`address:${address}`)).failures).toBe(free + 1);
    await api.db().loginThrottle.deleteMany();
  });

  it("gives back what a right password was counted as, and the lock it set: an address at its limit stays usable", async () => {
    const free = env().LOGIN_FREE_FAILURES_PER_ADDRESS;
    const address = "198.51.100.78";
    await api.db().loginThrottle.deleteMany();
    await api.db().loginThrottle.create({ data: { key: `address:${address}`, failures: free } });
    for (const email of ["docente@pizarra.demo", "secretaria@pizarra.demo", "admin@pizarra.demo"])
      expect((await api.login(email, undefined, address)).body.status).toBe(0);
    expect(await row(`address:${address}`)).toMatchObject({ failures: free, lockedUntil: null });
    // A right password from an address with no failures leaves nothing behind.
    await api.db().loginThrottle.deleteMany();
    expect((await api.login("docente@pizarra.demo", undefined, address)).body.status).toBe(0);
    expect(await api.db().loginThrottle.count()).toBe(0);
  });
});

describe("appointments: one at a time per resource", () => {
  it(`books exactly one of ${AT_ONCE} appointments asked for the same slot at once`, async () => {
    const student = await db.user.findFirstOrThrow({ where: { type: 2 }, select: { id: true } });
    const answers = await atOnce(() => api.call("POST", "admBookingList/create", { token: teacher, body: { userId: student.id, dtDate: "2027-03-10 09:00" } }));
    expect({ booked: answers.filter((a) => a.body.status === 0).length, refused: withStatus(answers, 422) }).toEqual({ booked: 1, refused: AT_ONCE - 1 });
    expect(await db.booking.count({ where: { dtDate: { lt: new Date("2027-03-10T14:20:00Z") }, dtEndDate: { gt: new Date("2027-03-10T14:00:00Z") } } })).toBe(
      1,
    );
  });

  it(`confirms a reserved appointment once when ${AT_ONCE} confirmations come at once`, async () => {
    const student = await db.user.findFirstOrThrow({ where: { type: 2 }, select: { id: true } });
    const booked = await api.call<{ ID: number }>("POST", "admBookingList/create", {
      token: teacher,
      body: { userId: student.id, dtDate: "2027-03-11 09:00" },
    });
    const id = booked.body.data.ID;
    const answers = await atOnce(() => api.call("POST", `admBookingList/confirm/${id}`, { token: teacher }));
    expect({ confirmed: answers.filter((a) => a.body.status === 0).length, refused: withStatus(answers, 409) }).toEqual({ confirmed: 1, refused: AT_ONCE - 1 });
    expect(await db.auditLog.count({ where: { moduleId: "admBookingList", action: "edit", recordId: String(id) } })).toBe(1);
  });
});

describe("periods: at most one current", () => {
  it(`leaves exactly one current period when ${AT_ONCE} are made current at once`, async () => {
    const ids = Array.from({ length: AT_ONCE }, (_, i) => 203001 + i);
    await db.period.createMany({
      data: ids.map((id) => ({ id, name: `Límites ${id}`, from: new Date("2030-03-01"), to: new Date("2030-12-20"), showGradesFrom: new Date("2030-12-21") })),
    });
    const answers = await atOnce((i) => api.call("POST", `admPeriod/edit/${ids[i]}`, { token: admin, body: { current: true } }));
    expect(answers.every((a) => a.body.status === 0)).toBe(true);
    expect(await db.period.count({ where: { current: true } })).toBe(1);
    await db.period.updateMany({ where: { id: { in: ids } }, data: { current: false } });
    await db.period.updateMany({ where: { id: 202601 }, data: { current: true } });
  });
});

describe("sections: one per student and period", () => {
  it(`leaves a student in exactly one section when ${AT_ONCE} of the period's sections take them at once`, async () => {
    const grade = await db.superSection.create({
      data: { periodId: 202601, name: "Límites secciones", sections: { create: Array.from({ length: AT_ONCE }, (_, i) => ({ name: `S${i}` })) } },
      include: { sections: { orderBy: { id: "asc" } } },
    });
    const student = await db.user.create({ data: { type: 2, name: "Sam", last: "Límites" } });
    const answers = await atOnce((i) =>
      api.call("POST", "admSectionMembers/create", { token: admin, body: { sectionId: grade.sections[i]!.id, userId: student.id } }),
    );
    expect(answers.every((a) => a.body.status === 0)).toBe(true);
    expect(await db.sectionMember.count({ where: { userId: student.id, section: { superSection: { periodId: 202601 } } } })).toBe(1);
  });
});

describe("flows: inputs per flow", () => {
  it(`takes exactly the 5 inputs left of 100 when ${AT_ONCE} are added at once, each last in its own place`, async () => {
    const flow = await db.flow.create({ data: { type: "form", name: "Límites", tags: "límites" } });
    await db.flowInput.createMany({
      data: Array.from({ length: 95 }, (_, i) => ({ fectchId: flow.id, name: `P${i}`, desc: "-", type: "text", order: i + 1 })),
    });
    const answers = await atOnce((i) =>
      api.call("POST", `admFetchInput/create?parentId=${flow.id}`, { token: admin, body: { name: `Nueva ${i}`, desc: "-", type: "text" } }),
    );
    expect({ added: answers.filter((a) => a.body.status === 0).length, refused: withStatus(answers, 409) }).toEqual({ added: 5, refused: AT_ONCE - 5 });
    const orders = (await db.flowInput.findMany({ where: { fectchId: flow.id }, select: { order: true } })).map((r) => r.order);
    expect(new Set(orders).size).toBe(100);
  });
});

describe("push: devices per person", () => {
  const subscription = () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    };
  };

  it(`keeps exactly ${MAX_DEVICES} devices when ${AT_ONCE} browsers subscribe at once`, async () => {
    const answers = await atOnce(() => api.call("POST", "push/subscribe", { token: teacher, body: subscription() }));
    expect(answers.every((a) => a.body.status === 0)).toBe(true);
    expect(await db.pushSubscription.count({ where: { userId: teacherId } })).toBe(MAX_DEVICES);
  });
});

describe("contacts: one external contact per number", () => {
  it(`makes exactly one contact when ${AT_ONCE} imports bring the same new number at once`, async () => {
    const answers = await atOnce((i) =>
      api.call("POST", "admUser/importAttach", { token: admin, body: { groupName: `Límites ${i}`, phoneList: "+51 955 000 777" } }),
    );
    expect(answers.every((a) => a.body.status === 0)).toBe(true);
    expect(await db.user.count({ where: { cel: "+51955000777" } })).toBe(1);
  });
});
