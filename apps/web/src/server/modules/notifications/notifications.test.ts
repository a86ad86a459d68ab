import { beforeAll, describe, expect, it } from "vitest";
import { claimMessages, deliver, SentLog } from "../../delivery/send-message.ts";
import { formatDateTime } from "../../resource/values.ts";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
// E-mail is configured (no worker runs here: nothing is sent); WhatsApp is not.
process.env.SMTP_URL = "smtp://127.0.0.1:2";
type Row = Record<string, unknown>;
type Page = { Results: Row[]; RowCount: number; PageCount: number };
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";

// A real 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const DAY = 24 * 60 * 60 * 1000;
/** A date-time `days` from now, as the API writes it (UTC-5). */
const inDays = (days: number) => formatDateTime(new Date(Date.now() + days * DAY));

let admin: string;
let northside: string;
let secretary: string;
beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
});
const list = api.rows;
const create = (resource: string, body: Row, locale: Locale = "es") =>
  api.call<{ ID: number } & Refusal>("POST", `${resource}/create`, { token: admin, body, locale });
const get = async (resource: string, id: unknown) => (await api.call<Row>("GET", `${resource}/get/${id}`, { token: admin })).body.data;

/** The current period's first grade with two of its sections. */
async function gradeWithSections() {
  const grade = (await list("admSuperSection/get?periodId=202601&PageSize=1"))[0]!;
  const sections = await list(`admSection/get?parentId=${grade.ID}&PageSize=2`);
  return { grade: grade.ID as number, sections: sections.map((s) => s.ID as number) };
}

async function refusedWithoutWriting(
  resource: string,
  model: "publication" | "calendarActivity" | "notification",
  body: Row,
  locale: Locale,
  field: string,
  message: string,
) {
  const count = () => (api.db()[model] as unknown as { count(): Promise<number> }).count();
  const before = await count();
  const res = await create(resource, body, locale);
  expect(res.http).toBe(422);
  expect(res.body.data.errors[field]).toBe(message);
  expect(await count()).toBe(before);
}

describe("admPublication (001 §3 Publication, §5)", () => {
  it.each([
    ["es", { name: "" }, "name", "El campo Título es requerido."],
    ["en", { name: "x".repeat(151) }, "name", "The Title may not be greater than 150 characters."],
    ["es", { name: "Aviso", desc: "x".repeat(151) }, "desc", "Comentario corto no debe ser mayor a 150 caracteres."],
    ["en", { name: "Notice", categoryId: "cal" }, "categoryId", "The Category is not one of the allowed options."],
    [
      "es",
      { name: "Aviso", publishFrom: "2026-05-10 08:00", publishTo: "2026-05-01 08:00" },
      "publishTo",
      "La fecha final no puede ser anterior a la inicial.",
    ],
    [
      "en",
      { name: "Notice", published: true, accessPrincipal: false, accessDependant: false, accessMaster: false },
      "accessPrincipal",
      "Choose who sees it once published: guardians, students or teachers.",
    ],
    ["es", { name: "Aviso", sections: [2_000_000_000] }, "sections", "El campo Secciones no es una de las opciones permitidas."],
  ])("refuses in %s naming the field, writing nothing", async (locale, body, field, message) => {
    const input: Row = { ...body };
    // A calendar category is not a publications category.
    if (input.categoryId === "cal") input.categoryId = (await list("admCategory/get?type=cal&pick=true"))[0]!.ID;
    await refusedWithoutWriting("admPublication", "publication", input, locale as Locale, field, message);
  });

  it("keeps a publication for some sections, adds their grade, cleans its text and signs it with the author", async () => {
    const { grade, sections } = await gradeWithSections();
    const pub = (await list("admCategory/get?type=pub&pick=true"))[0]!;
    const created = await create("admPublication", {
      name: "Salida al zoológico",
      body: '<p onclick="x()">Traer gorra<script>alert(1)</script></p>',
      categoryId: pub.ID,
      sections: [sections[0]],
      published: true,
      publishFrom: "2026-06-01 08:00",
    });
    expect(created.body.status).toBe(0);
    const row = await get("admPublication", created.body.data.ID);
    expect(row).toMatchObject({
      body: "<p>Traer gorra</p>",
      superSections: [grade],
      sections: [sections[0]],
      categoryName: pub.name,
      by: "Ana Administradora",
      accessPrincipal: true,
      partCount: 0,
    });
    const byGrade = await list(`admPublication/get?superSectionId=${grade}&PageSize=100`);
    expect(byGrade.map((r) => r.ID)).toContain(created.body.data.ID);
    expect(byGrade.every((r) => (r.superSections as number[]).includes(grade))).toBe(true);
  });

  it("lists pinned publications first, searches them and names their category, image and parts", async () => {
    const rows = await list("admPublication/get?PageSize=100");
    expect(rows[0]).toMatchObject({ pinTop: true, name: "Bienvenidos al año escolar", partCount: 3 });
    expect(rows.findIndex((r) => r.pinTop === false)).toBeGreaterThan(rows.findLastIndex((r) => r.pinTop === true));
    expect((await list("admPublication/get?filter=museo")).map((r) => r.name)).toEqual(["Salida al museo de ciencias"]);
    const picks = await list("admPublication/get?pick=true&PageSize=2");
    expect(Object.keys(picks[0]!)).toEqual(["ID", "name", "img", "desc"]);
  });

  it("uploads its images (jpeg, jpg or png) through admPublication/file", async () => {
    const id = (await list("admPublication/get?PageSize=1"))[0]!.ID;
    const res = await api.call("POST", `admPublication/file?id=${id}`, { token: admin, body: { name: "img2.png", doc: false, data: PNG } });
    expect(res.body.status).toBe(0);
    expect((await get("admPublication", id)).img2Url).toMatch(/^\/api\/files\/t\d+\/admPublication\/\d+\/img2-[a-f0-9]{16}\.png\?/);
    const gif = await api.call<Refusal>("POST", `admPublication/file?id=${id}`, { token: admin, body: { name: "img1.gif", doc: false, data: PNG } });
    expect(gif.body.data.errors.img1).toBe("Solo se permiten los siguientes tipos de archivos: jpeg, jpg, png.");
  });

  it("keeps parts in order under their publication, and they go with it", async () => {
    const created = await create("admPublication", { name: "Boletín de junio" });
    const id = created.body.data.ID;
    const first = await api.call<{ ID: number }>("POST", `admPublicationPart/create?parentId=${id}`, { token: admin, body: { name: "Noticias" } });
    const second = await api.call<{ ID: number }>("POST", `admPublicationPart/create?parentId=${id}`, {
      token: admin,
      body: { name: "Agenda", body: "<p>Feria</p>" },
    });
    expect(second.body.status).toBe(0);
    const parts = await list(`admPublicationPart/get?parentId=${id}`);
    expect(parts.map((p) => [p.name, p.sort, p.publicationId])).toEqual([
      ["Noticias", 0, id],
      ["Agenda", 1, id],
    ]);
    const noName = await api.call<Refusal>("POST", `admPublicationPart/create?parentId=${id}`, { token: admin, body: { name: "" }, locale: "en" });
    expect(noName.body.data.errors.name).toBe("The Title field is required.");
    const theirs = (await list("admPublication/get?PageSize=1", northside))[0]!.ID;
    const elsewhere = await api.call<Refusal>("POST", `admPublicationPart/create?parentId=${theirs}`, { token: admin, body: { name: "Intrusa" } });
    expect(elsewhere.body.data.errors.publicationId).toBe("El campo Publicación no es una de las opciones permitidas.");
    expect((await api.call("POST", `admPublication/delete/${id}?confirm=true`, { token: admin })).body.status).toBe(0);
    expect(await api.db().publicationPart.count({ where: { id: { in: [first.body.data.ID, second.body.data.ID] } } })).toBe(0);
  });

  it("lets the secretary read publications but not change them", async () => {
    const row = (await list("admPublication/get?PageSize=1", secretary))[0]!;
    expect((await api.call("POST", `admPublication/edit/${row.ID}`, { token: secretary, body: { name: "X" } })).http).toBe(403);
  });
});

describe("admActivity: calendar activities of admCalendar (002 §2, §3, §5)", () => {
  it.each([
    ["es", { name: "" }, "name", "El campo Nombre es requerido."],
    ["en", { name: "Trip", startDate: "2026-05-10 08:00" }, "endDate", "The Ends field is required."],
    ["es", { name: "Paseo", startDate: "2026-05-10 08:00", endDate: "2026-05-09 16:00" }, "endDate", "La fecha final no puede ser anterior a la inicial."],
    ["en", { name: "Trip", hasDate: false, locationTxt: "x".repeat(51) }, "locationTxt", "The Location may not be greater than 50 characters."],
    ["es", { name: "Paseo", hasDate: false, owner: 2_000_000_000 }, "owner", "El campo Responsable no es una de las opciones permitidas."],
  ])("refuses in %s naming the field, writing nothing", async (locale, body, field, message) => {
    await refusedWithoutWriting("admActivity", "calendarActivity", body, locale as Locale, field, message);
  });

  it("keeps an activity for a section, with its grade, its author in charge, and finds it by grade and section", async () => {
    const { grade, sections } = await gradeWithSections();
    const created = await create("admActivity", {
      name: "Feria de ciencias",
      startDate: "2026-08-20 08:00",
      endDate: "2026-08-20 13:00",
      sections: [sections[1]],
      locationTxt: "Patio",
    });
    expect(created.body.status).toBe(0);
    const row = await get("admActivity", created.body.data.ID);
    expect(row).toMatchObject({ hasDate: true, superSections: [grade], sections: [sections[1]], startDate: "2026-08-20 08:00" });
    const admin = await api.db().user.findFirstOrThrow({ where: { name: "Ana", tenant: { title: "Colegio Demo" } }, select: { id: true } });
    expect(row.owner).toBe(admin.id);
    const bySection = await list(`admActivity/get?sectionId=${sections[1]}&PageSize=100`);
    expect(bySection.map((r) => r.ID)).toContain(created.body.data.ID);
    expect(bySection.every((r) => (r.sections as number[]).includes(sections[1]!))).toBe(true);
    expect((await list(`admActivity/get?superSectionId=${grade}&PageSize=100`)).map((r) => r.ID)).toContain(created.body.data.ID);
  });

  it("tells all-year-round activities (type=ayr) from dated ones, also as a pick list", async () => {
    const ayr = await list("admActivity/get?type=ayr&PageSize=100");
    expect(ayr.length).toBeGreaterThan(0);
    expect(ayr.every((r) => r.hasDate === false && r.startDate === null)).toBe(true);
    expect((await list("admActivity/get?type=cal&PageSize=100")).every((r) => r.hasDate === true)).toBe(true);
    const picks = await list("admActivity/get?type=ayr&pick=true");
    expect(picks.map((p) => p.name)).toEqual(ayr.map((r) => r.name));
  });

  it("answers admActivity/month/{n} with the dated activities that overlap that month of this year, earliest first", async () => {
    const today = formatDateTime(new Date());
    const year = today.slice(0, 4);
    const across = await create("admActivity", { name: "Campamento", startDate: `${year}-02-27 08:00`, endDate: `${year}-03-02 12:00` });
    const inside = await create("admActivity", { name: "Simulacro de sismo", startDate: `${year}-03-01 10:00`, endDate: `${year}-03-01 10:30` });
    await create("admActivity", { name: "Taller de ajedrez", hasDate: false });
    const res = await api.call<Page & { year: number; month: number; from: string; to: string }>("GET", "admActivity/month/3", { token: admin });
    expect(res.body.data).toMatchObject({ year: Number(year), month: 3, from: `${year}-03-01`, to: `${year}-03-31` });
    const ids = res.body.data.Results.map((r) => r.ID);
    expect(ids.indexOf(across.body.data.ID)).toBeLessThan(ids.indexOf(inside.body.data.ID));
    expect(ids.indexOf(across.body.data.ID)).toBeGreaterThanOrEqual(0);
    expect(
      res.body.data.Results.every((r) => r.hasDate === true && String(r.startDate) <= `${year}-03-31 23:59` && String(r.endDate) >= `${year}-03-01 00:00`),
    ).toBe(true);
    const starts = res.body.data.Results.map((r) => String(r.startDate));
    expect(starts).toEqual([...starts].sort());

    const now = await create("admActivity", { name: "Hoy", startDate: today, endDate: today });
    const current = await api.call<Page & { month: number }>("GET", "admActivity/month/0", { token: admin });
    expect(current.body.data.month).toBe(Number(today.slice(5, 7)));
    expect(current.body.data.Results.map((r) => r.ID)).toContain(now.body.data.ID);
    expect((await api.call<Page>("GET", "admActivity/month/0", { token: northside })).body.data.Results.map((r) => r.ID)).not.toContain(now.body.data.ID);
    expect((await api.call("GET", "admActivity/month/13", { token: admin })).http).toBe(422);
  });

  it("needs the calendar's module rights: the secretary may write, the teacher only read", async () => {
    const created = await api.call<{ ID: number }>("POST", "admActivity/create", { token: secretary, body: { name: "Reunión de delegados", hasDate: false } });
    expect(created.body.status).toBe(0);
    const { teacher } = await api.tokens();
    expect((await api.call("GET", "admActivity/month/0", { token: teacher })).http).toBe(200);
    expect((await api.call("POST", `admActivity/edit/${created.body.data.ID}`, { token: teacher, body: { name: "X" } })).http).toBe(403);
  });
});

describe("admNotification (002 §2, §3, §4, §5)", () => {
  const draft = (extra: Row = {}): Row => ({ name: "Aviso de prueba", doMail: true, title: "Aviso", body: "<p>Hola</p>", sendOn: inDays(10), ...extra });

  it.each([
    ["es", { name: "" }, "name", "El campo Nombre es requerido."],
    ["en", { name: "x".repeat(51) }, "name", "The Name may not be greater than 50 characters."],
    ["es", { sendOn: "" }, "sendOn", "El campo Fecha de envío es requerido."],
    ["en", { sendOn: "2020-01-01 08:00" }, "sendOn", "The send date may not be in the past."],
    ["es", { title: "" }, "title", "El campo Título es requerido."],
    ["en", { doMail: false, doWA: true }, "doWATemplate", "The WhatsApp template field is required."],
    ["es", { doWA: true, doWATemplate: "welcome-mail" }, "doWATemplate", "El campo Plantilla de WhatsApp no es una de las opciones permitidas."],
    ["en", { hasRecurrence: true }, "recurrencePattern", "The Repeat field is required."],
    ["es", { hasRecurrence: true, recurrencePattern: "daily" }, "recurrenceDays", "El campo Días es requerido."],
    ["en", { hasRecurrence: true, recurrencePattern: "monthly", recurrenceMonths: [13] }, "recurrenceMonths", "The Months is not one of the allowed options."],
    ["es", { filterBy: "sections" }, "sectionIds", "El campo Secciones es requerido."],
    ["en", { sendTo: 2, filterBy: "principals" }, "filterBy", "Only guardians can be narrowed to a list of guardians."],
    ["es", { recipientType: 1 }, "groupId", "El campo Grupo es requerido."],
    ["en", { page: "general", objectId: 1 }, "objectId", "The Associated record is not one of the allowed options."],
  ])("refuses in %s naming the field, writing nothing", async (locale, body, field, message) => {
    await refusedWithoutWriting("admNotification", "notification", draft(body), locale as Locale, field, message);
  });

  it("lists 10 a page, latest send date first, with status, progress and a filter by status and send days", async () => {
    const page = (await api.call<Page>("GET", "admNotification/get", { token: admin })).body.data;
    expect(page.Results.length).toBeLessThanOrEqual(10);
    const dates = page.Results.map((r) => String(r.sendOn));
    expect(dates).toEqual([...dates].sort().reverse());
    const sent = await list("admNotification/get?status=3&PageSize=100");
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.status === 3 && (r.sentProgress as number) > 0 && (r.readProgress as number) > 0)).toBe(true);
    const day = String(sent[0]!.sendOn).slice(0, 10);
    const onDay = await list(`admNotification/get?from=${day}&to=${day}&PageSize=100`);
    expect(onDay.map((r) => r.ID)).toContain(sent[0]!.ID);
    expect(onDay.every((r) => String(r.sendOn).startsWith(day))).toBe(true);
  });

  it("builds the recurrence from the send time and clears it when it no longer repeats", async () => {
    const sendOn = inDays(20);
    const created = await create(
      "admNotification",
      draft({ sendOn, hasRecurrence: true, recurrencePattern: "daily", recurrenceDays: [5, 1], recurrenceMonths: [3] }),
    );
    expect(created.body.status).toBe(0);
    const row = await get("admNotification", created.body.data.ID);
    expect(row).toMatchObject({
      recurrence: `${Number(sendOn.slice(14, 16))} ${Number(sendOn.slice(11, 13))} * * 1,5`,
      recurrenceDays: [5, 1],
      recurrenceMonths: [],
    });
    await api.call("POST", `admNotification/edit/${created.body.data.ID}`, { token: admin, body: { hasRecurrence: false } });
    expect(await get("admNotification", created.body.data.ID)).toMatchObject({ recurrence: null, recurrencePattern: null, recurrenceDays: [] });
  });

  it("previews, then schedules: a draft becomes ready with its number of recipients, and nothing more", async () => {
    const { sections } = await gradeWithSections();
    const created = await create("admNotification", draft({ sendTo: 2, filterBy: "sections", sectionIds: [sections[0]] }));
    const id = created.body.data.ID;
    const children = await api.db().sectionMember.count({ where: { sectionId: sections[0], user: { inactive: false } } });
    const preview = await api.call<Row>("POST", `admNotification/schedule/${id}`, { token: admin, locale: "en" });
    expect(preview.body).toMatchObject({ status: 0, data: { ID: id, status: 0, total: children } });
    expect(preview.body.msg).toBe(`Ready to send to ${children} recipients on ${(await get("admNotification", id)).sendOn}.`);
    expect((await get("admNotification", id)).status).toBe(0);

    const confirmed = await api.call<Row>("POST", `admNotification/schedule/${id}?confirm=true`, { token: admin });
    expect(confirmed.body).toMatchObject({ status: 0, data: { status: 1, total: children } });
    expect(await get("admNotification", id)).toMatchObject({ status: 1, recipients: children, total: children, sent: 0, confirm: true });
    expect(await api.db().auditLog.count({ where: { moduleId: "admNotification", recordId: String(id) } })).toBe(2);

    // Saving with the start-sending switch off cancels it; on again, it is ready again.
    await api.call("POST", `admNotification/edit/${id}`, { token: admin, body: { confirm: false } });
    expect(await get("admNotification", id)).toMatchObject({ status: 4, confirm: false });
    await api.call("POST", `admNotification/edit/${id}`, { token: admin, body: { confirm: true } });
    expect((await get("admNotification", id)).status).toBe(1);
  });

  it("schedules on save with the start-sending switch, counting the guardians of the chosen children", async () => {
    const { sections } = await gradeWithSections();
    const children = (await api.db().sectionMember.findMany({ where: { sectionId: sections[0] }, take: 2, select: { userId: true } })).map((m) => m.userId);
    const guardians = await api.db().user.count({ where: { type: 1, inactive: false, dependants: { some: { studentId: { in: children } } } } });
    const body = draft({ sendTo: 0, filterBy: "dependants", userIds: children });
    // The save's trial is the dry run: it says whom it would reach and keeps nothing, not even a draft.
    const kept = async () => [await api.db().notification.count(), await api.db().auditLog.count({ where: { moduleId: "admNotification" } })];
    const before = await kept();
    const trial = await api.call<Row>("POST", "admNotification/create?dryRun=true", { token: admin, body, locale: "en" });
    expect(trial.body).toMatchObject({ status: 0, data: { ID: null, status: 0, total: guardians, messages: guardians } });
    expect(trial.body.msg).toBe(`Ready to send to ${guardians} recipients on ${body.sendOn}.`);
    expect(await kept()).toEqual(before);
    // A resource with no trial of its own refuses one rather than saving.
    expect((await api.call("POST", "admActivity/create?dryRun=true", { token: admin, body: { name: "x" } })).http).toBe(400);

    const created = await create("admNotification", { ...body, confirm: true });
    expect(created.body).toMatchObject({ status: 0, msg: `Notificación programada para el ${body.sendOn} (${guardians} destinatarios).` });
    expect(await get("admNotification", created.body.data.ID)).toMatchObject({ status: 1, recipients: guardians, total: guardians });
  });

  it("refuses to schedule what cannot go out, and to change or schedule what went out", async () => {
    const noChannel = await create("admNotification", draft({ doMail: false }));
    const refused = await api.call<Refusal>("POST", `admNotification/schedule/${noChannel.body.data.ID}?confirm=true`, { token: admin, locale: "en" });
    expect(refused.http).toBe(422);
    expect(refused.body.data.errors.doWA).toBe("Choose at least one way to send it: WhatsApp, e-mail or push.");
    const template = (await list("admLocalization/get?type=w&PageSize=1"))[0]!;
    const whatsapp = await create("admNotification", draft({ doMail: false, doWA: true, doWATemplate: template.ID }));
    const unconfigured = await api.call<Refusal>("POST", `admNotification/schedule/${whatsapp.body.data.ID}`, { token: admin, locale: "en" });
    expect(unconfigured.http).toBe(422);
    expect(unconfigured.body.data.errors.doWA).toBe("WhatsApp is not configured on this server: ask the administrator to set up the WhatsApp Cloud API.");
    const nobody = await create(
      "admNotification",
      draft({
        recipientType: 1,
        groupId: (await api.call<{ ID: number }>("POST", "admGroup/create", { token: admin, body: { name: "Vacío", type: 1 } })).body.data.ID,
      }),
    );
    const empty = await api.call("POST", `admNotification/schedule/${nobody.body.data.ID}`, { token: admin });
    expect(empty.http).toBe(422);
    expect(empty.body.msg).toBe("Nadie recibiría esta notificación: revisa sus destinatarios.");
    expect((await get("admNotification", noChannel.body.data.ID)).status).toBe(0);

    const sent = (await list("admNotification/get?status=3&PageSize=1"))[0]!;
    const edit = await api.call("POST", `admNotification/edit/${sent.ID}`, { token: admin, body: { name: "Otro nombre" } });
    expect(edit.http).toBe(409);
    expect(edit.body.msg).toBe("Esta notificación se está enviando o ya se envió: ya no se puede modificar.");
    expect((await api.call("POST", `admNotification/schedule/${sent.ID}?confirm=true`, { token: admin })).http).toBe(409);
    expect((await get("admNotification", sent.ID)).name).toBe(sent.name);
  });

  it("pauses and resumes a confirmed notification, retries its failed messages and shows its ledger", async () => {
    const { sections } = await gradeWithSections();
    const id = (await create("admNotification", draft({ sendTo: 2, filterBy: "sections", sectionIds: [sections[0]], confirm: true }))).body.data.ID;
    const ledger = async (query = "") => (await api.call<Row>("GET", `admNotification/${id}/messages${query}`, { token: admin, locale: "en" })).body.data;
    expect(await ledger()).toMatchObject({ RowCount: 0, notification: { status: 1, canPause: true, canResume: false } });

    const paused = await api.call<Row>("POST", `admNotification/${id}/pause`, { token: admin, locale: "en" });
    expect(paused.body).toMatchObject({ status: 0, msg: "Sending paused: nothing more goes out until you resume it.", data: { status: 4 } });
    expect(await ledger()).toMatchObject({ notification: { status: 4, canPause: false, canResume: true } });
    expect((await api.call("POST", `admNotification/${id}/pause`, { token: admin })).http).toBe(409);
    expect((await api.call<Row>("POST", `admNotification/${id}/resume`, { token: admin })).body.data).toEqual({ status: 1 });

    // Three messages of its run: one failed for good with nothing to fall back on, one that ran out of attempts, one
    // on its way.
    const { db, tenantId } = await api.school();
    const child = await db.sectionMember.findFirstOrThrow({ where: { sectionId: sections[0] }, select: { userId: true } });
    const base = { source: "notification", sourceId: id, notificationId: id, userId: child.userId, text: "Aviso", tenantId };
    const firstFailure = new Date("2026-11-30T13:00:00Z");
    await api.db().message.createMany({
      data: [
        { ...base, key: `t:${id}:a`, channel: "mail", address: "", status: "failed", permanent: true, error: "noAddress", attempts: 1 },
        { ...base, key: `t:${id}:b`, channel: "push", address: `user:${child.userId}`, status: "sent", attempts: 1 },
        {
          ...base,
          key: `t:${id}:c`,
          channel: "whatsapp",
          address: "+51987000001",
          status: "failed",
          error: "WhatsApp 131000",
          attempts: 6,
          failedAt: firstFailure,
        },
      ],
    });
    const failed = await ledger("?status=failed");
    expect(failed).toMatchObject({ RowCount: 2, counts: { failed: 2, sent: 1, total: 3 } });
    expect((failed.Results as Row[]).find((r) => r.channel === "mail")).toMatchObject({
      status: "failed",
      permanent: true,
      error: "No address on this channel",
    });
    // Only the one a retry can mend goes again; it keeps its first failure's time and its attempts, and counts the next.
    const retried = await api.call<Row>("POST", `admNotification/${id}/retry`, { token: admin, locale: "en" });
    expect(retried.body).toMatchObject({ msg: "Messages to be sent again: 1.", data: { count: 1 } });
    expect(await ledger()).toMatchObject({ counts: { queued: 1, failed: 1 }, notification: { status: 2 } });
    const rows = await db.message.findMany({
      where: { notificationId: id },
      orderBy: { key: "asc" },
      select: { id: true, status: true, attempts: true, failedAt: true },
    });
    expect(rows.map(({ id: _, ...row }) => row)).toEqual([
      { status: "failed", attempts: 1, failedAt: null },
      { status: "sent", attempts: 1, failedAt: null },
      { status: "queued", attempts: 6, failedAt: firstFailure },
    ]);
    const [claimed] = await claimMessages(api.db(), [{ tenantId, ids: [rows[2]!.id] }]);
    expect(claimed).toMatchObject({ key: `t:${id}:c`, attempts: 7 });
    // Refused again: failed at once (it had its attempts), with the time it first failed.
    await deliver(api.db(), { ...claimed!, address: "" }, new SentLog(api.db()));
    expect(await db.message.findFirstOrThrow({ where: { id: claimed!.id }, select: { status: true, failedAt: true } })).toEqual({
      status: "failed",
      failedAt: firstFailure,
    });

    expect((await api.call("GET", `admNotification/${id}/messages`, { token: northside })).http).toBe(404);
    expect((await api.call("POST", `admNotification/${id}/retry`, { token: secretary })).http).toBe(403);
  });

  it("is for those with the module's rights, and each school sees its own", async () => {
    const row = (await list("admNotification/get?PageSize=1"))[0]!;
    expect((await api.call("POST", `admNotification/schedule/${row.ID}`, { token: secretary })).http).toBe(403);
    expect((await api.call("POST", `admNotification/schedule/${row.ID}`, { token: northside })).http).toBe(404);
  });

  it("offers the records a notification may be about (admNotification/objects?parentId=)", async () => {
    const publications = await list("admNotification/objects?parentId=publication&pick=true&PageSize=100");
    expect(publications.map((p) => p.ID).sort()).toEqual((await list("admPublication/get?pick=true&PageSize=100")).map((p) => p.ID).sort());
    const found = await list("admNotification/objects?parentId=calendar&pick=true&filterBy=name&filter=museo");
    expect(found.map((p) => p.name)).toEqual(["Visita al museo de ciencias"]);
    expect(await list("admNotification/objects?parentId=general&pick=true")).toEqual([]);
    expect((await api.call("GET", "admNotification/objects?parentId=nada", { token: admin })).http).toBe(422);
    const objectId = publications[0]!.ID;
    const created = await create("admNotification", draft({ page: "publication", objectId }));
    expect((await get("admNotification", created.body.data.ID)).objectId).toBe(objectId);
  });
});
