import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";

let admin: string;
let northside: string;
let secretary: string;
/** A member of the administrators' group (write on every module) who is not the top admin (role 0, not 100). */
let coordinator: string;
let communicationGroup: number;

const list = api.rows;
const getRow = api.record;
const post = <T = Row>(path: string, body: unknown, token = admin, locale: Locale = "es") => api.call<T>("POST", path, { token, body, locale });
const minimalFlow = { type: "form", name: "Uniforme de educación física", tags: "uniforme", recipientType: 2 };

async function flowNamed(name: string): Promise<Row> {
  return (await list(`admFetch/get?filter=${encodeURIComponent(name)}&PageSize=5`)).find((r) => r.name === name)!;
}
async function newFlow(body: Row = {}): Promise<number> {
  const res = await post<{ ID: number }>("admFetch/create", { ...minimalFlow, ...body });
  expect(res.body.status).toBe(0);
  return res.body.data.ID;
}
async function newInput(flowId: number, body: Row = {}, token = admin): Promise<number> {
  const res = await api.call<{ ID: number }>("POST", `admFetchInput/create?parentId=${flowId}`, {
    token,
    body: { name: "Talla", desc: "Talla del polo", type: "text", ...body },
  });
  expect(res.body.status).toBe(0);
  return res.body.data.ID;
}
const inputsOf = async (flowId: number) => list(`admFetchInput/get/?fetchId=${flowId}`);

beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
  const groups = await list("admUserGroup/get?pick=true");
  const body = {
    name: "Carla",
    last: "Coordinadora",
    type: 4,
    mail: "coordinacion@colegio.demo",
    cel: "987123456",
    groupId: groups.find((g) => g.name === "Dirección")!.ID,
    pass: "coordinar-flujos",
  };
  expect((await post("admStaff/create", body)).body.status).toBe(0);
  coordinator = (await api.login("coordinacion@colegio.demo", "coordinar-flujos")).body.data.token;
  communicationGroup = (await list("admGroup/get?staff=0&pick=true"))[0]!.ID as number;
});

describe("admFetch: flows (001 §3, §5, §9; 002 §3)", () => {
  it.each([
    ["es", { ...minimalFlow, name: "" }, "name", "El campo Nombre es requerido."],
    ["en", { ...minimalFlow, name: "x".repeat(51) }, "name", "The Name may not be greater than 50 characters."],
    ["es", { ...minimalFlow, desc: "x".repeat(1001) }, "desc", "Descripción no debe ser mayor a 1000 caracteres."],
    ["en", { ...minimalFlow, prompt: "x".repeat(5001) }, "prompt", "The Assistant prompt may not be greater than 5000 characters."],
    ["es", { ...minimalFlow, maxCollections: 0 }, "maxCollections", "Máximo de personas no debe ser menor a 1."],
    ["en", { ...minimalFlow, maxCollections: "many" }, "maxCollections", "The Maximum people has a wrong type."],
    ["es", { ...minimalFlow, tags: "" }, "tags", "El campo Etiquetas es requerido."],
    ["en", { ...minimalFlow, tags: "one,two,three,four" }, "tags", "The Hashtags may have at most 3 items."],
    ["es", { ...minimalFlow, tags: "logro,día-del-logro" }, "tags", "El campo Etiquetas solo admite letras, números y guiones."],
    ["en", { ...minimalFlow, type: "survey" }, "type", "The Type is not one of the allowed options."],
    ["en", { ...minimalFlow, recipientType: 1 }, "groupId", "The Group field is required."],
    ["es", { ...minimalFlow, triggerType: "date" }, "forDate", "El campo Fecha de envío es requerido."],
    ["en", { ...minimalFlow, scheduled: true, activeTo: "2026-05-01 08:00" }, "activeFrom", "The Available from field is required."],
    [
      "es",
      { ...minimalFlow, scheduled: true, activeFrom: "2026-05-02 08:00", activeTo: "2026-05-01 08:00" },
      "activeTo",
      "La fecha final no puede ser anterior a la inicial.",
    ],
    ["en", { ...minimalFlow, apiMethod: "POST", apiResponseMap: "id=id" }, "apiEndpoint", "The API endpoint field is required."],
    [
      "es",
      { ...minimalFlow, apiMethod: "POST", apiEndpoint: "ftp://servidor/x", apiResponseMap: "id=id" },
      "apiEndpoint",
      "El campo URL de la API debe ser una dirección web que empiece por http:// o https://.",
    ],
    ["en", { ...minimalFlow, followupUnit: "weeks" }, "followupUnit", "The Unit is not one of the allowed options."],
  ])("refuses in %s naming the field, writing nothing", async (locale, body, field, message) => {
    const before = await api.db().flow.count();
    const res = await post<Refusal>("admFetch/create", body, admin, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().flow.count()).toBe(before);
  });

  it("sends a flow to a communication group of the school only", async () => {
    const staffGroup = (await list("admUserGroup/get?pick=true")).find((g) => g.name === "Docentes")!.ID;
    const res = await post<Refusal>("admFetch/create", { ...minimalFlow, recipientType: 1, groupId: staffGroup }, admin, "en");
    expect(res.http).toBe(422);
    expect(res.body.data.errors.groupId).toBe("The Group is not one of the allowed options.");
    const theirs = (await list("admGroup/get?staff=0&pick=true", northside))[0]!.ID;
    expect((await post<Refusal>("admFetch/create", { ...minimalFlow, recipientType: 1, groupId: theirs })).http).toBe(422);
    expect((await post("admFetch/create", { ...minimalFlow, recipientType: 1, groupId: communicationGroup })).body.status).toBe(0);
  });

  it("fills the spec's defaults, starts as a draft and keeps the sending's fields to the server", async () => {
    const id = await newFlow({ sendStatus: 3, target: 500, sent: 500, complete: 9 });
    const row = await getRow(`admFetch/get/${id}`);
    expect(row).toMatchObject({
      maxCollections: 100,
      followupDefaultDelay: 2,
      followupUnit: "hours",
      followupMaxTotal: 5,
      followupBudget: 100,
      followupStopOnEngagement: false,
      requireOptIn: false,
      triggerType: "manual",
      recipientType: 2,
      sendStatus: 0,
      target: 0,
      sent: 0,
      seen: 0,
      complete: 0,
      partial: 0,
    });
  });

  it("counts each flow's complete and partial responses, and filters by send status and type", async () => {
    const sent = await flowNamed("Actualización de datos 2026");
    expect(sent).toMatchObject({ sendStatus: 3, type: "data", target: 380, sent: 376, seen: 301, complete: 20, partial: 4 });
    expect(await api.db().flowResponse.count({ where: { fetchId: Number(sent.ID), dateCompleted: null } })).toBe(4);
    expect((await list("admFetch/get?sendStatus=3")).map((r) => r.name)).toEqual(["Actualización de datos 2026"]);
    expect((await list("admFetch/get?type=remote")).map((r) => r.name)).toEqual(["Inscripción a talleres extracurriculares"]);
    expect((await list("admFetch/get?filter=paseo")).map((r) => r.name)).toEqual(["Autorización: visita al Parque de las Leyendas"]);
  });

  it("never shows the remote API's key: an edit without it keeps it, removing the method drops it", async () => {
    const remote = await flowNamed("Inscripción a talleres extracurriculares");
    const row = await getRow(`admFetch/get/${remote.ID}`);
    expect(row).toMatchObject({ apiMethod: "POST", apiAuthKey: null });
    expect(JSON.stringify(await list("admFetch/get?print=true"))).not.toContain("demo-talleres");
    expect((await post(`admFetch/edit/${remote.ID}`, { apiAuthKey: "", apiBody: "{}" })).body.status).toBe(0);
    expect((await api.db().flow.findUniqueOrThrow({ where: { id: Number(remote.ID) } })).apiAuthKey).toBe("Bearer demo-talleres-2026");
    expect((await post(`admFetch/edit/${remote.ID}`, { apiAuthKey: "Bearer nueva" })).body.status).toBe(0);
    expect((await api.db().flow.findUniqueOrThrow({ where: { id: Number(remote.ID) } })).apiAuthKey).toBe("Bearer nueva");
    // Emptying the endpoint of a flow that keeps its method is refused; removing the method clears the key.
    expect((await post<Refusal>(`admFetch/edit/${remote.ID}`, { apiEndpoint: "" })).body.data.errors.apiEndpoint).toBe("El campo URL de la API es requerido.");
    expect((await post(`admFetch/edit/${remote.ID}`, { apiMethod: "" })).body.status).toBe(0);
    expect((await api.db().flow.findUniqueOrThrow({ where: { id: Number(remote.ID) } })).apiAuthKey).toBeNull();
  });

  it("lets only the top admin (role 100) create flows and change their prompt (001 §6)", async () => {
    const refused = await post("admFetch/create", minimalFlow, coordinator, "en");
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("Only the top administrator (role 100) can create flows.");
    const flow = await flowNamed("Actualización de datos 2026");
    const prompt = await post<Refusal>(`admFetch/edit/${flow.ID}`, { prompt: "Pide también el correo." }, coordinator);
    expect(prompt.http).toBe(403);
    expect(prompt.body.data.errors.prompt).toBe("Solo el administrador principal (rol 100) puede cambiar el prompt.");
    // The rest of the flow, with the prompt sent back unchanged, is theirs to change.
    const row = await getRow(`admFetch/get/${flow.ID}`, coordinator);
    expect((await post(`admFetch/edit/${flow.ID}`, { prompt: row.prompt, maxCollections: 450 }, coordinator)).body.status).toBe(0);
    expect((await getRow(`admFetch/get/${flow.ID}`)).maxCollections).toBe(450);
    expect((await api.call("GET", "admFetch/get", { token: secretary })).http).toBe(403);
  });

  it("keeps a flow that has responses, and deletes one without them together with its inputs", async () => {
    const answered = await flowNamed("Actualización de datos 2026");
    const kept = await post(`admFetch/delete/${answered.ID}?confirm=true`, undefined);
    expect(kept.http).toBe(409);
    expect(await api.db().flowInput.count({ where: { fectchId: Number(answered.ID) } })).toBe(5);
    const id = await newFlow();
    await newInput(id);
    expect((await post(`admFetch/delete/${id}?confirm=true`, undefined)).body.status).toBe(0);
    expect(await api.db().flowInput.count({ where: { fectchId: id } })).toBe(0);
  });

  it("takes its document through POST admFetch/file?id=", async () => {
    const id = await newFlow();
    const data = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF").toString("base64");
    const res = await post<{ name: string; url: string }>(`admFetch/file?id=${id}`, { name: "attachment.pdf", doc: true, data });
    expect(res.body).toMatchObject({ status: 0, data: { name: "attachment" } });
    expect(String((await getRow(`admFetch/get/${id}`)).attachmentUrl)).toContain("attachment-");
    const fake = await post<Refusal>(
      `admFetch/file?id=${id}`,
      { name: "attachment.pdf", doc: true, data: Buffer.from("MZ not a pdf").toString("base64") },
      admin,
      "en",
    );
    expect(fake.http).toBe(422);
  });
});

describe("admFetchInput: a flow's questions (002 §2-§5)", () => {
  it.each([
    ["es", { name: "" }, "name", "El campo Nombre es requerido."],
    ["en", { name: "x".repeat(101) }, "name", "The Name may not be greater than 100 characters."],
    ["es", { desc: "" }, "desc", "El campo Descripción es requerido."],
    ["en", { desc: "x".repeat(256) }, "desc", "The Description may not be greater than 255 characters."],
    ["en", { type: "signature" }, "type", "The Type is not one of the allowed options."],
    ["es", { type: "option" }, "options", "El campo Opciones necesita dos o más opciones."],
    ["en", { type: "multiple", options: "Sí" }, "options", "The Options field needs two or more choices."],
    ["es", { apiMethod: "GET", apiEndpoint: "https://api.colegio.demo/dni" }, "apiResponseMap", "El campo Mapeo de la respuesta es requerido."],
  ])("refuses in %s naming the field, writing nothing", async (locale, body, field, message) => {
    const flow = await flowNamed("Citas de entrega de libretas");
    const before = await api.db().flowInput.count();
    const input = { name: "Talla", desc: "Talla del polo", type: "text", ...body };
    const res = await api.call<Refusal>("POST", `admFetchInput/create?parentId=${flow.ID}`, { token: admin, body: input, locale: locale as Locale });
    expect(res.http).toBe(422);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().flowInput.count()).toBe(before);
  });

  it("lists one flow's inputs in order by ?fetchId= and puts a new one last", async () => {
    const flow = await flowNamed("Actualización de datos 2026");
    const before = await inputsOf(Number(flow.ID));
    expect(before.map((r) => r.order)).toEqual([1, 2, 3, 4, 5]);
    expect(before.every((r) => r.fectchId === flow.ID && r.fetchName === "Actualización de datos 2026")).toBe(true);
    const id = await newInput(Number(flow.ID), { type: "option", options: "S|M|L", optional: true });
    const after = await inputsOf(Number(flow.ID));
    expect(after.at(-1)).toMatchObject({ ID: id, order: 6, options: "S|M|L", optional: true });
    // The flow of an input is chosen when it is created, never moved by an edit.
    const other = await flowNamed("Citas de entrega de libretas");
    expect((await post(`admFetchInput/edit/${id}`, { fectchId: other.ID, name: "Talla del polo" })).body.status).toBe(0);
    expect(await getRow(`admFetchInput/get/${id}`)).toMatchObject({ fectchId: flow.ID, name: "Talla del polo" });
    expect((await list(`admFetchInput/get?fetchId=${flow.ID}&pick=true`)).at(-1)).toMatchObject({
      ID: id,
      name: "Talla del polo",
      desc: "Actualización de datos 2026",
    });
  });

  it("holds at most 100 inputs per flow, so that one page shows them all", async () => {
    const id = await newFlow();
    const t = (await api.school()).db;
    await t.flowInput.createMany({ data: Array.from({ length: 100 }, (_, i) => ({ fectchId: id, name: `P${i}`, desc: "-", type: "text", order: i + 1 })) });
    const res = await api.call("POST", `admFetchInput/create?parentId=${id}`, {
      token: admin,
      body: { name: "Una más", desc: "-", type: "text" },
      locale: "en",
    });
    expect(res.http).toBe(409);
    expect(res.body.msg).toBe("A flow can have at most 100 inputs.");
    expect((await inputsOf(id)).length).toBe(100);
  });

  it("moves an input up and down by swapping orders with its neighbour (POST admFetchInput/swapOrder)", async () => {
    const id = await newFlow();
    const [a, b, c] = [await newInput(id, { name: "A" }), await newInput(id, { name: "B" }), await newInput(id, { name: "C" })];
    const names = async () => (await inputsOf(id)).map((r) => r.name);

    const up = await post("admFetchInput/swapOrder", { item1Id: b, direction: "up" });
    expect(up.body).toMatchObject({ status: 0, data: { item1Id: b, item2Id: a, item1Order: 1, item2Order: 2 } });
    expect(await names()).toEqual(["B", "A", "C"]);
    expect((await post("admFetchInput/swapOrder", { item1Id: b, direction: "down" })).body.status).toBe(0);
    expect(await names()).toEqual(["A", "B", "C"]);

    // The spec's body: both items and the orders the screen shows.
    expect((await post("admFetchInput/swapOrder", { item1Id: c, item2Id: b, item1Order: 3, item2Order: 2 })).body.status).toBe(0);
    expect(await names()).toEqual(["A", "C", "B"]);
    const stale = await post("admFetchInput/swapOrder", { item1Id: c, item2Id: b, item1Order: 3, item2Order: 2 }, admin, "en");
    expect(stale.http).toBe(409);
    expect(await names()).toEqual(["A", "C", "B"]);

    const first = await post("admFetchInput/swapOrder", { item1Id: a, direction: "up" }, admin, "en");
    expect([first.http, first.body.msg]).toEqual([409, "Cannot move item higher"]);
    const last = await post("admFetchInput/swapOrder", { item1Id: b, direction: "down" }, admin, "en");
    expect([last.http, last.body.msg]).toEqual([409, "Cannot move item lower"]);
    expect((await post("admFetchInput/swapOrder", { item1Id: a, item2Id: b })).http).toBe(409);
    const elsewhere = (await inputsOf(Number((await flowNamed("Citas de entrega de libretas")).ID)))[0]!.ID;
    expect((await post("admFetchInput/swapOrder", { item1Id: a, item2Id: elsewhere })).http).toBe(404);
    expect(await names()).toEqual(["A", "C", "B"]);
  });

  it("refuses a move without a neighbour or a direction, another school's move and the secretary's", async () => {
    const flow = await flowNamed("Citas de entrega de libretas");
    const [first] = await inputsOf(Number(flow.ID));
    const res = await post<Refusal>("admFetchInput/swapOrder", { item1Id: first!.ID }, admin, "en");
    expect(res.http).toBe(422);
    expect(res.body.data.errors.item2Id).toBe("The Neighbouring input field is required.");
    expect((await post("admFetchInput/swapOrder", { item1Id: first!.ID, direction: "down" }, northside)).http).toBe(404);
    expect((await post("admFetchInput/swapOrder", { item1Id: first!.ID, direction: "down" }, secretary)).http).toBe(403);
    expect((await inputsOf(Number(flow.ID)))[0]!.ID).toBe(first!.ID);
  });

  it("lets only the top admin create or change context inputs (001 §6)", async () => {
    const flow = await flowNamed("Citas de entrega de libretas");
    const refused = await api.call("POST", `admFetchInput/create?parentId=${flow.ID}`, {
      token: coordinator,
      body: { name: "Grado", desc: "Grado del alumno", type: "text", fieldType: "context" },
    });
    expect(refused.http).toBe(403);
    const context = (await inputsOf(Number((await flowNamed("Actualización de datos 2026")).ID))).find((r) => r.fieldType === "context")!;
    expect((await post(`admFetchInput/edit/${context.ID}`, { name: "Alumno" }, coordinator)).http).toBe(403);
    expect(await newInput(Number(flow.ID), { name: "Observaciones" }, coordinator)).toBeGreaterThan(0);
  });

  it("keeps an input that has answers (it is switched inactive instead)", async () => {
    const flow = await flowNamed("Autorización: visita al Parque de las Leyendas");
    const [first] = await inputsOf(Number(flow.ID));
    expect((await post(`admFetchInput/delete/${first!.ID}?confirm=true`, undefined)).http).toBe(409);
    expect((await post(`admFetchInput/edit/${first!.ID}`, { inactive: true })).body.status).toBe(0);
    expect(await getRow(`admFetchInput/get/${first!.ID}`)).toMatchObject({ inactive: true });
  });
});

describe("admFetchResponses: what parents answered (002 §2, §3)", () => {
  it("shows the customer, the flow and the answers as col1…col10 in the inputs' order, which a move follows", async () => {
    const flow = await flowNamed("Autorización: visita al Parque de las Leyendas");
    const rows = await list(`admFetchResponses/get?fetchId=${flow.ID}&PageSize=100`);
    expect(rows.length).toBe(12);
    const done = rows.find((r) => r.dateCompleted !== null)!;
    expect(done).toMatchObject({ fetchName: flow.name, fetchId: flow.ID });
    expect(typeof done.user).toBe("string");
    expect(["Sí", "No"]).toContain(done.col1);
    expect(String(done.col2)).toMatch(/^9\d\d /);
    expect(done.col4).toBeNull();
    expect(rows.filter((r) => r.dateCompleted === null).every((r) => r.col3 === null)).toBe(true);

    const [first, second] = await inputsOf(Number(flow.ID));
    expect((await post("admFetchInput/swapOrder", { item1Id: second!.ID, direction: "up" })).body.status).toBe(0);
    const moved = await getRow(`admFetchResponses/get/${done.ID}`);
    expect([moved.col1, moved.col2]).toEqual([done.col2, done.col1]);
    expect((await post("admFetchInput/swapOrder", { item1Id: first!.ID, direction: "up" })).body.status).toBe(0);
  });

  it("filters by flow type, input, customer and completion dates, and searches the answers", async () => {
    const all = await list("admFetchResponses/get?PageSize=1000");
    expect(all.length).toBe(20 + 4 + 10 + 2 + 6 + 3);
    expect((await list("admFetchResponses/get?type=remote&PageSize=100")).length).toBe(3);
    const survey = await flowNamed("Encuesta de satisfacción: primer bimestre");
    const suggestions = (await inputsOf(Number(survey.ID))).find((r) => r.name === "Sugerencias")!;
    const withSuggestion = await list(`admFetchResponses/get?inputId=${suggestions.ID}&PageSize=100`);
    expect(withSuggestion.length).toBe(4);
    expect(withSuggestion.every((r) => r.col3 !== null)).toBe(true);
    const customer = all[0]!.userId;
    const theirs = await list(`admFetchResponses/get?userId=${customer}&PageSize=100`);
    expect(theirs.length).toBe(all.filter((r) => r.userId === customer).length);
    expect(theirs.every((r) => r.userId === customer && r.user === all[0]!.user)).toBe(true);
    const march9 = await list("admFetchResponses/get?from=2026-03-09&to=2026-03-09&PageSize=100");
    expect(march9.length).toBeGreaterThan(0);
    expect(march9.every((r) => String(r.dateCompleted).startsWith("2026-03-09"))).toBe(true);
    expect((await list("admFetchResponses/get?from=2027-01-01")).length).toBe(0);
    const peanut = await list("admFetchResponses/get?filter=man%C3%AD&PageSize=100");
    expect(peanut.length).toBeGreaterThan(0);
    expect(peanut.every((r) => Object.values(r).includes("Alergia al maní"))).toBe(true);
  });

  it("is a list with delete only: no create or edit, and the secretary cannot read it", async () => {
    const [row] = await list("admFetchResponses/get?PageSize=1");
    expect((await post("admFetchResponses/create", {})).http).toBe(405);
    expect((await post(`admFetchResponses/edit/${row!.ID}`, {})).http).toBe(405);
    expect((await api.call("GET", "admFetchResponses/get", { token: secretary })).http).toBe(403);
    expect((await post(`admFetchResponses/delete/${row!.ID}?confirm=true`, undefined)).body.status).toBe(0);
    expect(await api.db().flowAnswer.count({ where: { responseId: Number(row!.ID) } })).toBe(0);
    expect((await api.call("GET", `admFetchResponses/get/${row!.ID}`, { token: admin })).http).toBe(404);
  });
});
