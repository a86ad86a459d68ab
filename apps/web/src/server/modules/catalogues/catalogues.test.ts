import { beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_SERVERS } from "../../resources.ts";
import { formatDateTime } from "../../resource/values.ts";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness();
type Row = Record<string, unknown>;
type Page = { Results: Row[]; RowCount: number; PageCount: number };
type Locale = "es" | "en";

let admin: string;
let northside: string;
let secretary: string;

beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
});

/** Rows of a resource's model in every school (the unscoped client), to prove that a refusal wrote nothing. */
function rowCount(resource: string): Promise<number> {
  const model = RESOURCE_SERVERS.find((s) => s.def.id === resource)!.model;
  return (api.db() as unknown as Record<string, { count(): Promise<number> }>)[model]!.count();
}

const create = (resource: string, body: Row, token = admin) => api.call<{ ID: number | string }>("POST", `${resource}/create`, { token, body });
const list = api.rows;
const today = () => formatDateTime(new Date()).slice(0, 10);

describe("spec rules, refused in the user's language naming the field", () => {
  const question = { type: "option", name: "¿Cuánto es 7 × 8?", options: "56" };
  it.each([
    ["admOtlt", "es", { value: "RESP", label: "Respeto" }, "type", "El campo Tipo es requerido."],
    ["admOtlt", "en", { type: "tracking values", value: "RESP", label: "Respect" }, "type", "The Type may only hold letters, digits and dashes."],
    ["admOtlt", "en", { type: "trackingValues1", value: "RESP", label: "" }, "label", "The Label field is required."],
    ["admAttendanceType", "es", { name: "Tardanza", type: 5 }, "type", "El campo Marca como no es una de las opciones permitidas."],
    ["admAttendanceType", "en", { name: "Late", type: 2, notifyDelay: -5 }, "notifyDelay", "The Notify after (minutes) must be at least 0."],
    ["admInfirmaryValues", "es", { type: "SYM", name: "Fiebre" }, "desc", "El campo Descripción es requerido."],
    ["admInfirmaryValues", "en", { type: "XYZ", name: "Fever", desc: "Above 37.5" }, "type", "The Type is not one of the allowed options."],
    ["admDates", "es", { name: "Feriado", from: "2026-05-01 08:00", to: "2026-04-30 08:00" }, "to", "La fecha final no puede ser anterior a la inicial."],
    [
      "admDates",
      "en",
      { name: "Holiday", from: "2026-13-01 08:00", to: "2026-05-01 08:00" },
      "from",
      "The From is not a valid date and time (YYYY-MM-DD HH:mm).",
    ],
    ["admLocalization", "es", { ID: "hola mundo", type: "w", name: "Saludo" }, "ID", "El campo Código solo admite letras, números y guiones."],
    ["admLocalization", "en", { ID: "x".repeat(33), type: "w", name: "Greeting" }, "ID", "The Code may not be greater than 32 characters."],
    ["admLocalization", "en", { ID: "greeting", type: "m" }, "name", "The Name field is required."],
    ["admAssignmentQst", "es", question, "options", "El campo Opciones necesita dos o más opciones."],
    ["admAssignmentQst", "en", { ...question, type: "optionMany", options: "" }, "options", "The Choices field needs two or more choices."],
    ["admAssignmentQst", "en", { type: "text", name: "Capital?", points: -1 }, "points", "The Points must be at least 0."],
    ["admCategory", "es", { name: "Feriados", type: "xyz" }, "type", "El campo Se usa en no es una de las opciones permitidas."],
    ["admCategory", "en", { type: "cal" }, "name", "The Name field is required."],
  ])("%s in %s", async (resource, locale, body, field, message) => {
    const before = await rowCount(resource);
    const res = await api.call<{ errors: Record<string, string> }>("POST", `${resource}/create`, { token: admin, body, locale: locale as Locale });
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await rowCount(resource)).toBe(before);
  });
});

describe("admOtlt: catalogue values", () => {
  it("keeps who created and who last changed a value, lists the types in use and refuses a repeated value", async () => {
    const created = await create("admOtlt", { type: "trackingValues1", value: "RESP", label: "Falta de respeto" });
    expect(created.body).toMatchObject({ status: 0, msg: "Registro creado." });
    await create("admOtlt", { type: "trackingValues2", value: "PSICO", label: "Derivación a psicología" });
    await create("admOtlt", { type: "trackingValues1", value: "PUNT", label: "Impuntualidad", inactive: true });

    const row = (await api.call<Row>("GET", `admOtlt/get/${created.body.data.ID}`, { token: admin })).body.data;
    expect(row).toMatchObject({
      type: "trackingValues1",
      value: "RESP",
      inactive: false,
      createdByName: "Ana Administradora",
      updatedByName: "Ana Administradora",
    });
    expect(row.createdDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // The stamps are the server's: a client cannot set them.
    await api.call("POST", `admOtlt/edit/${created.body.data.ID}`, { token: admin, body: { label: "Respeto", createdByName: "Otro" } });
    expect((await api.call<Row>("GET", `admOtlt/get/${created.body.data.ID}`, { token: admin })).body.data).toMatchObject({
      label: "Respeto",
      createdByName: "Ana Administradora",
    });

    const types = await api.call<Page>("GET", "admOtlt/types", { token: admin });
    expect(types.body.data.Results).toEqual([
      { ID: "trackingValues1", name: "trackingValues1" },
      { ID: "trackingValues2", name: "trackingValues2" },
    ]);
    expect((await list("admOtlt/get?type=trackingValues2")).map((r) => r.value)).toEqual(["PSICO"]);
    expect((await api.call<Page>("GET", "admOtlt/types", { token: northside })).body.data.Results).toEqual([]);
    expect((await api.call("GET", "admOtlt/types", { token: secretary })).http).toBe(403);

    const again = await create("admOtlt", { type: "trackingValues1", value: "RESP", label: "Otra" });
    expect(again.http).toBe(409);
    expect(await api.db().catalogueValue.count({ where: { label: "Otra" } })).toBe(0);
  });
});

describe("admAttendanceType", () => {
  it("notifies after 0 minutes unless told otherwise", async () => {
    const created = await create("admAttendanceType", { name: "Tardanza", type: 2, notify: true });
    const row = (await api.call<Row>("GET", `admAttendanceType/get/${created.body.data.ID}`, { token: admin })).body.data;
    expect(row).toMatchObject({ name: "Tardanza", type: 2, notify: true, notifyDelay: 0, showInReports: true });
  });
});

describe("admInfirmaryValues", () => {
  it("lists symptoms and departures apart for the infirmary's pick lists", async () => {
    await create("admInfirmaryValues", { type: "SYM", name: "Fiebre", desc: "Más de 37,5 °C" });
    await create("admInfirmaryValues", { type: "OUT", name: "Regresa a clase", desc: "Vuelve a su aula" });
    expect(await list("admInfirmaryValues/get?pick=true&type=SYM")).toEqual([{ ID: expect.any(Number), name: "Fiebre", desc: "Más de 37,5 °C" }]);
  });
});

describe("admDates", () => {
  it("keeps times at UTC-5 and will not let an edit end an entry before it starts", async () => {
    const created = await create("admDates", { name: "Día del Trabajo", desc: "Feriado", from: "2026-05-01 00:00", to: "2026-05-01 23:59", noClasses: true });
    expect(created.body.status).toBe(0);
    const id = created.body.data.ID;
    expect((await api.db().calendarDate.findFirstOrThrow({ where: { id: Number(id) } })).from.toISOString()).toBe("2026-05-01T05:00:00.000Z");
    const refused = await api.call("POST", `admDates/edit/${id}`, { token: admin, body: { to: "2026-04-30 23:59" }, locale: "en" });
    expect(refused.body.msg).toBe("The end date must not be before the start date.");
    expect((await api.call<Row>("GET", `admDates/get/${id}`, { token: admin })).body.data).toMatchObject({
      from: "2026-05-01 00:00",
      to: "2026-05-01 23:59",
      noClasses: true,
      onDemand: false,
    });
  });
});

describe("admLocalization: message templates", () => {
  it("is found by its typed code, per school, and by type", async () => {
    expect((await create("admLocalization", { ID: "comms-es", type: "w", name: "Resumen semanal", content: "Hola {{name}}" })).body.status).toBe(0);
    await create("admLocalization", { ID: "welcome-mail", type: "m", name: "Bienvenida" });
    expect((await api.call<Row>("GET", "admLocalization/get/comms-es", { token: admin })).body.data).toMatchObject({
      ID: "comms-es",
      type: "w",
      content: "Hola {{name}}",
    });
    expect((await list("admLocalization/get?pick=true&type=w")).map((r) => r.ID)).toEqual(["comms-es"]);
    expect((await list("admLocalization/get?filter=COMMS")).map((r) => r.ID)).toEqual(["comms-es"]);
    expect((await create("admLocalization", { ID: "comms-es", type: "w", name: "Otra" })).http).toBe(409);

    expect((await api.call("GET", "admLocalization/get/comms-es", { token: northside })).http).toBe(404);
    expect((await api.call("POST", "admLocalization/edit/comms-es", { token: northside, body: { name: "hacked" } })).http).toBe(404);
    expect((await create("admLocalization", { ID: "comms-es", type: "w", name: "Weekly" }, northside)).body.status).toBe(0);
    expect((await api.call<Row>("GET", "admLocalization/get/comms-es", { token: admin })).body.data.name).toBe("Resumen semanal");
  });

  it("stores the e-mail body sanitised, and keeps it when an edit sends it as null", async () => {
    const dirty =
      '<p onclick="steal()" style="color:red">Hola <strong>{{name}}</strong></p><script>alert(1)</script><img src="https://tracker.example/p.gif"><a href="javascript:x()">clic</a>';
    await create("admLocalization", { ID: "grades-ready", type: "m", name: "Notas", contentHTML: dirty });
    const stored = "<p>Hola <strong>{{name}}</strong></p>clic";
    expect((await api.call<Row>("GET", "admLocalization/get/grades-ready", { token: admin })).body.data.contentHTML).toBe(stored);
    await api.call("POST", "admLocalization/edit/grades-ready", { token: admin, body: { name: "Notas publicadas", contentHTML: null } });
    expect((await api.call<Row>("GET", "admLocalization/get/grades-ready", { token: admin })).body.data).toMatchObject({
      name: "Notas publicadas",
      contentHTML: stored,
    });
    await api.call("POST", "admLocalization/edit/grades-ready", {
      token: admin,
      body: { contentHTML: '<p><a href="https://pizarra.demo" onmouseover="x()">Ver notas</a></p>' },
    });
    expect((await api.call<Row>("GET", "admLocalization/get/grades-ready", { token: admin })).body.data.contentHTML).toBe(
      '<p><a href="https://pizarra.demo">Ver notas</a></p>',
    );
  });
});

describe("admAssignmentQst", () => {
  it("needs two or more choices for a choice question, also when an edit changes only the choices", async () => {
    const created = await create("admAssignmentQst", {
      type: "option",
      name: "¿Cuánto es 7 × 8?",
      options: "54|56|64",
      correctAnswer: "56",
      points: 1.5,
      nameEN: "What is 7 × 8?",
    });
    expect(created.body.status).toBe(0);
    const id = created.body.data.ID;
    expect((await api.call<Row>("GET", `admAssignmentQst/get/${id}`, { token: admin })).body.data).toMatchObject({
      options: "54|56|64",
      points: 1.5,
      pointsNeg: 0,
      inactive: false,
    });

    const refused = await api.call<{ errors: Record<string, string> }>("POST", `admAssignmentQst/edit/${id}`, { token: admin, body: { options: "56|" } });
    expect(refused.http).toBe(422);
    expect(refused.body.data.errors.options).toBe("El campo Opciones necesita dos o más opciones.");
    expect((await api.call<Row>("GET", `admAssignmentQst/get/${id}`, { token: admin })).body.data.options).toBe("54|56|64");
    // A free-text question needs no choices.
    expect((await api.call("POST", `admAssignmentQst/edit/${id}`, { token: admin, body: { type: "number", options: "" } })).body).toMatchObject({ status: 0 });
  });
});

describe("admCategory", () => {
  it("gives the pick list of one type (admCategory/get?pick=true&type=cal)", async () => {
    await create("admCategory", { name: "Feriados", nameEN: "Holidays", type: "cal" });
    await create("admCategory", { name: "Reuniones", type: "cal" });
    await create("admCategory", { name: "Noticias", nameEN: "News", type: "pub" });
    expect(await list("admCategory/get?pick=true&type=cal")).toEqual([
      { ID: expect.any(Number), name: "Feriados" },
      { ID: expect.any(Number), name: "Reuniones" },
    ]);
    expect((await list("admCategory/get?type=pub")).map((r) => r.name)).toEqual(["Noticias"]);
    expect((await api.call("GET", "admCategory/get?type=xyz", { token: admin })).http).toBe(422);
    expect(await list("admCategory/get?pick=true&type=cal", northside)).toEqual([]);
  });
});

describe("admAudit: the audit trail", () => {
  it("lists this school's writes with who, where and when, searched and filtered by days at UTC-5", async () => {
    const created = await create("admCategory", { name: "Auditada", type: "pho" });
    const rows = await list("admAudit/get?filter=admCategory&PageSize=100");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.moduleId === "admCategory")).toBe(true);
    expect(rows[0]).toMatchObject({
      userName: "Ana Administradora",
      moduleId: "admCategory",
      action: "create",
      recordId: String(created.body.data.ID),
      IP: "203.0.113.7",
    });
    expect(rows[0]!.date).toMatch(new RegExp(`^${today()} \\d\\d:\\d\\d$`));
    const one = await api.call<Row>("GET", `admAudit/get/${rows[0]!.ID}`, { token: admin });
    expect(one.body.data).toMatchObject({ ID: rows[0]!.ID, action: "create" });

    // Two lines of one local day (10 January at UTC-5), the second one after midnight UTC, and one of the next day.
    const { tenantId } = await api.school();
    const line = (date: string) => ({ tenantId, userName: "Sara Secretaria", moduleId: "admStudent", action: "edit", recordId: "7", date: new Date(date) });
    await api.db().auditLog.createMany({ data: [line("2025-01-10T15:00:00Z"), line("2025-01-11T04:30:00Z"), line("2025-01-11T05:00:00Z")] });
    expect((await list("admAudit/get?from=2025-01-10&to=2025-01-10")).map((r) => r.date)).toEqual(["2025-01-10 23:30", "2025-01-10 10:00"]);
    expect((await list("admAudit/get?from=2025-01-11&to=2025-01-11")).map((r) => r.date)).toEqual(["2025-01-11 00:00"]);
    expect((await list(`admAudit/get?from=${today()}`)).some((r) => r.moduleId === "admStudent")).toBe(false);
    expect((await api.call("GET", "admAudit/get?from=2025-13-01", { token: admin })).http).toBe(422);
  });

  it("is read-only: no create, edit or delete, in either language, and nothing is written", async () => {
    const row = (await list("admAudit/get?PageSize=1"))[0]!;
    const before = await api.db().auditLog.count();
    for (const [locale, message] of [
      ["es", "Esta acción no está disponible en este módulo."],
      ["en", "This action is not available in this module."],
    ] as const) {
      for (const [path, body] of [
        ["admAudit/create", { userName: "X", moduleId: "admPeriod", action: "delete" }],
        [`admAudit/edit/${row.ID}`, { userName: "X" }],
        [`admAudit/delete/${row.ID}?confirm=true`, undefined],
      ] as const) {
        const res = await api.call("POST", path, { token: admin, body, locale });
        expect(res.http).toBe(405);
        expect(res.body).toMatchObject({ status: -405, msg: message });
      }
    }
    expect(await api.db().auditLog.count()).toBe(before);
    expect((await api.call<Row>("GET", `admAudit/get/${row.ID}`, { token: admin })).body.data).toEqual(row);
  });

  it("shows another school none of these lines, and needs the module's read right", async () => {
    const mine = await list("admAudit/get?PageSize=1000");
    const theirs = await list("admAudit/get?PageSize=1000", northside);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => mine.some((m) => m.ID === r.ID))).toBe(false);
    expect((await api.call("GET", `admAudit/get/${mine[0]!.ID}`, { token: northside })).http).toBe(404);
    expect((await api.call("GET", "admAudit/get", { token: secretary })).http).toBe(403);
  });
});
