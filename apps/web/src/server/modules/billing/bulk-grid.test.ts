import { BULK_MAX_ORDERS, gridLastYear, PERSON_TYPE, type TGridAnswer } from "@pizarra/contracts";
import { forTenant, insertRows } from "@pizarra/db";
import { demoTenants } from "@pizarra/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

/**
 * Bulk orders and the pension boards through the real route handlers and PostgreSQL (001 §5 "Bulk order", §7
 * createbulk and getGrid, §9 grid years): a section's months of pensions in one go, written once however often the bulk
 * is run, nothing written when one student is wrong; refusals by field in es and en; the board's cells, states and
 * totals to the cent after payments and a refund; rights and another school's records refused.
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Bulk = { students: number; created: number; existing: number; total: string; curr: string; dueDates: string[] };

let admin: string;
let teacher: string;
let northside: string;
let sectionId: number;
let gradeId: number;
let students: { id: number; externalId: string | null }[];

const post = <T = Row>(path: string, body: Row, token = admin, locale: "es" | "en" = "es") => api.call<T>("POST", path, { token, body, locale });
const bulk = (body: Row, module = "admBilling", token = admin, locale: "es" | "en" = "es") => post<Bulk & Refusal>(`${module}/createbulk`, body, token, locale);
const grid = (query: string, module = "admBilling", token = admin, locale: "es" | "en" = "es") =>
  api.call<TGridAnswer & Refusal>("GET", `${module}/getGrid?${query}`, { token, locale });
const pay = (id: number, total: string) => post(`admBilling/setpaymentbyorder/${id}`, { total, note: "Caja" });

beforeAll(async () => {
  ({ admin, teacher, northside } = await api.tokens());
  const { db } = await api.school();
  const section = await db.section.findFirstOrThrow({
    where: { members: { some: { user: { type: PERSON_TYPE.student, inactive: false } } } },
    select: { id: true, parentId: true },
    orderBy: { id: "asc" },
  });
  ({ id: sectionId, parentId: gradeId } = section);
  students = await db.user.findMany({
    where: { type: PERSON_TYPE.student, inactive: false, sections: { some: { sectionId } } },
    select: { id: true, externalId: true },
    orderBy: { id: "asc" },
  });
  expect(students.length).toBeGreaterThan(2);
});

describe("POST admBilling/createbulk and admOrder/createbulk", () => {
  it("writes a section's pensions for March to December, each with its lines and due date, once however often run", async () => {
    const { db } = await api.school();
    const body = {
      sections: [sectionId],
      concept1: "Pensión",
      amount1: "350.50",
      concept2: "Seguro",
      amount2: "12,25",
      brief: "Pensión",
      months: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      forYear: 2027,
    };
    const first = await bulk(body);
    expect(first.body.status, JSON.stringify(first.body)).toBe(0);
    const n = students.length;
    expect(first.body.data).toEqual({
      students: n,
      created: n * 10,
      existing: 0,
      total: (362.75 * n * 10).toFixed(2),
      curr: "PEN",
      // No dueDate: each month's last day.
      dueDates: ["2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30", "2027-07-31", "2027-08-31", "2027-09-30", "2027-10-31", "2027-11-30", "2027-12-31"],
    });
    expect(first.body.msg).toBe(`${n * 10} órdenes creadas; ninguna existía ya.`);

    const orders = await db.order.findMany({
      where: { studentId: { in: students.map((s) => s.id) }, dueDate: { gte: new Date("2027-01-01") } },
      include: { details: { orderBy: { id: "asc" } } },
    });
    expect(orders).toHaveLength(n * 10);
    for (const order of orders) {
      expect(order.easyId).toMatch(/^[A-Za-z0-9-]{1,20}$/);
      expect(order.total.toFixed(2)).toBe("362.75");
      expect(order.details.map((d) => [d.item, d.quantity, d.amount.toFixed(2)])).toEqual([
        ["Pensión", 1, "350.50"],
        ["Seguro", 1, "12.25"],
      ]);
      expect(order.externalId).toBe(students.find((s) => s.id === order.studentId)!.externalId);
      expect(order.dependantName).toBeTruthy();
    }
    const march = orders.find((o) => o.studentId === students[0]!.id && o.dueDate.toISOString().startsWith("2027-03"))!;
    expect(march.brief).toBe("Pensión 03/2027");
    // The names are those admOrder/create keeps for the same student.
    const single = await post<{ ID: number }>("admOrder/create", {
      easyId: "BULK-CMP-1",
      externalId: students[0]!.externalId,
      brief: "Matrícula",
      dueDate: "2027-02-01",
    });
    const made = await db.order.findFirstOrThrow({ where: { id: single.body.data.ID } });
    expect([march.dependantName, march.principalName]).toEqual([made.dependantName, made.principalName]);

    // Again, and once more naming the students one by one beside their section: nothing new.
    const again = await bulk(body, "admBilling", admin, "en");
    expect(again.body.data).toMatchObject({ created: 0, existing: n * 10, total: "0.00" });
    expect(again.body.msg).toBe(`No order created; ${n * 10} already existed.`);
    const both = await bulk({ ...body, students: students.map((s) => s.id), amount1: "400" }, "admOrder");
    expect(both.body.data).toMatchObject({ students: n, created: 0, existing: n * 10 });
    expect(await db.order.count({ where: { studentId: { in: students.map((s) => s.id) }, dueDate: { gte: new Date("2027-03-01") } } })).toBe(n * 10);

    // A single due date (not recurrent), through admOrder: one order per student, day kept.
    const once = await bulk(
      { students: [students[0]!.id, students[1]!.id], concept1: "Matrícula", amount1: 500, brief: "Matrícula 2027", dueDate: "2027-02-15" },
      "admOrder",
    );
    expect(once.body.data).toMatchObject({ created: 2, existing: 0, total: "1000.00", dueDates: ["2027-02-15"] });
    // A recurrent one with a due day: the 30th, or the month's last day when it is shorter.
    const day = await bulk({
      students: [students[0]!.id],
      concept1: "Taller",
      amount1: "20",
      brief: "Taller",
      months: [1, 2, 4],
      forYear: 2027,
      dueDate: "2027-01-30",
    });
    expect(day.body.data.dueDates).toEqual(["2027-01-30", "2027-02-28", "2027-04-30"]);

    const lines = await db.auditLog.findMany({ where: { action: "create", recordId: "bulk" }, orderBy: { id: "asc" } });
    expect(lines.map((l) => [l.moduleId, (l.detail as Row).created, (l.detail as Row).existing])).toEqual([
      ["admBilling", n * 10, 0],
      ["admBilling", 0, n * 10],
      ["admOrder", 0, n * 10],
      ["admOrder", 2, 0],
      ["admBilling", 3, 0],
    ]);
    expect(lines[0]!.detail).toMatchObject({ lines: ["Pensión: 350.50", "Seguro: 12.25"], total: (362.75 * n * 10).toFixed(2), curr: "PEN" });
  });

  it("writes a bulk sent three times at once once: one run creates, the others find its orders", async () => {
    const body = { sections: [sectionId], concept1: "Transporte", amount1: "45.90", brief: "Movilidad", months: [3, 4, 5, 6, 7, 8], forYear: 2027 };
    const runs = await Promise.all([bulk(body), bulk(body), bulk(body, "admOrder")]);
    expect(runs.map((r) => r.body.status)).toEqual([0, 0, 0]);
    const n = students.length * 6;
    expect(runs.map((r) => r.body.data.created).sort((x, y) => y - x)).toEqual([n, 0, 0]);
    expect(runs.map((r) => r.body.data.existing).sort((x, y) => x - y)).toEqual([0, n, n]);
    const { db } = await api.school();
    expect(await db.order.count({ where: { brief: { startsWith: "Movilidad" } } })).toBe(n);
    expect(await db.orderDetail.count({ where: { item: "Transporte" } })).toBe(n);
  });

  it("writes nothing when one student is not an active student of this school, nor for another school's section", async () => {
    const { db, tenantId } = await api.school();
    const before = await db.order.count();
    const tenants = await demoTenants(api.db());
    const other = forTenant(api.db(), tenants.northside);
    const otherStudent = await other.user.findFirstOrThrow({ where: { type: PERSON_TYPE.student }, select: { id: true } });
    const otherSection = await other.section.findFirstOrThrow({ select: { id: true } });
    expect(tenants.colegio).toBe(tenantId);
    const body = { concept1: "Pensión", amount1: 100, brief: "Pensión nueva", months: [3], forYear: 2026 };
    for (const [extra, field, es, en] of [
      [
        { sections: [sectionId], students: [students[0]!.id, 999_999] },
        "students",
        "Estos no son alumnos activos del colegio: 999999.",
        "These are not active students of the school: 999999.",
      ],
      [
        { students: [otherStudent.id] },
        "students",
        `Estos no son alumnos activos del colegio: ${otherStudent.id}.`,
        `These are not active students of the school: ${otherStudent.id}.`,
      ],
      [
        { sections: [otherSection.id] },
        "sections",
        `Estas secciones no son del colegio: ${otherSection.id}.`,
        `These sections are not of the school: ${otherSection.id}.`,
      ],
    ] as const) {
      for (const [locale, msg] of [
        ["es", es],
        ["en", en],
      ] as const) {
        const refused = await bulk({ ...body, ...extra }, "admBilling", admin, locale);
        expect(refused.http, JSON.stringify(refused.body)).toBe(422);
        expect(refused.body.data.errors[field]).toBe(msg);
      }
    }
    // The other school's admin cannot charge this school's students either.
    const across = await bulk({ ...body, students: [students[0]!.id] }, "admBilling", northside);
    expect(across.http).toBe(422);
    expect(Object.keys(across.body.data.errors)).toEqual(["students"]);
    expect(await db.order.count()).toBe(before);
    expect(await db.auditLog.count({ where: { recordId: "bulk", detail: { path: ["brief"], equals: "Pensión nueva" } } })).toBe(0);
  });

  it("undoes what it had written when a payment code it derives is another student's: all or nothing", async () => {
    const { db } = await api.school();
    const [a, b, c] = [students[0]!, students[1]!, students[2]!];
    const body = { concept1: "Comedor", amount1: 80, brief: "Comedor", months: [3], forYear: 2026 };
    const first = await bulk({ ...body, students: [a.id] });
    expect(first.body.data.created).toBe(1);
    // Someone gave that code to another student's order by hand.
    await db.order.updateMany({ where: { brief: "Comedor 03/2026" }, data: { studentId: b.id } });
    for (const [locale, msg] of [
      ["es", "ya lo usa una orden de otro alumno; no se creó nada."],
      ["en", "is already used by another student's order; nothing was created."],
    ] as const) {
      const refused = await bulk({ ...body, students: [a.id, c.id], months: [3, 4] }, "admBilling", admin, locale);
      expect(refused.http).toBe(409);
      expect(refused.body.msg).toContain(msg);
    }
    expect(await db.order.count({ where: { brief: { startsWith: "Comedor" } } })).toBe(1);
    expect(await db.orderDetail.count({ where: { item: "Comedor" } })).toBe(1);
  });

  it("refuses bad fields by name in es and en, and writes nothing", async () => {
    const { db } = await api.school();
    const before = await db.order.count();
    const ok = { students: [students[0]!.id], concept1: "Pensión", amount1: 100, brief: "Pensión", months: [3], forYear: 2026 };
    const next = gridLastYear() + 1;
    const cases: [Row, string, string, string, string?][] = [
      [{ ...ok, students: [] }, "students", "El campo Alumnos es requerido.", "The Students field is required."],
      [{ ...ok, students: ["x"] }, "students", "El campo Alumnos no es válido.", "The Students is invalid."],
      [{ ...ok, brief: " " }, "brief", "El campo Descripción es requerido.", "The Description field is required."],
      [{ ...ok, concept1: undefined }, "concept1", "El campo Concepto 1 es requerido.", "The Concept 1 field is required."],
      [{ ...ok, amount1: "12.345" }, "amount1", "El campo Monto 1 admite como máximo 2 decimales.", "The Amount 1 may have at most 2 decimals."],
      [{ ...ok, amount1: -5 }, "amount1", "Monto 1 no debe ser menor a 0.", "The Amount 1 must be at least 0."],
      [{ ...ok, amount1: "doce" }, "amount1", "El campo Monto 1 tiene un tipo incorrecto.", "The Amount 1 has a wrong type."],
      [{ ...ok, amount1: 100000 }, "amount1", "Monto 1 no debe ser mayor a 99999.99.", "The Amount 1 may not be greater than 99999.99."],
      [{ ...ok, concept2: "Seguro" }, "amount2", "El campo Monto 2 es requerido.", "The Amount 2 field is required."],
      [{ ...ok, months: [0, 3] }, "months", "Meses no debe ser menor a 1.", "The Months must be at least 1."],
      [{ ...ok, months: [13] }, "months", "Meses no debe ser mayor a 12.", "The Months may not be greater than 12."],
      [{ ...ok, forYear: undefined }, "forYear", "El campo Año es requerido.", "The Year field is required."],
      [{ ...ok, forYear: 2017 }, "forYear", "Año no debe ser menor a 2018.", "The Year must be at least 2018."],
      [{ ...ok, forYear: 2020 }, "forYear", "Año no debe ser menor a 2021.", "The Year must be at least 2021.", "admOrder"],
      [{ ...ok, forYear: next }, "forYear", `Año no debe ser mayor a ${next - 1}.`, `The Year may not be greater than ${next - 1}.`],
      [{ ...ok, months: undefined, forYear: undefined }, "dueDate", "El campo Vencimiento es requerido.", "The Due date field is required."],
      [
        { ...ok, months: undefined, dueDate: "2026-02-30" },
        "dueDate",
        "El campo Vencimiento no es una fecha válida (AAAA-MM-DD).",
        "The Due date is not a valid date (YYYY-MM-DD).",
      ],
    ];
    for (const [body, field, es, en, module] of cases) {
      for (const [locale, msg] of [
        ["es", es],
        ["en", en],
      ] as const) {
        const refused = await bulk(body, module, admin, locale);
        expect(refused.http, `${locale} ${JSON.stringify(body)}`).toBe(422);
        expect(refused.body.data.errors[field], `${locale} ${JSON.stringify(body)}`).toBe(msg);
      }
    }
    expect(await db.order.count()).toBe(before);
  });

  it("is write on each module: a teacher cannot bulk-create", async () => {
    const body = { students: [students[0]!.id], concept1: "Pensión", amount1: 100, brief: "Docente", dueDate: "2026-05-01" };
    expect((await bulk(body, "admBilling", teacher)).http).toBe(403);
    expect((await bulk(body, "admOrder", teacher)).http).toBe(403);
  });

  it("refuses more than the most orders at once, saying how many it would be", async () => {
    const { db } = await api.school();
    const many = Math.ceil(BULK_MAX_ORDERS / 12) + 1;
    const made = await insertRows(
      db,
      "User",
      Array.from({ length: many }, (_, i) => ({ name: `Masivo ${i}`, type: PERSON_TYPE.student, externalId: `MAS${i}`, updatedAt: new Date().toISOString() })),
      { returning: ["id"] },
    );
    const body = {
      students: made.map((u) => u.id),
      concept1: "Pensión",
      amount1: 1,
      brief: "Masivo",
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      forYear: 2026,
    };
    const refused = await bulk(body, "admBilling", admin, "en");
    expect(refused.http).toBe(422);
    expect(refused.body.data.errors.students).toBe(
      `That would be ${(many * 12).toLocaleString("en-US")} orders; at most ${BULK_MAX_ORDERS.toLocaleString("en-US")} orders can be created at once. Choose fewer students or months.`,
    );
    expect(await db.order.count({ where: { brief: { startsWith: "Masivo" } } })).toBe(0);
  });
});

describe("GET admBilling/getGrid and admOrder/getGrid", () => {
  it("shows each month's state and amounts after payments and a refund, with totals to the cent", async () => {
    const [a, b] = [students[0]!, students[1]!];
    const lines = { concept1: "Pensión", amount1: "100.00", concept2: "Útiles", amount2: "0.10", brief: "Pensión 2025" };
    const made = await bulk({ ...lines, students: [a.id, b.id], months: [1, 2, 3, 4, 5], forYear: 2025 });
    expect(made.body.data.created).toBe(10);
    const before = (await grid(`year=2025&sectionId=${sectionId}`)).body.data;
    const cellOf = (board: TGridAnswer, student: number, month: number) =>
      board.rows.find((r) => r.studentId === student)!.cells.find((c) => c.month === month)!;
    const orderOf = (month: number) => cellOf(before, a.id, month).orders[0]!.ID;

    expect((await pay(orderOf(1), "100.10")).body.status).toBe(0);
    expect((await pay(orderOf(2), "40.05")).body.status).toBe(0);
    expect((await pay(orderOf(3), "100.10")).body.status).toBe(0);
    expect((await post(`admBilling/refundbyorder/${orderOf(3)}`, { note: "Retiro" })).body.status).toBe(0);

    const board = await grid(`year=2025&sectionId=${sectionId}`);
    expect(board.body.status, JSON.stringify(board.body)).toBe(0);
    const data = board.body.data;
    expect(data).toMatchObject({ year: 2025, years: { first: 2018, last: gridLastYear() }, count: students.length, page: 1, PageSize: 40 });
    expect(data.rows.map((r) => r.studentId).sort()).toEqual(students.map((s) => s.id).sort());
    expect(data.rows.find((r) => r.studentId === a.id)!.code).toBe(students[0]!.externalId);
    const state = (student: number, month: number) => {
      const { state: s, total, paid, balance } = cellOf(data, student, month);
      return [s, total, paid, balance];
    };
    expect(state(a.id, 1)).toEqual(["paid", "100.10", "100.10", "0.00"]);
    // Partly paid and past its due date: the debt is what the board shows.
    expect(state(a.id, 2)).toEqual(["overdue", "100.10", "40.05", "60.05"]);
    expect(state(a.id, 3)).toEqual(["voided", "0.00", "0.00", "0.00"]);
    expect(cellOf(data, a.id, 3).orders[0]).toMatchObject({ status: -1, total: "100.10", paid: "0.00", balance: "0.00", dueDate: "2025-03-31" });
    expect(state(a.id, 4)).toEqual(["overdue", "100.10", "0.00", "100.10"]);
    expect(state(b.id, 1)).toEqual(["overdue", "100.10", "0.00", "100.10"]);
    expect(cellOf(data, a.id, 1).orders[0]).toMatchObject({ ID: orderOf(1), status: 1, curr: "PEN", brief: "Pensión 2025 01/2025" });
    // The cell's receipt: the number of the order's latest one, a voided one's too (not its refund's credit note);
    // none while nothing was paid.
    const receipts = await (await api.school()).db.receipt.findMany({
      where: { orderId: { in: [orderOf(1), orderOf(3)] }, creditOfId: null },
      orderBy: { id: "desc" },
    });
    expect(cellOf(data, a.id, 1).orders[0]!.receipt).toBe(receipts.find((r) => r.orderId === orderOf(1))!.refId);
    expect(cellOf(data, a.id, 3).orders[0]!.receipt).toBe(receipts.find((r) => r.orderId === orderOf(3))!.refId);
    expect(cellOf(data, a.id, 4).orders[0]!.receipt).toBeNull();
    const rowA = data.rows.find((r) => r.studentId === a.id)!;
    expect([rowA.total, rowA.paid, rowA.balance]).toEqual(["400.40", "140.15", "260.25"]);
    expect(data.columns).toHaveLength(12);
    expect(data.columns[1]).toEqual({ month: 2, total: "200.20", paid: "40.05", balance: "160.15" });
    expect(data.columns[2]).toEqual({ month: 3, total: "100.10", paid: "0.00", balance: "100.10" });
    expect(data.columns[5]).toEqual({ month: 6, total: "0.00", paid: "0.00", balance: "0.00" });
    expect([data.total, data.paid, data.balance]).toEqual(["900.90", "140.15", "760.75"]);

    // The state filter keeps the students with a cell in it; the totals follow.
    const voided = (await grid(`year=2025&sectionId=${sectionId}&status=voided`)).body.data;
    expect(voided.rows.map((r) => r.studentId)).toEqual([a.id]);
    expect([voided.count, voided.total]).toEqual([1, "400.40"]);
    // By grade, the same students appear; a page of one.
    const byGrade = (await grid(`year=2025&superSectionId=${gradeId}&status=overdue&PageSize=1&page=2`)).body.data;
    expect(byGrade).toMatchObject({ count: 2, page: 2, PageSize: 1, total: "900.90" });
    expect(byGrade.rows).toHaveLength(1);

    // Next year: not yet due, so pending and, paid in part, partly.
    const ahead = await bulk({ ...lines, brief: "Pensión 2027", students: [a.id], months: [1, 2], forYear: 2027 });
    expect(ahead.body.data.created).toBe(2);
    const future = (await grid(`year=2027&sectionId=${sectionId}`, "admOrder")).body.data;
    const january = cellOf(future, a.id, 1).orders.find((o) => o.brief.startsWith("Pensión 2027"))!;
    expect((await pay(january.ID, "0.10")).body.status).toBe(0);
    const after = (await grid(`year=2027&sectionId=${sectionId}&status=partly`, "admOrder")).body.data;
    expect(after.rows.map((r) => r.studentId)).toEqual([a.id]);
    expect(cellOf(after, a.id, 1).state).toBe("partly");
    expect(cellOf(after, a.id, 2).state).toBe("pending");
  });

  it("never sums soles and dollars: one currency a board, the school's most used unless asked, the others offered", async () => {
    const [, , c] = students;
    const lines = { concept1: "Pensión", amount1: "200.00", brief: "Pensión 2024" };
    expect((await bulk({ ...lines, students: [c!.id], months: [1, 2], forYear: 2024 })).body.data.created).toBe(2);
    const dollars = await bulk({ concept1: "Viaje", amount1: "30.5", brief: "Viaje 2024", students: [c!.id], months: [2], forYear: 2024, curr: "USD" });
    expect(dollars.body.data).toMatchObject({ created: 1, curr: "USD", total: "30.50" });

    const soles = (await grid(`year=2024&sectionId=${sectionId}`)).body.data;
    expect([soles.curr, soles.currencies]).toEqual(["PEN", ["PEN", "USD"]]);
    const row = soles.rows.find((r) => r.studentId === c!.id)!;
    expect(row.cells.map((x) => [x.month, x.total, x.orders.map((o) => o.curr)])).toEqual([
      [1, "200.00", ["PEN"]],
      [2, "200.00", ["PEN"]],
    ]);
    expect([row.total, soles.columns[1]!.total, soles.total]).toEqual(["400.00", "200.00", "400.00"]);

    const usd = (await grid(`year=2024&sectionId=${sectionId}&curr=USD`, "admOrder")).body.data;
    expect([usd.curr, usd.currencies, usd.total, usd.balance]).toEqual(["USD", ["PEN", "USD"], "30.50", "30.50"]);
    expect(usd.rows.find((r) => r.studentId === c!.id)!.cells.map((x) => [x.month, x.state, x.total])).toEqual([[2, "overdue", "30.50"]]);
    // The state filter looks at the board's currency only: nobody is overdue in dollars in January.
    const overdue = (await grid(`year=2024&sectionId=${sectionId}&curr=USD&status=overdue`)).body.data;
    expect([overdue.count, overdue.columns[0]!.total]).toEqual([1, "0.00"]);

    // A year with no order at all: the school's default currency, none offered.
    const empty = (await grid(`year=2019&sectionId=${sectionId}`)).body.data;
    expect([empty.curr, empty.currencies, empty.total, empty.count]).toEqual(["PEN", [], "0.00", students.length]);

    for (const [locale, msg] of [
      ["es", "El campo Moneda no es válido."],
      ["en", "The Currency is invalid."],
    ] as const) {
      const refused = await grid(`year=2024&curr=EUR`, "admBilling", admin, locale);
      expect(refused.http).toBe(422);
      expect(refused.body.data.errors.curr).toBe(msg);
    }
  });

  it("refuses years outside the board's, another school's section, and a teacher", async () => {
    for (const [query, module, field, es, en] of [
      ["year=2017", "admBilling", "year", "Año no debe ser menor a 2018.", "The Year must be at least 2018."],
      ["year=2020", "admOrder", "year", "Año no debe ser menor a 2021.", "The Year must be at least 2021."],
      [`year=${gridLastYear() + 1}`, "admOrder", "year", `Año no debe ser mayor a ${gridLastYear()}.`, `The Year may not be greater than ${gridLastYear()}.`],
      [
        `sectionId=${sectionId}`,
        "admBilling",
        "sectionId",
        "El campo Sección no es una de las opciones permitidas.",
        "The Section is not one of the allowed options.",
      ],
    ] as const) {
      for (const [locale, msg] of [
        ["es", es],
        ["en", en],
      ] as const) {
        const token = field === "sectionId" ? northside : admin;
        const refused = await grid(query, module, token, locale);
        expect(refused.http, `${module}?${query}`).toBe(422);
        expect(refused.body.data.errors[field]).toBe(msg);
      }
    }
    expect((await grid("year=2018")).body.status).toBe(0);
    expect((await grid("year=2026", "admBilling", teacher)).http).toBe(403);
    expect((await grid("year=2026", "admOrder", teacher)).http).toBe(403);
  });
});
