import { createHash } from "node:crypto";
import { BULK_CONCEPTS, BULK_MAX_ORDERS, DEFAULT_CURRENCY, type TBulkAnswer, type TBulkBody, type TGridModule } from "@pizarra/contracts";
import { Prisma, type TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { parseDate } from "../../resource/values.ts";
import { type OrderParties, orderParties } from "./order-rules.ts";

/**
 * A month (or a year) of pensions at once (001 §5 "Bulk order", §7 createbulk): one order per student, or per student
 * and month, each with the bulk's lines, all written in one transaction or none. A second run of the same bulk writes
 * nothing twice, held by the database: each order's payment code (easyId, unique in the school) is derived from the
 * student and the bulk's key (its brief and concepts, and its month or due date), and the insert skips a code that is
 * there already. Amounts are not in the key: a bulk run again with a corrected amount finds its orders there.
 */

/** Orders per statement: a few thousand bound values each, well under PostgreSQL's 65,535. */
const CHUNK = 1000;
/** A bulk of the largest size commits in about a minute on a busy server; the default five seconds would cut it. */
const BULK_TIMEOUT_MS = 120_000;
/** Base-36 digits of the key's hash in a payment code: 57 bits, no collision expected among a school's orders. */
const HASH_DIGITS = 11;

interface Line {
  item: string;
  amount: Prisma.Decimal;
}

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
const pad2 = (n: number) => String(n).padStart(2, "0");

/** The bulk's numbered lines (concept1/amount1 …) in order, those that are there. */
function linesOf(body: TBulkBody): Line[] {
  const fields = body as unknown as Record<string, string | undefined>;
  const lines: Line[] = [];
  for (let i = 1; i <= BULK_CONCEPTS; i++) {
    const item = fields[`concept${i}`];
    const amount = fields[`amount${i}`];
    if (item && amount) lines.push({ item, amount: new Prisma.Decimal(amount) });
  }
  return lines;
}

/**
 * The orders' due dates with the key of each: a recurrent bulk is due on dueDate's day in each month (the month's last
 * day when it is shorter, or when no dueDate is given) and keyed by its month; a single one is keyed by its day.
 */
function dueDates(body: TBulkBody): { due: string; period: string }[] {
  if (!(body.recurrent ?? body.months !== undefined)) return [{ due: body.dueDate!, period: body.dueDate! }];
  const day = body.dueDate ? Number(body.dueDate.slice(8, 10)) : 31;
  const year = body.forYear!;
  return body.months!.map((month) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { due: `${year}-${pad2(month)}-${pad2(Math.min(day, last))}`, period: `${year}-${pad2(month)}` };
  });
}

/** A short payment code ([A-Za-z0-9-], ≤ 20) that only this student's order of this bulk and period gets. */
function bulkEasyId(studentId: number, key: string, period: string): string {
  const digest = createHash("sha256").update(`${studentId}\n${period}\n${key}`).digest();
  const hash = digest.readBigUInt64BE(0).toString(36).toUpperCase().padStart(HASH_DIGITS, "0").slice(0, HASH_DIGITS);
  return `B${period.slice(2).replaceAll("-", "")}-${hash}`;
}

/** The students the bulk names, one by one and by section: active students of this school, each with their code. */
async function studentsOf(tx: TenantTx, body: TBulkBody, ctx: AuthedContext): Promise<OrderParties[]> {
  const named = body.students ?? [];
  const sections = body.sections ?? [];
  if (sections.length) {
    const found = new Set((await tx.section.findMany({ where: { id: { in: sections } }, select: { id: true } })).map((s) => s.id));
    const missing = sections.filter((id) => !found.has(id));
    if (missing.length) throw fieldRefusal("sections", ctx.t("billing.bulk.unknownSections", { ids: missing.join(", ") }));
  }
  const students = await orderParties(
    tx,
    { inactive: false, OR: [{ id: { in: named } }, { sections: { some: { sectionId: { in: sections } } } }] },
    ctx.user.givenNamesFirst,
  );
  const found = new Set(students.map((s) => s.studentId));
  const missing = named.filter((id) => !found.has(id));
  if (missing.length) throw fieldRefusal("students", ctx.t("billing.bulk.unknownStudents", { ids: missing.join(", ") }));
  if (students.length === 0) throw fieldRefusal("sections", ctx.t("billing.bulk.noStudents"));
  const uncoded = students.filter((s) => !s.externalId);
  if (uncoded.length) throw fieldRefusal("students", ctx.t("billing.bulk.noCode", { names: uncoded.map((s) => s.dependantName).join(", ") }));
  return students;
}

/** POST admBilling/createbulk, admOrder/createbulk: the bulk's orders, and how many were there already. */
export function createBulk(module: TGridModule) {
  return async (ctx: AuthedContext & { body: TBulkBody }): Promise<Reply<TBulkAnswer>> => {
    const { body } = ctx;
    const lines = linesOf(body);
    const total = lines.reduce((sum, line) => sum.add(line.amount), new Prisma.Decimal(0));
    const dates = dueDates(body);
    const curr = body.curr ?? DEFAULT_CURRENCY;
    const key = [body.brief, ...lines.map((l) => l.item)].map(normal).join("\n");
    const recurrent = dates[0]!.period.length === 7;
    return ctx.db.$transaction(
      async (tx) => {
        const students = await studentsOf(tx, body, ctx);
        const count = students.length * dates.length;
        if (count > BULK_MAX_ORDERS) throw fieldRefusal("students", ctx.t("billing.bulk.tooMany", { count, max: BULK_MAX_ORDERS }));
        const orders = students.flatMap((student) =>
          dates.map(({ due, period }) => ({
            easyId: bulkEasyId(student.studentId, key, period),
            externalId: student.externalId!,
            studentId: student.studentId,
            curr,
            total,
            brief: recurrent ? `${body.brief} ${period.slice(5)}/${period.slice(0, 4)}` : body.brief,
            dueDate: parseDate(due),
            hasPenalty: body.hasPenalty ?? false,
            principalName: student.principalName,
            dependantName: student.dependantName,
          })),
        );
        // Two runs of one bulk at once take the codes' index entries in the same order: the second waits, never deadlocks.
        orders.sort((x, y) => (x.easyId < y.easyId ? -1 : 1));
        const created: { id: number; easyId: string }[] = [];
        for (let i = 0; i < orders.length; i += CHUNK)
          created.push(...(await tx.order.createManyAndReturn({ data: orders.slice(i, i + CHUNK), skipDuplicates: true, select: { id: true, easyId: true } })));
        await assertSkippedAreOurs(tx, orders, created);
        const details = created.flatMap((order) => lines.map((line) => ({ orderId: order.id, item: line.item, quantity: 1, amount: line.amount })));
        for (let i = 0; i < details.length; i += CHUNK * BULK_CONCEPTS) await tx.orderDetail.createMany({ data: details.slice(i, i + CHUNK * BULK_CONCEPTS) });
        const written = total.mul(created.length).toFixed(2);
        const answer = {
          students: students.length,
          created: created.length,
          existing: orders.length - created.length,
          total: written,
          curr,
          dueDates: dates.map((d) => d.due),
        };
        await audit(tx, ctx, module, "create", "bulk", {
          brief: body.brief,
          lines: lines.map((l) => `${l.item}: ${l.amount.toFixed(2)}`),
          dueDates: answer.dueDates,
          students: answer.students,
          created: answer.created,
          existing: answer.existing,
          total: written,
          curr,
        });
        return { data: answer, msgKey: "billing.bulk.done", msgValues: { created: answer.created, existing: answer.existing } };
      },
      { timeout: BULK_TIMEOUT_MS, maxWait: BULK_TIMEOUT_MS },
    );
  };
}

/**
 * A code the insert skipped is this bulk's own order of an earlier run, unless someone typed that very code for
 * another student's order by hand: then the bulk stops rather than count that order as its own.
 */
async function assertSkippedAreOurs(tx: TenantTx, orders: { easyId: string; studentId: number }[], created: { easyId: string }[]): Promise<void> {
  const fresh = new Set(created.map((o) => o.easyId));
  const skipped = new Map(orders.filter((o) => !fresh.has(o.easyId)).map((o) => [o.easyId, o.studentId]));
  if (skipped.size === 0) return;
  const there = await tx.order.findMany({ where: { easyId: { in: [...skipped.keys()] } }, select: { easyId: true, studentId: true } });
  const taken = there.find((o) => skipped.get(o.easyId) !== o.studentId);
  if (taken) throw new AppError(-409, "billing.bulk.codeTaken", 409, { easyId: taken.easyId });
}
