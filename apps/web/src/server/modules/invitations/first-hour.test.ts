import type { TCompanyChecklistAnswer, TInviteAnswer, TInviteLinkAnswer, TLoginAnswer } from "@pizarra/contracts";
import { createSchool, forTenant, hashPassword, type TenantDb } from "@pizarra/db";
import { simpleParser } from "mailparser";
import { SignJWT } from "jose";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "../../../../../../scripts/lib/mail-sink.ts";
import { apiHarness, login } from "../../../test-support/harness.ts";
import { sendBatch } from "../../delivery/send-message.ts";
import { env } from "../../env.ts";
import { signInviteLink } from "./link-token.ts";

const api = apiHarness();
let sink: MailSink;
const PASSWORD = "primera-hora";

beforeAll(async () => {
  // Before anything reads the environment: mail goes to this catcher, and links point at this address.
  sink = await startMailSink();
  process.env.SMTP_URL = sink.url;
  process.env.PUBLIC_URL = "https://pizarra.example";
  // WhatsApp is configured on this server (nothing is sent to it here: only the ledger is read).
  process.env.WHATSAPP_TOKEN = "test-token";
  process.env.WHATSAPP_PHONE_NUMBER_ID = "first-hour-default";
  process.env.WHATSAPP_API_URL = "http://127.0.0.1:9/v21.0";
});
afterAll(async () => {
  await sink?.close();
});

/** A school as registration makes it (createSchool), with its administrator signed in. */
async function newSchool(alias: string) {
  const email = `directora@${alias}.test`;
  const passwordHash = await hashPassword(PASSWORD);
  const school = await api.db().$transaction(async (tx) => {
    const account = await tx.account.create({ data: { email, passwordHash }, select: { id: true } });
    return createSchool(tx, {
      title: `Colegio ${alias}`,
      alias,
      defaultLocale: "es",
      email: `info@${alias}.test`,
      admin: { accountId: account.id, name: "Rosa", last: "Directora", mail: email, cel: "+51911000111" },
    });
  });
  const signedIn = await login(email, PASSWORD);
  expect(signedIn.body.status).toBe(0);
  return { ...school, email, token: signedIn.body.data.token, db: forTenant(api.db(), school.tenantId) };
}

const checklist = async (token: string) => (await api.call<TCompanyChecklistAnswer>("GET", "company/checklist", { token })).body.data;
const stepOf = (answer: TCompanyChecklistAnswer, id: string) => answer.steps.find((s) => s.id === id)!;

/** Sends the ledger rows the queue holds for them, as the worker's send job does. */
async function sendQueued(tenantId: number, ids: number[]) {
  await sendBatch(api.db(), [{ id: `test-${ids.join("-")}`, data: { tenantId, ids } }]);
}

/** The link of the last invitation e-mail to `address`. */
async function invitationLink(address: string): Promise<string> {
  const mails = await Promise.all(
    sink
      .mailbox()
      .filter((m) => m.envelopeTo.includes(address))
      .map((m) => simpleParser(m.raw)),
  );
  const text = mails.at(-1)?.text ?? "";
  const link = /https:\/\/pizarra\.example\/user\/invite\/([\w.-]+)/.exec(text);
  expect(link, `an invitation to ${address}`).not.toBeNull();
  return link![1]!;
}

async function addStaff(db: TenantDb, mail: string | null, extra: { cel?: string; roleCode?: number } = {}) {
  return db.user.create({
    data: { name: "Teo", last: "Profesor", mail, type: 5, roleCode: extra.roleCode ?? 5, cel: extra.cel ?? null },
    select: { id: true },
  });
}

describe("the first hour's checklist (GET company/checklist)", () => {
  it("starts with the period ticked and ticks each step as its data appears", async () => {
    const school = await newSchool("checklist-uno");
    let answer = await checklist(school.token);
    expect(answer.total).toBe(9);
    expect(answer.dismissed).toBe(false);
    // createSchool made the current period; SMTP is configured here; nothing else exists yet.
    expect(answer.steps.filter((s) => s.done).map((s) => s.id)).toEqual(["period", "mail"]);
    expect(answer.done).toBe(2);
    expect(answer.channels.mail).toMatchObject({ ready: true, viaDeployment: true, to: school.email, test: null });
    expect(answer.channels.whatsapp).toMatchObject({ ready: false, sender: null });

    const period = await school.db.period.findFirstOrThrow({ select: { id: true } });
    const grade = await school.db.superSection.create({ data: { periodId: period.id, name: "1.º", groupBy: "Primaria", sort: 1 } });
    await school.db.section.create({ data: { parentId: grade.id, name: "A" } });
    const student = await school.db.user.create({ data: { name: "Lía", last: "Alumna", type: 2 } });
    answer = await checklist(school.token);
    expect(stepOf(answer, "grades")).toEqual({ id: "grades", done: true, count: 1 });
    expect(stepOf(answer, "sections")).toEqual({ id: "sections", done: true, count: 1 });
    expect(stepOf(answer, "students")).toEqual({ id: "students", done: true, count: 1 });
    expect(stepOf(answer, "families").done).toBe(false);

    // A guardian's link makes a family; an ended one does not.
    const mother = await school.db.user.create({ data: { name: "Ana", last: "Madre", type: 1 } });
    const link = await school.db.kinship.create({ data: { studentId: student.id, relativeId: mother.id, endedAt: new Date() } });
    expect(stepOf(await checklist(school.token), "families").done).toBe(false);
    await school.db.kinship.updateMany({ where: { studentId: link.studentId, relativeId: link.relativeId }, data: { endedAt: null } });
    expect(stepOf(await checklist(school.token), "families")).toEqual({ id: "families", done: true, count: 1 });

    const logo = `t${school.tenantId}/company/${school.tenantId}/logo-0123456789abcdef.png`;
    await school.db.tenant.update({ where: { id: school.tenantId }, data: { logo } });
    answer = await checklist(school.token);
    expect(stepOf(answer, "logo").done).toBe(true);
    // The shell shows it from the next /app load: the login answer's companyPic is a link to it.
    const renewed = await api.call<TLoginAnswer>("GET", "admStaff/loginToken", { token: school.token });
    expect(renewed.body.data.companyPic).toMatch(new RegExp(`^/api/files/${logo}\\?exp=\\d+&sig=`));
    expect(answer.done).toBe(7);

    // Hidden for the school, and shown again; the profile's other switches are kept.
    await school.db.tenant.update({ where: { id: school.tenantId }, data: { settings: { givenNamesFirst: true } } });
    expect((await api.call("POST", "company/checklist", { token: school.token, body: { dismissed: true } })).body.status).toBe(0);
    expect((await checklist(school.token)).dismissed).toBe(true);
    expect((await school.db.tenant.findUniqueOrThrow({ where: { id: school.tenantId } })).settings).toEqual({
      givenNamesFirst: true,
      firstHourDismissed: true,
    });
  });

  it("is the administrators' alone, and each school's own", async () => {
    const { secretary, admin } = await api.tokens();
    expect((await api.call("GET", "company/checklist", { token: secretary })).http).toBe(403);
    const other = await newSchool("checklist-dos");
    await other.db.user.create({ data: { name: "Solo", last: "Aquí", type: 2 } });
    // The demo school's hundreds of rows are not the new school's, nor the other way round.
    expect(stepOf(await checklist(other.token), "students").count).toBe(1);
    expect(stepOf(await checklist(admin), "students").count).toBe(
      await api.db().user.count({ where: { tenantId: (await api.school()).tenantId, type: 2, inactive: false } }),
    );
  });

  it("sends a test message through the ledger and the channel, and shows its delivery state", async () => {
    const school = await newSchool("checklist-tres");
    const refused = await api.call<{ errors: Record<string, string> }>("POST", "company/testMessage", {
      token: school.token,
      locale: "en",
      body: { channel: "whatsapp" },
    });
    expect(refused.http).toBe(422);
    expect(refused.body.data.errors.channel).toBe("This school has no WhatsApp number of its own: ask the administrator to set up the school's number.");

    const sent = await api.call<{ ID: number }>("POST", "company/testMessage", { token: school.token, body: { channel: "mail" } });
    expect(sent.body).toMatchObject({ status: 0, msg: "Mensaje de prueba en cola: su estado se muestra aquí." });
    expect((await checklist(school.token)).channels.mail.test).toMatchObject({ status: "queued", address: school.email });
    await sendQueued(school.tenantId, [sent.body.data.ID]);
    expect((await checklist(school.token)).channels.mail.test).toMatchObject({ status: "sent", error: null });
    const mail = await simpleParser(sink.mailbox().find((m) => m.envelopeTo.includes(school.email))!.raw);
    expect(mail.subject).toBe("Mensaje de prueba de Colegio checklist-tres");
  });
});

describe("staff invitations (POST admStaff/invite/{id}, /user/invite/{token})", () => {
  it("invites by e-mail through the ledger; the link sets the password once and signs the person in", async () => {
    const school = await newSchool("invita-uno");
    const teo = await addStaff(school.db, "Teo@Invita-Uno.test");
    const invited = await api.call<TInviteAnswer>("POST", `admStaff/invite/${teo.id}`, { token: school.token });
    expect(invited.body).toMatchObject({ status: 0, msg: "Invitación enviada a Teo.", data: { ID: teo.id, channels: ["mail"] } });
    // An account without a password, for the staff member's e-mail; a ledger row; an audit line.
    const person = await school.db.user.findFirstOrThrow({ where: { id: teo.id }, select: { accountId: true } });
    const account = await api.db().account.findUniqueOrThrow({ where: { id: person.accountId! } });
    expect(account.email).toBe("teo@invita-uno.test");
    expect(account.passwordHash.startsWith("$2")).toBe(false);
    const rows = await school.db.message.findMany({ where: { source: "invitation", userId: teo.id }, select: { id: true, channel: true, address: true } });
    expect(rows).toMatchObject([{ channel: "mail", address: "teo@invita-uno.test" }]);
    expect(await school.db.auditLog.count({ where: { moduleId: "admStaff", action: "invite", recordId: String(teo.id) } })).toBe(1);
    expect(stepOf(await checklist(school.token), "staffInvited")).toEqual({ id: "staffInvited", done: true, count: 1 });

    await sendQueued(
      school.tenantId,
      rows.map((r) => r.id),
    );
    const token = await invitationLink("teo@invita-uno.test");
    const shown = await api.call<TInviteLinkAnswer>("GET", `user/invite/${token}`);
    expect(shown.body.data).toMatchObject({ school: "Colegio invita-uno", name: "Teo Profesor", email: "teo@invita-uno.test" });

    // The password's rules, named in the page's language; nothing is written.
    const short = await api.call<{ errors: Record<string, string> }>("POST", `user/invite/${token}`, {
      locale: "en",
      body: { password: "corta", confirm: "corta" },
    });
    expect(short.http).toBe(422);
    expect(short.body.data.errors.password).toBe("The Password must be at least 8 characters.");
    const mismatch = await api.call<{ errors: Record<string, string> }>("POST", `user/invite/${token}`, {
      body: { password: "una-clave-larga-1", confirm: "otra-clave-larga-2" },
    });
    expect(mismatch.body.data.errors.confirm).toBe("El campo Confirmar contraseña no coincide con la contraseña.");

    const accepted = await api.call<TLoginAnswer>("POST", `user/invite/${token}`, { body: { password: "una-clave-larga-1", confirm: "una-clave-larga-1" } });
    expect(accepted.body).toMatchObject({
      status: 0,
      msg: "Su contraseña quedó guardada. ¡Bienvenido!",
      data: { companyID: school.tenantId, user: { ID: teo.id } },
    });
    expect((await api.call("GET", "admStaff/loginToken", { token: accepted.body.data.token })).http).toBe(200);
    expect(await school.db.auditLog.count({ where: { action: "passwordSet", recordId: String(teo.id) } })).toBe(1);
    expect((await login("teo@invita-uno.test", "una-clave-larga-1")).body.data).toMatchObject({ companyID: school.tenantId });

    // Used: refused on the page and on a second submission, saying so in es and en.
    const again = await api.call("POST", `user/invite/${token}`, { locale: "en", body: { password: "otra-clave-mas-3", confirm: "otra-clave-mas-3" } });
    expect(again.http).toBe(410);
    expect(again.body.msg).toBe("This invitation was already used. Sign in with your e-mail and password.");
    expect((await api.call("GET", `user/invite/${token}`)).body.msg).toBe("Esta invitación ya fue usada. Ingrese con su correo y contraseña.");
    expect((await login("teo@invita-uno.test", "otra-clave-mas-3")).body.status).toBe(-1);
  });

  it("also invites by WhatsApp, as the school's notice template, when the person has a mobile and the school a number", async () => {
    const school = await newSchool("invita-wa");
    await school.db.tenant.update({ where: { id: school.tenantId }, data: { whatsappPhoneNumberId: "invita-wa-number" } });
    const answer = await checklist(school.token);
    expect(stepOf(answer, "whatsapp").done).toBe(true);
    expect(answer.channels.whatsapp).toMatchObject({ ready: true, sender: "invita-wa-number", to: "+51911000111" });
    const ana = await addStaff(school.db, "ana@invita-wa.test", { cel: "+51922333444" });
    const invited = await api.call<TInviteAnswer>("POST", `admStaff/invite/${ana.id}`, { token: school.token });
    expect(invited.body.data.channels).toEqual(["mail", "whatsapp"]);
    // Invited twice at once: one sign-in for her, and each invitation queued.
    const twice = await Promise.all([1, 2].map(() => api.call<TInviteAnswer>("POST", `admStaff/invite/${ana.id}`, { token: school.token })));
    expect(twice.map((r) => r.body.status)).toEqual([0, 0]);
    expect(await api.db().account.count({ where: { email: "ana@invita-wa.test" } })).toBe(1);
    expect(await school.db.message.count({ where: { source: "invitation", userId: ana.id } })).toBe(6);
    const row = await school.db.message.findFirstOrThrow({ where: { source: "invitation", userId: ana.id, channel: "whatsapp" } });
    expect(row.address).toBe("+51922333444");
    expect(row.template).toMatchObject({
      name: "school_notice",
      language: "es",
      params: ["Colegio invita-wa", "Colegio invita-wa le invita a Pizarra", expect.stringContaining("https://pizarra.example/user/invite/")],
    });
  });

  it("refuses a tampered, foreign-purpose or expired link, and never hands a known password's account a link", async () => {
    const school = await newSchool("invita-dos");
    const eva = await addStaff(school.db, "eva@invita-dos.test");
    await api.call("POST", `admStaff/invite/${eva.id}`, { token: school.token });
    const { accountId } = await school.db.user.findFirstOrThrow({ where: { id: eva.id }, select: { accountId: true } });
    const { passwordHash } = await api.db().account.findUniqueOrThrow({ where: { id: accountId! } });
    const token = await signInviteLink(school.tenantId, accountId!, passwordHash);

    const [head, body, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: String(school.adminUserId) })).toString("base64url")}.${signature}`;
    const tampered = await api.call("GET", `user/invite/${forged}`, { locale: "en" });
    expect(tampered).toMatchObject({ http: 401, body: { msg: "This invitation link is not valid. Ask your school for a new invitation." } });
    expect((await api.call("POST", `user/invite/${forged}`, { body: { password: "una-clave-larga-1", confirm: "una-clave-larga-1" } })).http).toBe(401);
    // A sign-in token is no invitation.
    expect((await api.call("GET", `user/invite/${school.token}`)).http).toBe(401);

    // Past its time (the invitation's own key, an expiry a week ago).
    const key = createHash("sha256").update(`invite-link\u0000${env().AUTH_SECRET}`).digest();
    const old = await new SignJWT({ fp: claims.fp, tid: school.tenantId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(accountId))
      .setAudience("pizarra:invite")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 8 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
      .sign(key);
    const expired = await api.call("POST", `user/invite/${old}`, { body: { password: "una-clave-larga-1", confirm: "una-clave-larga-1" } });
    expect(expired).toMatchObject({ http: 410, body: { msg: "Esta invitación venció. Pida a su colegio una nueva invitación." } });
    expect((await api.db().account.findUniqueOrThrow({ where: { id: accountId! } })).passwordHash).toBe(passwordHash);

    // The demo's secretary already signs in elsewhere with a password: added here and invited, she gets no link.
    const known = await addStaff(school.db, "secretaria@pizarra.demo");
    const before = (await api.db().account.findUniqueOrThrow({ where: { email: "secretaria@pizarra.demo" } })).passwordHash;
    const notice = await api.call<TInviteAnswer>("POST", `admStaff/invite/${known.id}`, { token: school.token });
    expect(notice.body.status).toBe(0);
    const row = await school.db.message.findFirstOrThrow({ where: { source: "invitation", userId: known.id } });
    expect(row.text).not.toContain("/user/invite/");
    expect(row.text).toContain("/user/login");
    expect((await api.db().account.findUniqueOrThrow({ where: { email: "secretaria@pizarra.demo" } })).passwordHash).toBe(before);
  });

  it("refuses what it cannot invite, naming why, and writes nothing", async () => {
    const school = await newSchool("invita-tres");
    const { admin } = await api.tokens();
    const noMail = await addStaff(school.db, null);
    const res = await api.call<{ errors: Record<string, string> }>("POST", `admStaff/invite/${noMail.id}`, { token: school.token, locale: "en" });
    expect(res.http).toBe(422);
    expect(res.body.data.errors.mail).toBe("The staff member needs an e-mail to be invited.");
    // Another school's person is not found from here; a student is no staff member.
    const demoTeacher = (await api.school()).teacherId;
    expect((await api.call("POST", `admStaff/invite/${demoTeacher}`, { token: school.token })).http).toBe(404);
    const student = await school.db.user.create({ data: { name: "Lía", last: "Alumna", type: 2, mail: "lia@invita-tres.test" } });
    expect((await api.call("POST", `admStaff/invite/${student.id}`, { token: school.token })).http).toBe(404);
    // Staff write is needed: the demo teacher has none, the demo admin is of another school.
    const teacher = (await api.tokens()).teacher;
    expect((await api.call("POST", `admStaff/invite/${noMail.id}`, { token: teacher })).http).toBe(403);
    expect((await api.call("POST", `admStaff/invite/${noMail.id}`, { token: admin })).http).toBe(404);
    expect(await school.db.message.count({ where: { source: "invitation" } })).toBe(0);
    expect(await school.db.auditLog.count({ where: { action: "invite" } })).toBe(0);
  });
});
