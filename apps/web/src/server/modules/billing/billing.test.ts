import { RESOURCES, screenDefinitionOf } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Page = { Results: Row[]; RowCount: number; PageCount: number };
type Refusal = { errors: Record<string, string> };

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
});

const list = api.rows;
const get = api.record;
const post = <T = { ID: number }>(path: string, body: Row = {}, token = admin, locale: "es" | "en" = "es") =>
  api.call<T>("POST", path, { token, body, locale });

/** A student of the demo school with their main guardian, by code. */
async function someStudent() {
  const student = (await list("admStudent/get?PageSize=1&page=3"))[0]!;
  const kin = await api
    .db()
    .kinship.findFirst({ where: { studentId: Number(student.ID) }, orderBy: [{ userKind: "asc" }, { relativeId: "asc" }], include: { relative: true } });
  return { student, guardian: kin!.relative };
}

const newOrder = async (easyId: string, externalId: string) => {
  const res = await post("admOrder/create", { easyId, externalId, brief: "Pensión junio", dueDate: "2026-06-30" });
  expect(res.body).toMatchObject({ status: 0 });
  return res.body.data.ID;
};
const orderTotal = async (id: number) => (await get(`admOrder/get/${id}`)).total;

describe("resources whose id has a slash", () => {
  it("are routed, labelled and found by their module's screen", async () => {
    expect(screenDefinitionOf("admBillingReport")?.id).toBe("admBilling/report/receipts");
    expect(screenDefinitionOf("admBalance")?.id).toBe("admBalance");
    // admOrderDetail lives inside an order's modal; its own (hidden) screen lists every order's lines.
    expect(screenDefinitionOf("admOrderDetail")?.id).toBe("admOrder/detail");
    expect(RESOURCES.admOrder.children).toEqual(["admOrder/detail"]);

    const report = await api.call<Page>("GET", "admBilling/report/receipts/get/?PageSize=5&page=1", { token: admin });
    expect(report.http).toBe(200);
    expect(report.body.data.Results).toHaveLength(5);
    const order = (await list("admOrder/get?PageSize=1"))[0]!;
    const lines = await list(`admOrder/detail/get?parentId=${order.ID}&PageSize=10`);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.orderId === order.ID)).toBe(true);
    // The server's messages under resources["admOrder/detail"] name the field in the user's language.
    const refused = await post<Refusal>(`admOrder/detail/create?parentId=${order.ID}`, { item: "Taller", quantity: 1, amount: -1 });
    expect(refused.http).toBe(422);
    expect(refused.body.data.errors.amount).toBe("Importe unitario no debe ser menor a 0.");
  });
});

describe("admOrder and its lines (001 §3 Order, §5)", () => {
  it("finds the student by code, keeps the names, and keeps the total as the sum of the lines in cents", async () => {
    const { student, guardian } = await someStudent();
    const id = await newOrder("JUN-0001", String(student.externalId));
    const order = await get(`admOrder/get/${id}`);
    expect(order).toMatchObject({
      easyId: "JUN-0001",
      curr: "PEN",
      total: 0,
      paid: 0,
      status: 0,
      hasPenalty: false,
      dueDate: "2026-06-30",
      dependantName: [student.last, student.last2, student.name].filter(Boolean).join(" "),
      principalName: [guardian.last, guardian.last2, guardian.name].filter(Boolean).join(" "),
    });

    const a = await post(`admOrder/detail/create?parentId=${id}`, { item: "Pensión junio", amount: 0.1 });
    const b = await post(`admOrder/detail/create?parentId=${id}`, { item: "Taller de robótica", quantity: 3, amount: 0.2 });
    expect([a.body.status, b.body.status]).toEqual([0, 0]);
    expect(await orderTotal(id)).toBe(0.7);
    expect((await get(`admOrder/detail/get/${b.body.data.ID}`)).subtotal).toBe(0.6);

    expect((await post(`admOrder/detail/edit/${a.body.data.ID}`, { amount: 650.55 })).body.status).toBe(0);
    expect(await orderTotal(id)).toBe(651.15);
    expect((await api.call("POST", `admOrder/detail/delete/${b.body.data.ID}?confirm=true`, { token: secretary })).body.status).toBe(0);
    expect(await orderTotal(id)).toBe(650.55);
    const stored = await api.db().order.findUniqueOrThrow({ where: { id } });
    expect(stored.total.toFixed(2)).toBe("650.55");
  });

  it.each([
    ["es", { easyId: "", externalId: "A00001", brief: "x", dueDate: "2026-06-30" }, "easyId", "El campo Código de pago es requerido."],
    [
      "en",
      { easyId: "JUN 2", externalId: "A00001", brief: "x", dueDate: "2026-06-30" },
      "easyId",
      "The Payment code may only hold letters, digits and dashes.",
    ],
    ["es", { easyId: "ORD-000001", externalId: "A00001", brief: "x", dueDate: "2026-06-30" }, "easyId", "El valor del campo Código de pago ya está en uso."],
    ["es", { easyId: "JUN-0002", externalId: "Z99999", brief: "x", dueDate: "2026-06-30" }, "externalId", "No hay ningún alumno con el código Z99999."],
    ["en", { easyId: "JUN-0003", externalId: "A00001", brief: "", dueDate: "2026-06-30" }, "brief", "The Concept field is required."],
    ["es", { easyId: "JUN-0004", externalId: "A00001", brief: "x", dueDate: "" }, "dueDate", "El campo Vencimiento es requerido."],
    [
      "en",
      { easyId: "JUN-0005", externalId: "A00001", brief: "x", dueDate: "2026-06-30", curr: "EUR" },
      "curr",
      "The Currency is not one of the allowed options.",
    ],
  ])("refuses a bad order in %s naming the field, writing nothing", async (locale, body, field, message) => {
    const before = await api.db().order.count();
    const res = await post<Refusal>("admOrder/create", body, admin, locale as "es" | "en");
    expect(res.http).toBe(422);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().order.count()).toBe(before);
  });

  it("refuses a line in fractions of a cent, or without an order of this school, and leaves the total alone", async () => {
    const { student } = await someStudent();
    const id = await newOrder("JUN-0010", String(student.externalId));
    await post(`admOrder/detail/create?parentId=${id}`, { item: "Pensión junio", amount: 650 });
    const lines = await api.db().orderDetail.count();
    const cents = await post<Refusal>(`admOrder/detail/create?parentId=${id}`, { item: "Taller", amount: 10.005 }, admin, "en");
    expect(cents.http).toBe(422);
    expect(cents.body.data.errors.amount).toBe("The Unit amount may have at most 2 decimals.");
    const orphan = await post<Refusal>("admOrder/detail/create", { item: "Taller", amount: 10 });
    expect(orphan.body.data.errors.orderId).toBe("El campo Orden es requerido.");
    const foreign = await post<Refusal>(`admOrder/detail/create?parentId=${id}`, { item: "Taller", amount: 10 }, northside, "en");
    expect(foreign.body.data.errors.orderId).toBe("The Order is not one of the allowed options.");
    expect(await api.db().orderDetail.count()).toBe(lines);
    expect(await orderTotal(id)).toBe(650);
  });

  it("keeps a paid order as it was: unchanged saves pass, changes and line writes are refused", async () => {
    const paid = (await list("admOrder/get?status=1&PageSize=1"))[0]!;
    const line = (await list(`admOrder/detail/get?parentId=${paid.ID}`))[0]!;
    expect((await post(`admOrder/edit/${paid.ID}`, { brief: paid.brief, dueDate: paid.dueDate })).body.status).toBe(0);

    const changed = await post<Refusal>(`admOrder/edit/${paid.ID}`, { brief: "Otro concepto" });
    expect(changed.http).toBe(422);
    expect(changed.body.data.errors.brief).toBe("Una orden pagada o anulada ya no se puede modificar.");
    expect((await post<Refusal>(`admOrder/detail/edit/${line.ID}`, { amount: 1 })).body.data.errors.amount).toBe(
      "Una orden pagada o anulada ya no se puede modificar.",
    );
    expect((await post<Refusal>(`admOrder/detail/create?parentId=${paid.ID}`, { item: "Extra", amount: 1 })).http).toBe(422);
    const removal = await api.call("POST", `admOrder/detail/delete/${line.ID}?confirm=true`, { token: admin, locale: "en" });
    expect(removal.http).toBe(409);
    expect(removal.body.msg).toBe("A paid or voided order can no longer be changed.");
    expect(await get(`admOrder/get/${paid.ID}`)).toMatchObject({ brief: paid.brief, total: paid.total });
    expect((await get(`admOrder/detail/get/${line.ID}`)).ID).toBe(line.ID);
    // A paid order has its receipt: it is not deleted from under it.
    expect((await api.call("POST", `admOrder/delete/${paid.ID}?confirm=true`, { token: admin })).http).toBe(409);
  });

  it("deletes an unpaid order with its lines, filters by status and student, and shows another school nothing", async () => {
    const { student } = await someStudent();
    const id = await newOrder("JUN-0020", String(student.externalId));
    const line = await post(`admOrder/detail/create?parentId=${id}`, { item: "Pensión junio", amount: 650 });
    expect((await list(`admOrder/get?studentId=${student.ID}&PageSize=100`)).map((o) => o.ID)).toContain(id);
    expect((await list("admOrder/get?status=-1&PageSize=100")).every((o) => o.status === -1)).toBe(true);
    // The demo's two refunds (a tuition paid twice, a month of the school bus).
    expect(await list("admOrder/get?status=-1&PageSize=100")).toHaveLength(2);

    expect((await api.call("GET", `admOrder/detail/get/${line.body.data.ID}`, { token: northside })).http).toBe(404);
    expect((await api.call("POST", `admOrder/detail/edit/${line.body.data.ID}`, { token: northside, body: { amount: 1 } })).http).toBe(404);
    expect((await api.call("POST", `admOrder/detail/delete/${line.body.data.ID}?confirm=true`, { token: northside })).http).toBe(404);
    expect(await list(`admOrder/detail/get?parentId=${id}`, northside)).toEqual([]);
    expect((await api.call("GET", "admOrder/get", { token: teacher })).http).toBe(403);

    expect((await post(`admOrder/delete/${id}?confirm=true`)).body.status).toBe(0);
    expect(await api.db().orderDetail.count({ where: { orderId: id } })).toBe(0);
  });
});

describe("admBilling: receipts (001 §2, §3 Receipt, §4, §5)", () => {
  it("are written by payments only: no create, no delete, and an edit changes the notes alone", async () => {
    const receipt = (await list("admBilling/get?status=1&PageSize=1"))[0]!;
    expect((await post("admBilling/create", { notes: "x" })).http).toBe(405);
    expect((await api.call("POST", `admBilling/delete/${receipt.ID}?confirm=true`, { token: admin })).http).toBe(405);
    const edited = await post(`admBilling/edit/${receipt.ID}`, { notes: "Entregado en secretaría", amount: 1, voided: true, refId: "X" }, secretary);
    expect(edited.body.status).toBe(0);
    expect(await get(`admBilling/get/${receipt.ID}`)).toMatchObject({ ...receipt, notes: "Entregado en secretaría" });
    const long = await post<Refusal>(`admBilling/edit/${receipt.ID}`, { notes: "x".repeat(201) });
    expect(long.http).toBe(422);
    expect(long.body.data.errors.notes).toBe("Observaciones no debe ser mayor a 200 caracteres.");
    expect((await api.call("POST", `admBilling/edit/${receipt.ID}`, { token: teacher, body: { notes: "x" } })).http).toBe(403);
  });

  it("filters by status (a voided one is marked ANULADO), type, student and dates, and searches", async () => {
    const voided = await list("admBilling/get?status=2&PageSize=100");
    expect(voided).toHaveLength(2);
    expect(voided[0]).toMatchObject({ voided: true, status: 2 });
    const pending = await list("admBilling/get?status=0&PageSize=100");
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.paid === false && r.voided === false && r.status === 0 && r.datePaid === null)).toBe(true);
    // A year of receipts is several pages of the largest size.
    const everyPage = async (query: string, page = 1): Promise<Row[]> => {
      const rows = await list(`admBilling/get?${query}PageSize=1000&page=${page}`);
      return rows.length < 1000 ? rows : [...rows, ...(await everyPage(query, page + 1))];
    };
    const paid = await everyPage("status=1&");
    expect(paid.every((r) => r.paid === true && r.voided === false && r.status === 1)).toBe(true);
    const all = await everyPage("");
    expect(all).toHaveLength(voided.length + pending.length + paid.length);

    const notes = await list("admBilling/get?type=1&PageSize=1000");
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((r) => r.type === 1 && String(r.refId).startsWith("N001-"))).toBe(true);
    const march = await list("admBilling/get?from=2026-03-01&to=2026-03-31&PageSize=1000");
    expect(march.length).toBeGreaterThan(0);
    expect(march.every((r) => String(r.date) >= "2026-03-01" && String(r.date) <= "2026-03-31")).toBe(true);
    const one = voided[0]!;
    const student = await api.db().receipt.findUniqueOrThrow({ where: { id: Number(one.ID) }, select: { studentId: true } });
    const theirs = await list(`admBilling/get?studentId=${student.studentId}&PageSize=100`);
    expect(theirs.map((r) => r.ID)).toContain(one.ID);
    expect(theirs.every((r) => r.dependantCode === one.dependantCode)).toBe(true);
    expect((await list(`admBilling/get?filter=${one.refId}`)).map((r) => r.ID)).toEqual([one.ID]);
    expect(all.slice(1).every((r, i) => String(r.date) <= String(all[i]!.date))).toBe(true);
  });

  it("keeps money to the cent and the receipts of every school apart", async () => {
    const row = (await list("admBilling/get?type=1&PageSize=1"))[0]!;
    expect(row.amount).toBe(565.5);
    const theirs = await list("admBilling/get?status=2&PageSize=100", northside);
    expect(theirs.map((r) => r.notes).sort()).toEqual([
      "Voided: paid twice, the amount was refunded to the guardian.",
      "Voided: the student left the school bus, the amount was refunded.",
    ]);
  });
});

describe("admBillingReport: the receipts report", () => {
  it("pages, searches and prints the receipts, read only", async () => {
    const page = (await api.call<Page>("GET", "admBilling/report/receipts/get/?PageSize=10&page=2", { token: secretary })).body.data;
    expect(page.Results).toHaveLength(10);
    const printed = (await api.call<Page>("GET", "admBilling/report/receipts/get/?print=true", { token: secretary })).body.data;
    expect(printed.RowCount).toBe(await api.db().receipt.count({ where: { tenant: { title: "Colegio Demo" } } }));
    expect(printed.Results.slice(1).every((r, i) => String(r.date) >= String(printed.Results[i]!.date))).toBe(true);
    const found = (await api.call<Page>("GET", "admBilling/report/receipts/get/?filterBy=refId&filter=R001-000002", { token: secretary })).body.data.Results;
    expect(found.map((r) => r.refId)).toEqual(["R001-000002"]);
    const row = page.Results[0]!;
    expect((await api.call("POST", `admBilling/report/receipts/edit/${row.ID}`, { token: admin, body: { notes: "x" } })).http).toBe(405);
    expect((await api.call("GET", "admBilling/report/receipts/get/", { token: teacher })).http).toBe(403);
  });
});

describe("admBalance: grades and their sections", () => {
  it("lists a period's grades with their sections, edits a grade and refuses a level over 20 characters", async () => {
    const grades = await list("admBalance/get?periodId=202601&PageSize=100");
    expect(grades).toHaveLength(12);
    const grade = grades[0]!;
    const sections = await list(`admBalance/sections/get?parentId=${grade.ID}&PageSize=100`);
    expect(sections).toHaveLength(grade.count as number);
    const members = await api.db().sectionMember.count({ where: { sectionId: Number(sections[0]!.ID) } });
    expect(sections[0]!.count).toBe(members);

    const long = await post<Refusal>(`admBalance/edit/${grade.ID}`, { groupBy: "x".repeat(21) }, admin, "en");
    expect(long.body.data.errors.groupBy).toBe("The Level may not be greater than 20 characters.");
    expect((await post(`admBalance/edit/${grade.ID}`, { groupBy: "Inicial II" })).body.status).toBe(0);
    expect((await get(`admSuperSection/get/${grade.ID}`)).groupBy).toBe("Inicial II");
    expect((await post("admBalance/create", { name: "Nuevo" })).http).toBe(405);
    expect((await api.call("GET", "admBalance/get", { token: secretary })).http).toBe(403);
  });
});
