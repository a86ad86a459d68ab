import type { Db } from "../client.ts";
import { forTenant } from "../tenant.ts";
import { levelTuition } from "./levels.ts";

type Line = { item: string; quantity: number; cents: number };

const TEXTS = {
  es: {
    enrolment: "Matrícula 2026",
    months: ["marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"].map((m) => `Pensión ${m}`),
    association: "Cuota APAFA",
    insurance: "Seguro escolar",
    club: "Taller de robótica",
    bus: "Movilidad escolar",
    trip: "Viaje de estudios a Cusco",
    paid: "Pago en secretaría",
    partly: "Pago a cuenta: el saldo queda pendiente.",
    voided: "Anulado: pago duplicado, se devolvió el importe al apoderado.",
    withdrawn: "Anulado: el alumno dejó la movilidad, se devolvió el importe.",
    pending: "Depósito en banco por confirmar.",
  },
  en: {
    enrolment: "Enrolment 2026",
    months: ["March", "April", "May", "June", "July", "August", "September", "October", "November", "December"].map((m) => `${m} tuition`),
    association: "Parents' association fee",
    insurance: "School insurance",
    club: "Robotics club",
    bus: "School bus",
    trip: "Study trip to Cusco",
    paid: "Paid at the office",
    partly: "Paid on account: the rest is still owed.",
    voided: "Voided: paid twice, the amount was refunded to the guardian.",
    withdrawn: "Voided: the student left the school bus, the amount was refunded.",
    pending: "Bank deposit awaiting confirmation.",
  },
} as const;
type Texts = { [K in keyof (typeof TEXTS)["es"]]: K extends "months" ? string[] : string };

const ENROLMENT = 45_000;
const YEAR = 2026;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The last weekday of a month (0 = January): when a month's tuition falls due. */
function lastWeekday(month: number): Date {
  const day = new Date(Date.UTC(YEAR, month + 1, 0));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day;
}
/** Due dates: the enrolment (index 0) at the end of February, then March to December's tuition (1 to 10). */
const DUE = [lastWeekday(1), ...Array.from({ length: 10 }, (_, m) => lastWeekday(m + 2))];
/** The demo's history stops here: nothing is paid after it, and December's tuition is not yet due. */
const HISTORY_ENDS = new Date(Date.UTC(YEAR, 11, 4));
const addDays = (day: Date, days: number) => new Date(Math.min(day.getTime() + days * DAY_MS, HISTORY_ENDS.getTime()));

const money = (cents: number) => (cents / 100).toFixed(2);
const totalOf = (lines: Line[]) => lines.reduce((sum, l) => sum + l.quantity * l.cents, 0);
const fullName = (p: { name: string; last: string | null; last2: string | null }) => [p.last, p.last2, p.name].filter(Boolean).join(" ");

/** How a family pays, by its place among the students: most on time, some late, a few in debt (001 §2 "Balance"). */
type Habit = "onTime" | "late" | "debtor";
const habitOf = (i: number): Habit => (i % 20 < 15 ? "onTime" : i % 20 < 18 ? "late" : "debtor");

/** 001 §9 payment types and methods, as a desk sees them over a year: cash, deposits, transfers, cards. */
const MEANS = [
  { type: 2, method: "CASH", card: null },
  { type: 5, method: "DEPOSIT", card: null },
  { type: 4, method: "OTHER", card: null },
  { type: 0, method: "OTHER", card: "4242" },
  { type: 3, method: "DEPOSIT", card: null },
] as const;

/** A payment of the demo's history: what the ledger (billing/ledger.ts) would have written for it. */
interface Paid {
  cents: number;
  day: Date;
  /** confirmed counts towards the order; pending (a deposit not yet confirmed) does not. */
  status: 1 | 0;
  note: string;
}
interface PlannedOrder {
  student: number;
  /** 0 the enrolment, 1–10 March to December's tuition; 11 the trip. */
  month: number;
  lines: Line[];
  curr: string;
  payments: Paid[];
  refund: string | null;
}

/** The year of one student: the enrolment paid, then each month paid, partly paid, owed or not yet due by habit. */
function planStudent(i: number, tuition: number, texts: Texts): PlannedOrder[] {
  const habit = habitOf(i);
  const extras: Line[] = [
    ...(i % 3 === 0 ? [{ item: texts.club, quantity: 1, cents: 12_000 }] : []),
    ...(i % 4 === 1 ? [{ item: texts.bus, quantity: 1, cents: 18_000 }] : []),
  ];
  const enrolment = [
    { item: texts.enrolment, quantity: 1, cents: ENROLMENT },
    { item: texts.association, quantity: 1, cents: 8_000 },
    { item: texts.insurance, quantity: 1, cents: 3_550 },
  ];
  const plan: PlannedOrder[] = [
    {
      student: i,
      month: 0,
      lines: enrolment,
      curr: "PEN",
      payments: [{ cents: totalOf(enrolment), day: addDays(DUE[0]!, -(i % 20)), status: 1, note: texts.paid }],
      refund: null,
    },
  ];
  // The last month paid in full, and the one paid in part after it, by habit: November is owed by the late, July
  // onwards by the debtors; December falls due after the demo's history and only some pay ahead.
  const lastPaid = habit === "onTime" ? (i % 4 === 0 ? 10 : 9) : habit === "late" ? 7 : 4;
  for (let month = 1; month <= 10; month++) {
    const lines = [{ item: texts.months[month - 1]!, quantity: 1, cents: tuition }, ...extras];
    const total = totalOf(lines);
    const due = DUE[month]!;
    // The on-time pay in the days before the due date; the late a couple of weeks after it.
    const day = habit === "onTime" ? addDays(due, -((i + month) % 6)) : addDays(due, 8 + ((i + month) % 10));
    const payments: Paid[] = [];
    // A deposit the bank has yet to confirm: on the receipts list as pending, the order still owed.
    if (month === 9 && i % 25 === 4) payments.push({ cents: total, day: addDays(due, -2), status: 0, note: texts.pending });
    else if (month <= lastPaid) payments.push({ cents: total, day, status: 1, note: texts.paid });
    else if (month === lastPaid + 1 && habit !== "onTime") payments.push({ cents: Math.floor(total / 200) * 100, day, status: 1, note: texts.partly });
    plan.push({ student: i, month, lines, curr: "PEN", payments, refund: null });
  }
  // Refunds: a March tuition paid twice, and a month of the school bus for a student who left it.
  if (i === 1) plan[1]!.refund = texts.voided;
  if (i === 5) plan[6]!.refund = texts.withdrawn;
  // A trip abroad is charged in dollars, for two children.
  if (i === 20 || i === 30)
    plan.push({ student: i, month: 11, lines: [{ item: texts.trip, quantity: 1, cents: 38_000 }], curr: "USD", payments: [], refund: null });
  return plan;
}

/**
 * A year of the school's money as the product would have written it (billing/ledger.ts): every student of the current
 * period (but a few on a full scholarship) with the enrolment and March to December's tuition (some with a club or the school bus), in the school's
 * language; payments by habit (most on time, some late and partly paid, a few in debt), a deposit awaiting
 * confirmation, two refunds (the order voided, its receipts ANULADO, their numbers kept), and the receipts numbered
 * in the order they were paid, each with its payment. The counters start after them, so the product's next payment
 * takes the next number. No audit lines: this history predates the product, as an imported year would.
 */
export async function seedBilling(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const texts = TEXTS[tenant.defaultLocale === "en" ? "en" : "es"];

  const students = await t.user.findMany({
    where: { type: 2, sections: { some: { section: { superSection: { period: { current: true } } } } } },
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      last: true,
      last2: true,
      externalId: true,
      documentnumber: true,
      sections: {
        where: { section: { superSection: { period: { current: true } } } },
        take: 1,
        select: { section: { select: { name: true, superSection: { select: { name: true, groupBy: true } } } } },
      },
      // The guardian billing addresses, as the ledger picks them.
      relatives: {
        where: { endedAt: null, contactRights: true, userKind: { in: [0, 1] } },
        orderBy: [{ pays: "desc" }, { userKind: "asc" }, { relativeId: "asc" }],
        take: 1,
        select: { relative: { select: { name: true, last: true, last2: true, documentnumber: true } } },
      },
    },
  });
  // A few students on a full scholarship are charged nothing.
  const plan = students.flatMap((s, i) => (i % 50 === 49 ? [] : planStudent(i, levelTuition(s.sections[0]!.section.superSection.groupBy), texts)));

  const paidCents = (o: PlannedOrder) => (o.refund ? 0 : o.payments.reduce((sum, p) => sum + (p.status === 1 ? p.cents : 0), 0));
  const created = await t.order.createManyAndReturn({
    data: plan.map((o, n) => {
      const student = students[o.student]!;
      const guardian = student.relatives[0]?.relative;
      const total = totalOf(o.lines);
      const paid = paidCents(o);
      return {
        easyId: `ORD-${String(n + 1).padStart(6, "0")}`,
        externalId: student.externalId!,
        studentId: student.id,
        curr: o.curr,
        total: money(total),
        paid: money(paid),
        status: o.refund ? -1 : paid === total ? 1 : 0,
        brief: o.lines[0]!.item,
        dueDate: DUE[Math.min(o.month, 10)]!,
        created: new Date(Date.UTC(YEAR, 1, 2, 14)),
        hasPenalty: o.month > 0,
        principalName: guardian ? fullName(guardian) : null,
        dependantName: fullName(student),
      };
    }),
    select: { id: true },
  });
  await t.orderDetail.createMany({
    data: plan.flatMap((o, n) => o.lines.map((l) => ({ orderId: created[n]!.id, item: l.item, quantity: l.quantity, amount: money(l.cents) }))),
  });

  // Payments in the order they were taken, each numbered in its series as the ledger numbers them: the enrolment's
  // are the school's income notes (N001-…), the rest income receipts (R001-…).
  const taken = plan
    .flatMap((o, n) => o.payments.map((p, k) => ({ o, p, orderId: created[n]!.id, k: n * 4 + k })))
    .sort((a, b) => a.p.day.getTime() - b.p.day.getTime() || a.k - b.k);
  const payments = await t.payment.createManyAndReturn({
    data: taken.map(({ o, p, orderId }, n) => {
      const means = MEANS[(o.student + o.month) % MEANS.length]!;
      return {
        orderId,
        amount: money(p.cents),
        receiptAmount: money(p.cents),
        date: p.day,
        type: means.type,
        method: means.method,
        card: means.card,
        operation: means.method === "DEPOSIT" ? String(700_000 + n) : null,
        note: p.note,
        status: p.status,
      };
    }),
    select: { id: true },
  });
  const serial = [0, 0];
  await t.receipt.createMany({
    data: taken.map(({ o, p, orderId }, n) => {
      const type = o.month === 0 ? 1 : 0;
      serial[type]! += 1;
      const series = `${type === 1 ? "N" : "R"}001`;
      const student = students[o.student]!;
      const section = student.sections[0]!.section;
      const guardian = student.relatives[0]?.relative;
      return {
        type,
        date: p.day,
        refId: `${series}-${String(serial[type]).padStart(6, "0")}`,
        series,
        number: serial[type],
        datePaid: p.status === 1 ? p.day : null,
        dueDate: DUE[Math.min(o.month, 10)]!,
        principalName: guardian ? fullName(guardian) : null,
        doc: guardian?.documentnumber ?? null,
        dependantName: fullName(student),
        dependantCode: student.externalId,
        dependantDoc: student.documentnumber,
        sectionTag: `${section.superSection.name} ${section.name}`,
        brief: o.lines[0]!.item,
        amount: money(p.cents),
        curr: o.curr,
        code: o.month === 0 || o.month > 10 ? null : o.month,
        paid: p.status === 1,
        voided: o.refund !== null,
        notes: o.refund ?? (p.status === 0 ? p.note : null),
        orderId,
        studentId: student.id,
        paymentId: payments[n]!.id,
      };
    }),
  });
  await t.refund.createMany({
    data: plan.flatMap((o, n) =>
      o.refund
        ? [{ orderId: created[n]!.id, amount: money(o.payments.reduce((sum, p) => sum + p.cents, 0)), note: o.refund, date: addDays(DUE[o.month]!, 20) }]
        : [],
    ),
  });
  // The product's payments number their receipts after these (billing/ledger.ts).
  await t.receiptSeries.createMany({
    data: [
      { series: "R001", next: serial[0]! + 1 },
      { series: "N001", next: serial[1]! + 1 },
    ],
  });
}
