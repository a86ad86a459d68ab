import type { TPayersAnswer, TStatementAnswer, TStatementLinkAnswer } from "@pizarra/contracts";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { apiHarness, type DemoSchool } from "../../../test-support/harness.ts";
import { startPaymentSink } from "../../../../../../scripts/lib/payment-sink.ts";
import { signFamilyLink } from "../../delivery/family-link.ts";
import { env } from "../../env.ts";

/**
 * Who pays and the family's statement of account, through the real route handlers and PostgreSQL: a family of two
 * siblings with paid, partly paid, refunded and overdue orders in two currencies; a split of one sibling's fees between
 * two guardians (shares to the cent, the remainder cent to the first payer); the split's rules refused by field in es
 * and en with nothing written, and concurrent edits leaving one whole split; the PDF read back with unpdf (not pdfkit,
 * which wrote it); the family's link refused when forged, expired or bent to another school.
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };

let admin: string;
let northside: string;
let teacher: string;
let school: DemoSchool;
/** The family: two siblings (a, b) and two new guardians (mother pays b; father and mother split a's fees). */
const family = { a: 0, b: 0, mother: 0, father: 0, stranger: 0 };
const names = { a: "", b: "" };
let serial = 0;

const post = <T = Row>(path: string, body: unknown = {}, token = admin, locale: "es" | "en" = "es") =>
  api.call<T>("POST", path, { token, body: body as Row, locale });
const textOf = async (bytes: ArrayBuffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

/** A new guardian of this school (a relative, type 1), with no link yet. */
async function newRelative(name: string): Promise<number> {
  const stamp = `${Date.now() % 1_000_000}${++serial}`;
  const user = await school.db.user.create({ data: { type: 1, name, last: "Quispe", externalId: `REL-${stamp}`, mail: `rel-${stamp}@pizarra.demo` } });
  return user.id;
}

/** An order of one line for a student, in a currency, due on a day. */
async function newOrder(studentId: number, amount: string, curr: "PEN" | "USD", dueDate: string, brief: string): Promise<number> {
  const { externalId } = await school.db.user.findFirstOrThrow({ where: { id: studentId }, select: { externalId: true } });
  const created = await post<{ ID: number }>("admOrder/create", { easyId: `ST-${++serial}-${Date.now() % 100000}`, externalId, brief, dueDate, curr });
  expect(created.body.status, JSON.stringify(created.body)).toBe(0);
  const line = await post(`admOrder/detail/create?parentId=${created.body.data.ID}`, { item: brief, quantity: 1, amount });
  expect(line.body.status, JSON.stringify(line.body)).toBe(0);
  return created.body.data.ID;
}
async function pay(id: number, total: string): Promise<string> {
  const paid = await post<{ receipt: { refId: string } }>(`admBilling/setpaymentbyorder/${id}`, { total, note: "Caja", method: "DEPOSIT" });
  expect(paid.body.status, JSON.stringify(paid.body)).toBe(0);
  return paid.body.data.receipt.refId;
}

const refIds: Record<string, string> = {};
const orders: Record<string, number> = {};

beforeAll(async () => {
  ({ admin, northside, teacher } = await api.tokens());
  school = await api.school();
  // Two students with no orders yet, and their family: the demo's guardians stay linked (they count for nothing here
  // but the payer order), the new mother pays for b, and a's fees are split between the new father and mother.
  const [a, b] = await school.db.user.findMany({ where: { type: 2, orders: { none: {} } }, orderBy: { id: "asc" }, take: 2, select: { id: true, name: true } });
  family.a = a!.id;
  family.b = b!.id;
  family.mother = await newRelative("Rosa");
  family.father = await newRelative("Mario");
  family.stranger = await newRelative("Ajeno");
  await school.db.kinship.updateMany({ where: { studentId: family.b }, data: { pays: false } });
  await school.db.kinship.createMany({
    data: [
      { studentId: family.a, relativeId: family.mother, userKind: 1, relation: "mother" },
      { studentId: family.a, relativeId: family.father, userKind: 1, relation: "father" },
      { studentId: family.b, relativeId: family.mother, userKind: 1, relation: "mother", pays: true },
      // An external contact of a: linked, but no guardian (002 §3 "Relative" userKind 3).
      { studentId: family.a, relativeId: family.stranger, userKind: 3 },
    ],
  });
  const full = (s: { name: string }) => s.name;
  names.a = full(a!);
  names.b = full(b!);

  orders.aPaid = await newOrder(family.a, "300.00", "PEN", "2026-03-31", "Pensión marzo");
  refIds.aPaid = await pay(orders.aPaid, "300.00");
  orders.aPartial = await newOrder(family.a, "350.00", "PEN", "2099-03-31", "Pensión futura");
  refIds.aPartial = await pay(orders.aPartial, "100.50");
  orders.aOverdue = await newOrder(family.a, "200.00", "PEN", "2026-02-28", "Pensión febrero");
  orders.aVoided = await newOrder(family.a, "150.00", "PEN", "2026-04-30", "Matrícula");
  refIds.aVoided = await pay(orders.aVoided, "150.00");
  const refunded = await post(`admBilling/refundbyorder/${orders.aVoided}`, { note: "Retiro" });
  expect(refunded.body.status, JSON.stringify(refunded.body)).toBe(0);
  orders.bPending = await newOrder(family.b, "80.00", "USD", "2099-01-31", "Taller de robótica");
  orders.bOverduePartial = await newOrder(family.b, "45.55", "USD", "2026-05-31", "Uniforme");
  refIds.bOverduePartial = await pay(orders.bOverduePartial, "20.00");
  orders.bPen = await newOrder(family.b, "99.99", "PEN", "2099-02-28", "Libros");
}, 120_000);

/** The family's link made by staff, and the token in it. */
async function familyLink(guardianId: number, token = admin): Promise<{ url: string; token: string }> {
  const made = await post<TStatementLinkAnswer>(`admBilling/statement/${guardianId}/link`, {}, token);
  expect(made.body.status, JSON.stringify(made.body)).toBe(0);
  const url = made.body.data.url;
  return { url, token: /\/statement\/([^?]+)/.exec(url)![1]! };
}

describe("who pays: POST admBilling/payers/{studentId}", () => {
  it("refuses a split that is not two of the student's guardians summing to 100, by field in es and en, writing nothing", async () => {
    const { mother, father, stranger, a } = family;
    const cases: [unknown, string, string][] = [
      [
        [
          { relativeId: mother, percent: 60 },
          { relativeId: father, percent: 30 },
        ],
        "El campo Quién paga debe ser de dos apoderados cuyos porcentajes sumen 100.",
        "The Who pays must be two guardians whose percentages add up to 100.",
      ],
      [
        [{ relativeId: mother, percent: 99 }],
        "El campo Quién paga debe ser de dos apoderados cuyos porcentajes sumen 100.",
        "The Who pays must be two guardians whose percentages add up to 100.",
      ],
      [
        [
          { relativeId: mother, percent: 40 },
          { relativeId: father, percent: 30 },
          { relativeId: stranger, percent: 30 },
        ],
        "El campo Quién paga puede nombrar como máximo 2 apoderados.",
        "The Who pays may name at most 2 guardians.",
      ],
      [
        [
          { relativeId: mother, percent: 50 },
          { relativeId: stranger, percent: 50 },
        ],
        "El campo Quién paga solo puede nombrar apoderados de este alumno.",
        "The Who pays may only name guardians of this student.",
      ],
      [
        [
          { relativeId: mother, percent: 50 },
          { relativeId: mother, percent: 50 },
        ],
        "El campo Quién paga nombra dos veces al mismo apoderado.",
        "The Who pays names the same guardian twice.",
      ],
    ];
    for (const [payers, es, en] of cases)
      for (const [locale, msg] of [
        ["es", es],
        ["en", en],
      ] as const) {
        const res = await post<Refusal>(`admBilling/payers/${a}`, { payers }, admin, locale);
        expect(res.http, JSON.stringify(payers)).toBe(422);
        expect(res.body.data.errors.payers, `${locale} ${JSON.stringify(payers)}`).toBe(msg);
      }
    // A whole percentage between 1 and 99: the schema's own refusal, naming the field.
    const zero = await post<Refusal>(
      `admBilling/payers/${a}`,
      {
        payers: [
          { relativeId: mother, percent: 0 },
          { relativeId: father, percent: 100 },
        ],
      },
      admin,
      "en",
    );
    expect(zero.http).toBe(422);
    expect(Object.keys(zero.body.data.errors)[0]).toMatch(/^payers/);
    expect(await school.db.payerSplit.count({ where: { studentId: a } })).toBe(0);
    // The database holds the percentage itself, whoever writes.
    await expect(school.db.payerSplit.create({ data: { studentId: a, relativeId: mother, percent: 100 } })).rejects.toThrow();
    // A teacher has no billing; another school does not find the student.
    expect((await post(`admBilling/payers/${a}`, { payers: [] }, teacher)).http).toBe(403);
    expect((await api.call("GET", `admBilling/payers/${a}`, { token: northside })).http).toBe(404);
  });

  it("keeps one whole split when edits race, and lists the guardians with their shares", async () => {
    const { mother, father, a } = family;
    const splits = [10, 25, 33, 50, 67, 75, 90].map((m) => [
      { relativeId: mother, percent: 100 - m },
      { relativeId: father, percent: m },
    ]);
    const results = await Promise.all(splits.map((payers) => post<TPayersAnswer>(`admBilling/payers/${a}`, { payers })));
    for (const r of results) expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    const rows = await school.db.payerSplit.findMany({ where: { studentId: a }, orderBy: { relativeId: "asc" } });
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, r) => sum + r.percent, 0)).toBe(100);

    // The split the statement checks below: the father 67 %, the mother 33 %.
    const saved = await post<TPayersAnswer>(`admBilling/payers/${a}`, {
      payers: [
        { relativeId: father, percent: 67 },
        { relativeId: mother, percent: 33 },
      ],
    });
    expect(saved.body.msg).toBe("Se guardó quién paga.");
    expect(saved.body.data.split).toBe(true);
    expect(saved.body.data.guardians.filter((g) => g.percent !== null).map((g) => [g.ID, g.percent])).toEqual(
      expect.arrayContaining([
        [father, 67],
        [mother, 33],
      ]),
    );
    const audit = await school.db.auditLog.findFirst({ where: { moduleId: "admBilling", recordId: `payers/${a}` }, orderBy: { id: "desc" } });
    expect(audit?.detail).toEqual({ payers: [`${father}:67`, `${mother}:33`] });
  });
});

describe("the family's statement of account", () => {
  it("adds up a family of two siblings across two currencies, with each guardian's share to the cent", async () => {
    const { token } = await familyLink(family.mother);
    const res = await api.call<TStatementAnswer>("GET", `statement/${token}`, { locale: "es" });
    expect(res.body.status, JSON.stringify(res.body)).toBe(0);
    const s = res.body.data;
    expect(s.guardian.ID).toBe(family.mother);
    expect(s.students.map((x) => x.ID).sort()).toEqual([family.a, family.b].sort());
    const a = s.students.find((x) => x.ID === family.a)!;
    const b = s.students.find((x) => x.ID === family.b)!;
    const order = (id: number) => [...a.orders, ...b.orders].find((o) => o.ID === id)!;
    expect(order(orders.aPaid!)).toMatchObject({ state: "paid", total: "300.00", paid: "300.00", balance: "0.00", curr: "PEN" });
    expect(order(orders.aPartial!)).toMatchObject({ state: "partial", paid: "100.50", balance: "249.50" });
    expect(order(orders.aOverdue!)).toMatchObject({ state: "overdue", paid: "0.00", balance: "200.00", dueDate: "2026-02-28" });
    expect(order(orders.aVoided!)).toMatchObject({ state: "voided", paid: "0.00", balance: "0.00" });
    expect(order(orders.bPending!)).toMatchObject({ state: "pending", balance: "80.00", curr: "USD" });
    // Partly paid and past its day: overdue is what the family must see.
    expect(order(orders.bOverduePartial!)).toMatchObject({ state: "overdue", paid: "20.00", balance: "25.55" });
    expect(a.payments.map((p) => [p.refId, p.amount, p.method, p.voided])).toEqual([
      [refIds.aPaid, "300.00", "DEPOSIT", false],
      [refIds.aPartial, "100.50", "DEPOSIT", false],
      [refIds.aVoided, "150.00", "DEPOSIT", true],
    ]);
    expect(a.refunds).toEqual([expect.objectContaining({ amount: "150.00", curr: "PEN", voided: [refIds.aVoided] })]);
    expect(a.balances).toEqual([{ curr: "PEN", amount: "449.50" }]);
    expect(b.balances).toEqual(
      expect.arrayContaining([
        { curr: "USD", amount: "105.55" },
        { curr: "PEN", amount: "99.99" },
      ]),
    );
    // a's 449.50 split 67/33: 33 % is 148.335, rounded down to 148.33; the father, first payer, takes the cent left.
    expect(a.payers.map((p) => [p.ID, p.percent, p.shares])).toEqual([
      [family.father, 67, [{ curr: "PEN", amount: "301.17" }]],
      [family.mother, 33, [{ curr: "PEN", amount: "148.33" }]],
    ]);
    expect(b.payers.map((p) => [p.ID, p.percent])).toEqual([[family.mother, 100]]);
    expect(s.totals).toEqual(
      expect.arrayContaining([
        { curr: "PEN", balance: "549.49", share: "248.32" },
        { curr: "USD", balance: "105.55", share: "105.55" },
      ]),
    );
    expect(s.totals).toHaveLength(2);
    expect(s.online).toBe(false);

    // The father answers for a only: his statement is a's, his share of it 301.17.
    const father = (await api.call<TStatementAnswer>("GET", `statement/${(await familyLink(family.father)).token}`, { locale: "en" })).body.data;
    expect(father.students.map((x) => x.ID)).toEqual([family.a]);
    expect(father.totals).toEqual([{ curr: "PEN", balance: "449.50", share: "301.17" }]);
  });

  it("prints the statement as a PDF for staff and for the family's link, read back with unpdf", async () => {
    const res = await api.raw("GET", `admBilling/statement/${family.mother}`, { token: admin, locale: "en" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    // The school's language (Colegio Demo speaks Spanish), whoever asks.
    const text = await textOf(await res.arrayBuffer());
    for (const expected of [
      "Estado de cuenta",
      names.a,
      names.b,
      "Saldo de la familia: PEN 549.49 · USD 105.55",
      "Su parte: PEN 248.32 · USD 105.55",
      "PEN 301.17",
      "PEN 148.33",
      refIds.aPartial!,
      `${refIds.aVoided} (ANULADO)`,
      "Vencido",
      "Pago parcial",
      "Anulado",
      "Depósito",
    ])
      expect(text).toContain(expected);

    const { token } = await familyLink(family.mother);
    const family_ = await api.raw("GET", `statement/${token}/pdf`, { locale: "es" });
    expect(family_.status).toBe(200);
    expect(await textOf(await family_.arrayBuffer())).toContain("Saldo de la familia: PEN 549.49 · USD 105.55");

    // A teacher has no billing; another school does not know the guardian.
    expect((await api.raw("GET", `admBilling/statement/${family.mother}`, { token: teacher })).status).toBe(403);
    expect((await api.raw("GET", `admBilling/statement/${family.mother}`, { token: northside })).status).toBe(404);
    // Without online payments, the family's "Pay" says so rather than failing.
    const payRes = await api.call("POST", `statement/${token}/pay/${orders.bPending}`, { locale: "en", body: {} });
    expect(payRes.body).toMatchObject({ status: -409 });
    const notOurs = await api.call("POST", `statement/${token}/pay/${orders.aPaid! + 100000}`, { locale: "en", body: {} });
    expect(notOurs.body).toMatchObject({ status: -404, msg: "That order is not on this statement." });
  });

  it("opens the hosted checkout of what an order on the statement owes, when the school takes payments online", async () => {
    // The loopback sandbox of the provider (scripts/lib/payment-sink.ts); no webhook is awaited here.
    const sink = await startPaymentSink({ port: 0, webhookUrl: "http://127.0.0.1:9/none", webhookSecret: "whsec_statement", secretKey: "sk_test_statement" });
    Object.assign(env(), { STRIPE_API_URL: sink.url, STRIPE_SECRET_KEY: "sk_test_statement", STRIPE_WEBHOOK_SECRET: "whsec_statement" });
    try {
      const { token } = await familyLink(family.mother);
      expect((await api.call<TStatementAnswer>("GET", `statement/${token}`, { locale: "es" })).body.data.online).toBe(true);
      const checkout = await api.call<{ url: string; amount: string; curr: string }>("POST", `statement/${token}/pay/${orders.bOverduePartial}`, {
        locale: "es",
        body: {},
      });
      expect(checkout.body.status, JSON.stringify(checkout.body)).toBe(0);
      expect(checkout.body.data).toMatchObject({ amount: "25.55", curr: "USD" });
      expect(checkout.body.data.url.startsWith(sink.url)).toBe(true);
      // A paid order is on the statement but owes nothing: no checkout.
      expect((await api.call("POST", `statement/${token}/pay/${orders.aPaid}`, { locale: "es", body: {} })).body.status).toBe(-409);
      // The father's link does not reach b's orders.
      const father = await familyLink(family.father);
      expect((await api.call("POST", `statement/${father.token}/pay/${orders.bPending}`, { locale: "es", body: {} })).body.status).toBe(-404);
    } finally {
      Object.assign(env(), { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
      await sink.close();
    }
  });

  it("refuses a link that is forged, expired or another school's, and says why in the family's language", async () => {
    const { url, token } = await familyLink(family.mother);
    expect(url).toMatch(/\/statement\/[^?]+\?lang=(es|en)$/);
    const [head, body, signature] = token.split(".");
    const bent = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), sub: String(family.father) })).toString("base64url");
    for (const forged of [`${head}.${bent}.${signature}`, `${token.slice(0, -2)}xx`, "not-a-token-at-all-really"]) {
      const res = await api.call("GET", `statement/${forged}`, { locale: "en" });
      expect(res.http).toBe(401);
      expect(res.body).toMatchObject({ status: -401, msg: "This link is not valid: ask the school for a new one." });
    }
    // Genuine, but of another school: its school does not know the guardian.
    const tenants = await api.db().tenant.findMany({ where: { NOT: { id: school.tenantId } }, select: { id: true }, take: 1 });
    const foreign = await signFamilyLink("statement", { tenantId: tenants[0]!.id, subject: family.mother, more: {} }, 30);
    expect((await api.call("GET", `statement/${foreign}`, { locale: "es" })).body).toMatchObject({
      status: -401,
      msg: "Este enlace no es válido: pida al colegio uno nuevo.",
    });
    // Another purpose's link (an absence's) with the same claims does not open the statement.
    const justify = await signFamilyLink("justify", { tenantId: school.tenantId, subject: family.mother, more: {} }, 30);
    expect((await api.call("GET", `statement/${justify}`, { locale: "es" })).http).toBe(401);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * 86_400_000);
    try {
      const res = await api.call("GET", `statement/${token}`, { locale: "es" });
      expect(res.http).toBe(410);
      expect(res.body).toMatchObject({ status: -410, msg: "Este enlace ha vencido: pida al colegio uno nuevo." });
    } finally {
      vi.useRealTimers();
    }
    // A guardian whose links ended answers for no one: their old link opens nothing.
    await school.db.kinship.updateMany({ where: { relativeId: family.father }, data: { endedAt: new Date() } });
    const father = await signFamilyLink("statement", { tenantId: school.tenantId, subject: family.father, more: {} }, 30);
    expect((await api.call("GET", `statement/${father}`, { locale: "es" })).http).toBe(401);
  });
});
