import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { type Draft, queueMessages } from "../../delivery/ledger.ts";

/** A guardian's opt-out per channel and their language, set on the relatives' record and honoured. */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Locale = "es" | "en";
type Answer = Row & { ID: number; errors: Record<string, string> };

let admin: string;
let northside: string;
beforeAll(async () => {
  ({ admin, northside } = await api.tokens());
});

const relative = (code: string, extra: Row = {}): Row => ({
  externalId: code,
  name: "Rosa",
  last: "Quispe",
  gender: "F",
  nationality: "Peruana",
  mail: `${code.toLowerCase()}@familia.pe`,
  cel: "+51987654321",
  ...extra,
});
const post = (path: string, body: Row, { token = admin, locale = "es" as Locale } = {}) => api.call<Answer>("POST", path, { token, locale, body });
const read = (id: number, { token = admin, locale = "es" as Locale } = {}) => api.call<Answer>("GET", `admRelatives/get/${id}`, { token, locale });
const optOutRows = (userId: number) =>
  api.school().then(({ db }) => db.channelOptOut.findMany({ where: { userId }, orderBy: { channel: "asc" }, select: { channel: true, via: true } }));
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

async function created(code: string, extra: Row = {}): Promise<number> {
  const res = await post("admRelatives/create", relative(code, extra));
  expect(res.body.data.errors).toBeUndefined();
  return res.body.data.ID;
}

describe("admRelatives: language and opt-outs on the contact tab", () => {
  it("creates with both, reads them back and says how each opt-out was asked, in es and en", async () => {
    const id = await created("OPT-1", { locale: "en", optOut: ["whatsapp", "whatsapp"] });
    const es = (await read(id)).body.data;
    expect(es).toMatchObject({ locale: "en", optOut: ["whatsapp"], optOutSince: `WhatsApp: registrado por el personal el ${today()}` });
    const en = (await read(id, { locale: "en" })).body.data;
    expect(en.optOutSince).toBe(`WhatsApp: set by staff on ${today()}`);
    expect(await optOutRows(id)).toEqual([{ channel: "whatsapp", via: "staff" }]);
    // The list answers the same per row (one query a page).
    const listed = (await api.rows("admRelatives/get?filterBy=externalId&filter=OPT-1")).find((r) => r.ID === id);
    expect(listed).toMatchObject({ optOut: ["whatsapp"], locale: "en" });
  });

  it("saves the difference: new channels via staff, unticked ones gone (a STOP reply too), a save without the field keeps them", async () => {
    const id = await created("OPT-2", { optOut: ["whatsapp"] });
    const { db } = await api.school();
    // A STOP answer recorded by the inbound webhook, a year ago: the oldest is told first.
    await db.channelOptOut.create({ data: { userId: id, channel: "push", via: "reply", createdAt: new Date("2025-11-20T15:00:00Z") } });
    expect((await read(id)).body.data.optOutSince).toBe(`Push: respondió BAJA el 2025-11-20 · WhatsApp: registrado por el personal el ${today()}`);
    expect((await read(id, { locale: "en" })).body.data.optOutSince).toBe(`Push: replied STOP on 2025-11-20 · WhatsApp: set by staff on ${today()}`);

    expect((await post(`admRelatives/edit/${id}`, relative("OPT-2", { optOut: ["mail", "push"], locale: "es" }))).body.status).toBe(0);
    expect(await optOutRows(id)).toEqual([
      { channel: "mail", via: "staff" },
      { channel: "push", via: "reply" },
    ]);
    expect((await read(id)).body.data).toMatchObject({ optOut: ["mail", "push"], locale: "es" });

    expect((await post(`admRelatives/edit/${id}`, { name: "Rosa María" })).body.status).toBe(0);
    expect(await optOutRows(id)).toHaveLength(2);

    // Emptied: no opt-out left, and the language back to the school's.
    expect((await post(`admRelatives/edit/${id}`, relative("OPT-2", { optOut: [], locale: "" }))).body.status).toBe(0);
    expect(await optOutRows(id)).toEqual([]);
    expect((await read(id)).body.data).toMatchObject({ optOut: [], optOutSince: null, locale: null });
    // Each save is in the audit trail like any other edit.
    expect(await db.auditLog.count({ where: { moduleId: "admRelatives", action: "edit", recordId: String(id) } })).toBe(3);
  });

  it.each([
    [
      "es",
      "El campo No quiere recibir mensajes por no es una de las opciones permitidas.",
      "El campo Idioma de los mensajes no es una de las opciones permitidas.",
    ],
    ["en", "The Does not want messages by is not one of the allowed options.", "The Language of messages is not one of the allowed options."],
  ] as const)("refuses a channel or a language it does not know, naming the field, and writes nothing (%s)", async (locale, channelMsg, localeMsg) => {
    const id = await created(`OPT-3${locale}`, { optOut: ["mail"], locale: "en" });
    const before = await api.db().auditLog.count();
    const channel = await post(`admRelatives/edit/${id}`, { name: "Cambiado", optOut: ["whatsapp", "sms"] }, { locale });
    expect(channel.http).toBe(422);
    expect(channel.body.data.errors).toEqual({ optOut: channelMsg });
    const language = await post(`admRelatives/edit/${id}`, { name: "Cambiado", locale: "fr" }, { locale });
    expect(language.http).toBe(422);
    expect(language.body.data.errors).toEqual({ locale: localeMsg });
    const fresh = await post("admRelatives/create", relative(`OPT-4${locale}`, { optOut: ["fax"] }), { locale });
    expect(fresh.body.data.errors).toEqual({ optOut: channelMsg });

    expect(await optOutRows(id)).toEqual([{ channel: "mail", via: "staff" }]);
    expect(await api.db().user.count({ where: { OR: [{ name: "Cambiado" }, { externalId: `OPT-4${locale}` }] } })).toBe(0);
    expect((await read(id)).body.data.locale).toBe("en");
    expect(await api.db().auditLog.count()).toBe(before);
  });

  it("keeps another school out: its staff can neither read nor change a relative's opt-outs", async () => {
    const id = await created("OPT-5", { optOut: ["push"] });
    expect((await read(id, { token: northside })).http).toBe(404);
    const edit = await post(`admRelatives/edit/${id}`, relative("OPT-5", { optOut: [] }), { token: northside });
    expect(edit.http).toBe(404);
    expect(await optOutRows(id)).toEqual([{ channel: "push", via: "staff" }]);
    // Nor does a relative of theirs show this school's rows.
    const theirs = await post("admRelatives/create", relative("OPT-5"), { token: northside });
    expect(theirs.body.status).toBe(0);
    expect((await read(theirs.body.data.ID, { token: northside })).body.data).toMatchObject({ optOut: [], optOutSince: null });
  });
});

describe("queueMessages honours an opt-out set on the form", () => {
  it("writes no ledger row on the channel the guardian refused, and does on the others", async () => {
    const id = await created("OPT-6", { optOut: ["whatsapp"] });
    const { db } = await api.school();
    const draft = (channel: Draft["channel"], address: string): Draft => ({
      key: `opt-out-test:${id}:${channel}`,
      source: "notification",
      userId: id,
      channel,
      address,
      locale: "es",
      subject: "Aviso",
      text: "Mañana no hay clases.",
    });
    const result = await db.$transaction((tx) => queueMessages(tx, [draft("whatsapp", "51987654321"), draft("mail", "opt-6@familia.pe")]));
    expect(result).toMatchObject({ queued: 1, skipped: 1 });
    const rows = await db.message.findMany({ where: { userId: id }, select: { id: true, channel: true } });
    expect(rows.map((r) => r.channel)).toEqual(["mail"]);
    expect([...result.ids]).toEqual([[`opt-out-test:${id}:mail`, rows[0]!.id]]);

    // Unticked on the form, the channel is written on again.
    expect((await post(`admRelatives/edit/${id}`, { optOut: [] })).body.status).toBe(0);
    const again = await db.$transaction((tx) => queueMessages(tx, [{ ...draft("whatsapp", "51987654321"), key: `opt-out-test:${id}:whatsapp:2` }]));
    expect(again).toMatchObject({ queued: 1, skipped: 0 });
  });
});
