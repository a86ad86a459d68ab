import type { TTagContent, TTemplatesMetaAnswer } from "@pizarra/contracts";
import { DEMO_PASSWORD, seedStaff } from "@pizarra/db/seed";
import { demoPasswordHash } from "@pizarra/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Template = Row & { content: string; tagsContent: TTagContent[] };

let admin: string;
let northside: string;
let secretary: string;
let activityId: number;
let elsewhereId: number;

const CONTENT = "Hola {{name}}, {{student}} tiene {{actividad}} el {{date}} a las {{time}} en {{location}}. {{note}} {{name}}";

beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
  const template = await api.call("POST", "admLocalization/create", {
    token: admin,
    body: { ID: "event-reminder", type: "w", name: "Recordatorio de actividad", content: CONTENT },
  });
  expect(template.body.status).toBe(0);
  const body = { name: "Feria de ciencias", nameEN: "Science fair", startDate: "2026-08-20 08:30", endDate: "2026-08-20 13:00", locationTxt: "Patio" };
  activityId = (await api.call<{ ID: number }>("POST", "admActivity/create", { token: admin, body })).body.data.ID;
  const other = { name: "Open day", startDate: "2026-08-21 08:30", endDate: "2026-08-21 13:00" };
  elsewhereId = (await api.call<{ ID: number }>("POST", "admActivity/create", { token: northside, body: other })).body.data.ID;
});

const read = (path: string, locale: "es" | "en" = "es", token = admin) => api.call<Template & Refusal>("GET", path, { token, locale });

describe("GET admLocalization/getMeta (the notification wizard's templates)", () => {
  it("lists this school's WhatsApp templates with their tags in order, and which of them are the recipient's", async () => {
    const res = await api.call<TTemplatesMetaAnswer>("GET", "admLocalization/getMeta", { token: admin });
    expect(res.body.status).toBe(0);
    const { templates, recipientTags } = res.body.data;
    expect(recipientTags).toEqual(["name", "fullName", "student", "school"]);
    expect(templates.map((t) => t.ID)).toEqual(expect.arrayContaining(["event-reminder", "absence-alert", "comms-es"]));
    expect(templates.map((t) => t.ID)).not.toContain("welcome-mail");
    const reminder = templates.find((t) => t.ID === "event-reminder")!;
    expect(reminder.tags).toEqual([
      { id: "name", recipient: true },
      { id: "student", recipient: true },
      { id: "actividad", recipient: false },
      { id: "date", recipient: false },
      { id: "time", recipient: false },
      { id: "location", recipient: false },
      { id: "note", recipient: false },
    ]);
  });

  it("answers each school with its own templates, and whoever may write a notification without the templates module", async () => {
    const other = await api.call<TTemplatesMetaAnswer>("GET", "admLocalization/getMeta", { token: northside });
    expect(other.body.data.templates.map((t) => t.ID)).not.toContain("event-reminder");
    expect(other.body.data.templates.map((t) => t.name)).toContain("Absence notice");
    expect((await api.call("GET", "admLocalization/getMeta", { token: secretary })).http).toBe(403);
    const { db: school, tenantId } = await api.school();
    const senders = await school.userGroup.create({ data: { name: "Avisos", staff: true } });
    await school.moduleAccess.create({ data: { groupId: senders.id, moduleId: "admNotification", canRead: true, canWrite: true } });
    await seedStaff(api.db(), {
      email: "avisos@pizarra.demo",
      password: DEMO_PASSWORD,
      passwordHash: await demoPasswordHash(),
      name: "Avi",
      last: "Sos",
      roleCode: 4,
      cel: "900000001",
      memberships: [{ tenantId, groupIds: [senders.id] }],
    });
    const sender = await api.tokenFor("avisos@pizarra.demo");
    expect((await api.call("GET", "admLocalization/getMeta", { token: sender })).http).toBe(200);
  });
});

describe("GET admLocalization/get/{templateId}?objectType=&objectId= (002 §7)", () => {
  it("gives the template's content and its tags: the recipient's hidden and read-only, the others to fill", async () => {
    const res = await read("admLocalization/get/event-reminder");
    expect(res.body.status).toBe(0);
    expect(res.body.data).toMatchObject({ ID: "event-reminder", type: "w", name: "Recordatorio de actividad", content: CONTENT });
    expect(res.body.data.tagsContent).toEqual([
      { id: "name", defValue: "", hidden: true, readonly: true },
      { id: "student", defValue: "", hidden: true, readonly: true },
      { id: "actividad", defValue: "", hidden: false, readonly: false },
      { id: "date", defValue: "", hidden: false, readonly: false },
      { id: "time", defValue: "", hidden: false, readonly: false },
      { id: "location", defValue: "", hidden: false, readonly: false },
      { id: "note", defValue: "", hidden: false, readonly: false },
    ]);
  });

  it.each([
    ["es", "Feria de ciencias"],
    ["en", "Science fair"],
  ] as const)("fills the tags a calendar activity knows, in %s", async (locale, title) => {
    const res = await read(`admLocalization/get/event-reminder?objectType=calendar&objectId=${activityId}`, locale);
    const values = Object.fromEntries(res.body.data.tagsContent.map((t) => [t.id, t.defValue]));
    expect(values).toEqual({ name: "", student: "", actividad: title, date: "2026-08-20", time: "08:30", location: "Patio", note: "" });
  });

  it("fills a publication's title, and nothing for a general notification", async () => {
    const publication = await api.call<{ ID: number }>("POST", "admPublication/create", { token: admin, body: { name: "Boletín de agosto" } });
    await api.call("POST", "admLocalization/create", { token: admin, body: { ID: "bulletin", type: "w", name: "Boletín", content: "{{name}}: {{title}}" } });
    const res = await read(`admLocalization/get/bulletin?objectType=publication&objectId=${publication.body.data.ID}`);
    expect(res.body.data.tagsContent).toContainEqual({ id: "title", defValue: "Boletín de agosto", hidden: false, readonly: false });
    const general = await read("admLocalization/get/bulletin?objectType=general");
    expect(general.body.data.tagsContent).toContainEqual({ id: "title", defValue: "", hidden: false, readonly: false });
  });

  it.each([
    ["es", "El campo Objeto asociado no es una de las opciones permitidas."],
    ["en", "The Associated record is not one of the allowed options."],
  ] as const)("refuses another school's record in %s, naming the field, as if it did not exist", async (locale, message) => {
    const res = await read(`admLocalization/get/event-reminder?objectType=calendar&objectId=${elsewhereId}`, locale);
    expect(res.http).toBe(422);
    expect(res.body.data.errors.objectId).toBe(message);
    const missing = await read("admLocalization/get/event-reminder?objectType=calendar&objectId=999999", locale);
    expect(missing.body.data.errors.objectId).toBe(message);
  });

  it("refuses an unknown kind of object and an id that is no id, naming the field", async () => {
    const kind = await read("admLocalization/get/event-reminder?objectType=rocket&objectId=1", "en");
    expect(kind.http).toBe(422);
    expect(kind.body.data.errors.page).toBe("The About is not one of the allowed options.");
    expect((await read("admLocalization/get/event-reminder?objectType=toString&objectId=1", "en")).body.data.errors.page).toBe(
      "The About is not one of the allowed options.",
    );
    const id = await read("admLocalization/get/event-reminder?objectType=calendar&objectId=abc", "es");
    expect(id.http).toBe(422);
    expect(Object.keys(id.body.data.errors)).toEqual(["objectId"]);
  });

  it("answers 404 for an unknown template and for another school's", async () => {
    expect((await read("admLocalization/get/no-such-template")).http).toBe(404);
    expect((await read("admLocalization/get/event-reminder", "en", northside)).http).toBe(404);
  });

  it("leaves the generic record read of the template form and its list as they were, plus the tags", async () => {
    const rows = await api.rows<Template>("admLocalization/get?type=w&PageSize=100");
    expect(rows.find((r) => r.ID === "absence-alert")?.tagsContent.map((t) => t.id)).toEqual(["name", "student", "place", "day", "time", "link"]);
    const edited = await api.call("POST", "admLocalization/edit/event-reminder", { token: admin, body: { name: "Recordatorio" } });
    expect(edited.body.status).toBe(0);
    expect((await read("admLocalization/get/event-reminder")).body.data).toMatchObject({ name: "Recordatorio", content: CONTENT });
  });
});
