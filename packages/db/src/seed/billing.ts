import type { Db } from "../client.ts";
import { forTenant } from "../tenant.ts";
import { levelTuition } from "./levels.ts";

type Line = { item: string; quantity: number; cents: number };

const TEXTS = {
  es: {
    enrolment: "Matrícula 2026",
    months: ["Pensión marzo", "Pensión abril", "Pensión mayo"],
    association: "Cuota APAFA",
    insurance: "Seguro escolar",
    club: "Taller de robótica",
    bus: "Movilidad escolar",
    trip: "Viaje de estudios a Cusco",
    voided: "Anulado: pago duplicado, se devolvió el importe al apoderado.",
    pending: "Depósito en banco por confirmar.",
  },
  en: {
    enrolment: "Enrolment 2026",
    months: ["March tuition", "April tuition", "May tuition"],
    association: "Parents' association fee",
    insurance: "School insurance",
    club: "Robotics club",
    bus: "School bus",
    trip: "Study trip to Cusco",
    voided: "Voided: paid twice, the amount was refunded to the guardian.",
    pending: "Bank deposit awaiting confirmation.",
  },
} as const;

const ENROLMENT = 45_000;
/** Due dates of the enrolment and of the March, April and May tuition. */
const DUE = ["2026-02-27", "2026-03-31", "2026-04-30", "2026-05-29"].map((d) => new Date(`${d}T00:00:00Z`));
const DAY_MS = 24 * 60 * 60 * 1000;

const money = (cents: number) => (cents / 100).toFixed(2);
const totalOf = (lines: Line[]) => lines.reduce((sum, l) => sum + l.quantity * l.cents, 0);
const fullName = (p: { name: string; last: string | null; last2: string | null }) => [p.last, p.last2, p.name].filter(Boolean).join(" ");

/**
 * Orders with their lines for one student in ten of the current period (enrolment, then March to May tuition, some
 * with a club or the school bus), in the school's language, and the receipts of those paid: every enrolment, most
 * of March, some of April; one March payment refunded (order voided, receipt ANULADO) and one April deposit pending.
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
      relatives: {
        orderBy: [{ userKind: "asc" }, { relativeId: "asc" }],
        take: 1,
        select: { relative: { select: { name: true, last: true, last2: true, documentnumber: true } } },
      },
    },
  });
  const share = students.filter((_, i) => i % 10 === 0);

  const orders: {
    student: (typeof share)[number];
    month: number;
    lines: Line[];
    curr: string;
    status: number;
    receipt: "paid" | "pending" | "voided" | null;
  }[] = [];
  share.forEach((student, i) => {
    const grade = student.sections[0]!.section.superSection;
    const tuition = levelTuition(grade.groupBy);
    const extras: Line[] = [
      ...(i % 3 === 0 ? [{ item: texts.club, quantity: 1, cents: 12_000 }] : []),
      ...(i % 4 === 1 ? [{ item: texts.bus, quantity: 1, cents: 18_000 }] : []),
    ];
    const enrolment = [
      { item: texts.enrolment, quantity: 1, cents: ENROLMENT },
      { item: texts.association, quantity: 1, cents: 8_000 },
      { item: texts.insurance, quantity: 1, cents: 3_550 },
    ];
    orders.push({ student, month: 0, lines: enrolment, curr: "PEN", status: 1, receipt: "paid" });
    texts.months.forEach((item, m) => {
      const month = m + 1;
      const paid = month === 1 ? i % 10 < 8 : month === 2 && i % 10 < 4;
      const voided = month === 1 && i === 1;
      const pending = month === 2 && i % 10 === 4;
      orders.push({
        student,
        month,
        lines: [{ item, quantity: 1, cents: tuition }, ...extras],
        curr: "PEN",
        status: voided ? -1 : paid ? 1 : 0,
        receipt: voided ? "voided" : paid ? "paid" : pending ? "pending" : null,
      });
    });
  });
  // A trip abroad is charged in dollars, for two children.
  const trip = share
    .slice(2, 4)
    .map((student) => ({ student, month: 3, lines: [{ item: texts.trip, quantity: 1, cents: 38_000 }], curr: "USD", status: 0, receipt: null }));
  orders.push(...trip);

  const created = await t.order.createManyAndReturn({
    data: orders.map((o, n) => {
      const total = totalOf(o.lines);
      const guardian = o.student.relatives[0]?.relative;
      return {
        easyId: `ORD-${String(n + 1).padStart(6, "0")}`,
        externalId: o.student.externalId!,
        studentId: o.student.id,
        curr: o.curr,
        total: money(total),
        paid: money(o.status === 1 ? total : 0),
        status: o.status,
        brief: o.lines[0]!.item,
        dueDate: DUE[o.month]!,
        created: new Date(Date.UTC(2026, 1, 2, 14)),
        hasPenalty: o.month > 0,
        principalName: guardian ? fullName(guardian) : null,
        dependantName: fullName(o.student),
      };
    }),
    select: { id: true },
  });
  await t.orderDetail.createMany({
    data: orders.flatMap((o, n) => o.lines.map((l) => ({ orderId: created[n]!.id, item: l.item, quantity: l.quantity, amount: money(l.cents) }))),
  });

  // Receipts numbered in the order they were written: enrolment ones are income notes (N001-…), tuition ones income receipts (R001-…).
  const issued = orders
    .map((o, n) => ({ o, orderId: created[n]!.id, day: new Date(DUE[o.month]!.getTime() - (n % 9) * DAY_MS) }))
    .filter((x) => x.o.receipt !== null)
    .sort((a, b) => a.day.getTime() - b.day.getTime() || a.orderId - b.orderId);
  const serial = [0, 0];
  await t.receipt.createMany({
    data: issued.map(({ o, orderId, day }) => {
      const type = o.month === 0 ? 1 : 0;
      serial[type]! += 1;
      const section = o.student.sections[0]!.section;
      const guardian = o.student.relatives[0]?.relative;
      return {
        type,
        date: day,
        refId: `${type === 1 ? "N" : "R"}001-${String(serial[type]).padStart(6, "0")}`,
        series: `${type === 1 ? "N" : "R"}001`,
        number: serial[type],
        datePaid: o.receipt === "pending" ? null : day,
        dueDate: DUE[o.month]!,
        principalName: guardian ? fullName(guardian) : null,
        doc: guardian?.documentnumber ?? null,
        dependantName: fullName(o.student),
        dependantCode: o.student.externalId,
        dependantDoc: o.student.documentnumber,
        sectionTag: `${section.superSection.name} ${section.name}`,
        brief: o.lines[0]!.item,
        amount: money(totalOf(o.lines)),
        curr: o.curr,
        code: o.month === 0 ? null : o.month,
        paid: o.receipt !== "pending",
        voided: o.receipt === "voided",
        notes: o.receipt === "voided" ? texts.voided : o.receipt === "pending" ? texts.pending : null,
        orderId,
        studentId: o.student.id,
      };
    }),
  });
  // The product's payments number their receipts after these (billing/ledger.ts).
  await t.receiptSeries.createMany({
    data: [
      { series: "R001", next: serial[0]! + 1 },
      { series: "N001", next: serial[1]! + 1 },
    ],
  });
}
