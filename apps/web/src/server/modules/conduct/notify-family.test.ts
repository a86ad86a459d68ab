import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { personLocale } from "../../delivery/locale.ts";

// The ledger only needs e-mail to be configured; nothing is sent from the request (the worker's SMTP test is the lead's).
process.env.SMTP_URL ??= "smtp://127.0.0.1:2525";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";

let admin: string;
let northside: string;
let secretary: string;
let place: { periodId: number; superSectionId: number; sectionId: number; userId: number };
let masterId: number;
/** The student's guardians: one who reads English, one the school's language, one without an e-mail. */
let guardians: { english: number; spanish: number; noMail: number };

const post = <T = { ID: number }>(path: string, body: Row, token = admin, locale: Locale = "es") => api.call<T>("POST", path, { token, body, locale });
const ledger = (source: string, sourceId: number) =>
  api.school().then(({ db }) => db.message.findMany({ where: { source, sourceId }, orderBy: { userId: "asc" } }));
const messageCount = () => api.school().then(({ db }) => db.message.count());

const record = (extra: Row = {}): Row => ({
  ...place,
  masterId,
  dateFrom: "2026-05-12",
  values1: ["RESP"],
  note1: "Interrumpe la clase.",
  note2: "Se conversó con el alumno.",
  ...extra,
});

beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
  const section = (await api.rows("admSection/get?periodId=202601&PageSize=1"))[0]!;
  const student = (await api.rows(`admStudent/get?sectionId=${section.ID}&PageSize=1`))[0]!;
  place = { periodId: 202601, superSectionId: section.parentId as number, sectionId: section.ID as number, userId: student.ID as number };
  masterId = (await api.rows("admStaff/get?type=5&PageSize=1"))[0]!.ID as number;
  // The student's family, made known: the seed's guardians leave, three of this test's own come in.
  const { db } = await api.school();
  await db.kinship.deleteMany({ where: { studentId: place.userId } });
  const guardian = (name: string, mail: string | null, language: string | null) =>
    db.user.create({ data: { type: 1, name, last: "Prueba", mail, language }, select: { id: true } }).then((u) => u.id);
  guardians = {
    english: await guardian("Mary", "mary@family.example", "English"),
    spanish: await guardian("Rosa", "rosa@family.example", null),
    noMail: await guardian("Pedro", null, null),
  };
  await db.kinship.createMany({
    data: [
      { studentId: place.userId, relativeId: guardians.english, userKind: 0 },
      { studentId: place.userId, relativeId: guardians.spanish, userKind: 1 },
      { studentId: place.userId, relativeId: guardians.noMail, userKind: 1 },
    ],
  });
});

describe("a guardian's language", () => {
  it.each([
    ["English", "en"],
    ["en-US", "en"],
    ["Inglés", "en"],
    ["Español", "es"],
    ["es", "es"],
    ["Quechua", "en"],
    [null, "en"],
  ] as const)("%s → %s (school in English)", (language, locale) => {
    expect(personLocale({ language }, "en")).toBe(locale);
  });

  it("is the one chosen on the person's record before anything their language field says", () => {
    expect(personLocale({ locale: "es", language: "English" }, "en")).toBe("es");
    expect(personLocale({ locale: null, language: "English" }, "es")).toBe("en");
  });
});

describe("tracking and behaviour notices to the family (001 §3, §6)", () => {
  it("queues one e-mail per guardian with an address, in each one's language, and nothing more on a second save", async () => {
    const created = await post("admTracking/create", record({ notify: true }));
    expect(created.body.status).toBe(0);
    const id = created.body.data.ID;
    const rows = await ledger("tracking", id);
    expect(rows.map((r) => [r.userId, r.channel, r.address, r.locale, r.key])).toEqual([
      [guardians.english, "mail", "mary@family.example", "en", `tracking:${id}:${guardians.english}:mail`],
      [guardians.spanish, "mail", "rosa@family.example", "es", `tracking:${id}:${guardians.spanish}:mail`],
    ]);
    const [english, spanish] = rows;
    expect(english!.subject).toMatch(/^Colegio Demo: Tracking note about /);
    expect(english!.text).toContain("Dear Prueba Mary");
    expect(english!.text).toContain("What happened: Interrumpe la clase.");
    expect(english!.text).toContain("Actions taken: Se conversó con el alumno.");
    expect(english!.text).toContain("2026-05-12");
    expect(spanish!.subject).toMatch(/^Colegio Demo: Nota de seguimiento sobre /);
    expect(spanish!.text).toContain("Motivos: Falta de respeto");
    expect(rows.every((r) => r.status === "queued")).toBe(true);

    const before = await messageCount();
    expect((await post(`admTracking/edit/${id}`, { status: 1, note1: "Cambió." })).body.status).toBe(0);
    expect((await post(`admTracking/edit/${id}`, { notify: true })).body.status).toBe(0);
    expect(await messageCount()).toBe(before);
  });

  it("shows staff on the record what the family was told, from the ledger", async () => {
    const { body } = await post("admTracking/create", record({ notify: true }));
    const es = await api.call<Row>("GET", `admTracking/get/${body.data.ID}`, { token: admin });
    expect(es.body.data.notified).toBe("Enviado a 0 de 2 · en espera 2 · fallidos 0");
    const { db } = await api.school();
    await db.message.updateMany({ where: { source: "tracking", sourceId: body.data.ID, userId: guardians.english }, data: { status: "sent" } });
    const en = await api.call<Row>("GET", `admTracking/get/${body.data.ID}`, { token: admin, locale: "en" });
    expect(en.body.data.notified).toBe("Sent to 1 of 2 · waiting 1 · failed 0");
    const quiet = await post("admTracking/create", record());
    expect((await api.record(`admTracking/get/${quiet.body.data.ID}`)).notified).toBeUndefined();
  });

  it("waits for a notice date in the future, and writes a behaviour record's notice under its own source", async () => {
    const { body } = await post("admBehavior/create", record({ notify: true, notifOn: "2027-01-15 08:00" }));
    const rows = await ledger("conduct", body.data.ID);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.notBefore.toISOString() === "2027-01-15T13:00:00.000Z")).toBe(true);
    expect(rows[0]!.key).toBe(`conduct:${body.data.ID}:${guardians.english}:mail`);
    expect(rows[0]!.subject).toMatch(/Behaviour record/);
  });

  it("moves a notice not yet sent to its new date, and takes a withdrawn one off the ledger", async () => {
    const { body } = await post("admTracking/create", record({ notify: true, notifOn: "2027-02-01 09:00" }));
    const id = body.data.ID;
    expect((await post(`admTracking/edit/${id}`, { notifOn: "2027-02-03 10:30" })).body.status).toBe(0);
    const moved = await ledger("tracking", id);
    expect(moved.map((r) => r.notBefore.toISOString())).toEqual(["2027-02-03T15:30:00.000Z", "2027-02-03T15:30:00.000Z"]);
    // A message that already left stays; one still waiting goes.
    const { db } = await api.school();
    await db.message.updateMany({ where: { id: moved[0]!.id }, data: { status: "sent", attempts: 1 } });
    expect((await post(`admTracking/edit/${id}`, { notify: false })).body.status).toBe(0);
    expect((await ledger("tracking", id)).map((r) => r.id)).toEqual([moved[0]!.id]);
  });

  it("queues nothing for commitments and journal entries, which notify no one", async () => {
    const before = await messageCount();
    await post("admCommitment/create", record({ notify: true }));
    expect(await messageCount()).toBe(before);
  });

  it.each([
    ["es", "No tiene permiso para notificar a los padres."],
    ["en", "You may not notify the parents."],
  ] as const)("refuses a notice from someone who may not notify (%s), queuing nothing", async (locale, msg) => {
    const before = await messageCount();
    const res = await post<Refusal>("admTracking/create", record({ notify: true }), secretary, locale);
    // The secretary may not write tracking at all, or may not notify: either way the refusal is clear and nothing goes.
    expect([403, 422]).toContain(res.http);
    if (res.http === 422) expect(res.body.data.errors.notify).toBe(msg);
    expect(await messageCount()).toBe(before);
  });

  it.each([
    ["es", "El correo no está configurado en este servidor"],
    ["en", "E-mail is not configured on this server"],
  ] as const)("refuses a notice on a server without e-mail (%s), naming the field, writing nothing", async (locale, start) => {
    const settings = env();
    const configured = settings.SMTP_URL;
    settings.SMTP_URL = undefined;
    try {
      const [records, messages] = [await api.db().tracking.count(), await messageCount()];
      const res = await post<Refusal>("admTracking/create", record({ notify: true }), admin, locale);
      expect(res.http).toBe(422);
      expect(res.body.data.errors.notify).toMatch(new RegExp(`^${start}`));
      expect([await api.db().tracking.count(), await messageCount()]).toEqual([records, messages]);
      // A record without a notice is still saved.
      expect((await post("admTracking/create", record(), admin, locale)).body.status).toBe(0);
    } finally {
      settings.SMTP_URL = configured;
    }
  });

  it("keeps another school's administrator off the record and its notice", async () => {
    const { body } = await post("admTracking/create", record());
    const before = await messageCount();
    const res = await post(`admTracking/edit/${body.data.ID}`, { notify: true }, northside);
    expect(res.http).toBe(404);
    expect(await messageCount()).toBe(before);
  });
});
