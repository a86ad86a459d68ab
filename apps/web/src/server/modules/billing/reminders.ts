import { ORDER_STATUS, reminderSteps, remindersIn, type TReminderSettings } from "@pizarra/contracts";
import { type Db, forTenant, lockKeys, tenantOf } from "@pizarra/db";
import { z } from "zod";
import { paymentProvider } from "../../channels/payments/index.ts";
import { queueMessages } from "../../delivery/ledger.ts";
import { afterQuietHours, type QuietHours } from "../../delivery/quiet-hours.ts";
import { enqueue, type JobRequest, jobKind, ZJobId } from "../../delivery/queue.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { formatDate, parseDate } from "../../resource/values.ts";
import { payableBalance } from "./ledger.ts";
import { BILLING_SOURCE, type OwedOrder, payerDrafts, payerIdsOf } from "./pay-link-drafts.ts";

/**
 * Payment reminders before and after an order's due date, per school (contracts billing/reminders.ts): a scan finds,
 * on the school's calendar day, the unpaid orders a step of the school's falls on, and queues one send per family
 * (the payers an order's student shares with siblings), due once the school's quiet hours are over. The send, inside
 * its transaction and under each order's money lock (ledger.ts), drops the orders paid or voided since, writes each
 * (order, step) once (OrderReminder's key: a second run, or one at the same time, finds it written and sends nothing),
 * and queues one message listing the orders left, with the pay link of each when the school takes payments online.
 */

/** The scan of every school that has reminders on: hourly, so that each school's day is caught soon after it begins. */
export const PAY_REMINDER_SCAN = jobKind("billing-reminder-scan", z.object({}).nullish());

/** One family's reminder of one day: its payers, and the (order, step) pairs the scan found for them. */
export const PAY_REMINDER_SEND = jobKind(
  "billing-reminder-send",
  z.object({
    tenantId: ZJobId,
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    payers: z.array(ZJobId).min(1),
    items: z.array(z.object({ orderId: ZJobId, step: z.number().int() })).min(1),
  }),
);
export type ReminderSend = z.infer<typeof PAY_REMINDER_SEND.payload>;

const DAY_MS = 86_400_000;

/** The calendar day on the school's clock at `at`, 'YYYY-MM-DD'. */
const schoolDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
const plusDays = (day: string, days: number) => formatDate(new Date(parseDate(day).getTime() + days * DAY_MS));

type School = QuietHours & { id: number; settings: unknown };

/**
 * The sends of one school's reminders for its day at `now`: one per family (payer set), queued to run once the school's
 * quiet hours are over. A scan run again queues nothing twice (the job's key names the day, payers and pairs) and a
 * pair already sent is not found (OrderReminder).
 */
export async function scanSchool(system: Db, school: School, now = new Date()): Promise<JobRequest<ReminderSend>[]> {
  const settings = remindersIn(school.settings);
  const steps = reminderSteps(settings);
  if (!settings.on || steps.length === 0) return [];
  const day = schoolDay(now, school.timeZone);
  const db = forTenant(system, school.id);
  const orders = await db.order.findMany({
    where: { status: ORDER_STATUS.unpaid, dueDate: { in: steps.map((step) => parseDate(plusDays(day, -step))) } },
    select: { id: true, studentId: true, dueDate: true, reminders: { select: { step: true } } },
    orderBy: { id: "asc" },
  });
  const payers = await payerIdsOf(
    db,
    orders.map((o) => o.studentId),
  );
  const families = new Map<string, ReminderSend>();
  for (const order of orders) {
    const step = Math.round((parseDate(day).getTime() - order.dueDate.getTime()) / DAY_MS);
    const who = [...(payers.get(order.studentId) ?? [])].sort((a, b) => a - b);
    if (!who.length || order.reminders.some((r) => r.step === step)) continue;
    const key = who.join(",");
    const family = families.get(key) ?? { tenantId: school.id, day, payers: who, items: [] };
    family.items.push({ orderId: order.id, step });
    families.set(key, family);
  }
  const startAfter = afterQuietHours(now, school);
  const jobs = [...families.values()].map((data) => ({
    data,
    key: `reminder:${school.id}:${day}:${data.payers.join(",")}:${data.items.map((i) => `${i.orderId}.${i.step}`).join(",")}`,
    startAfter,
  }));
  if (jobs.length) await db.$transaction((tx) => enqueue(tx, PAY_REMINDER_SEND, jobs));
  return jobs;
}

/** The scan of every school whose reminders are on (PAY_REMINDER_SCAN). */
export async function scanReminders(system: Db, now = new Date()): Promise<number> {
  const schools = await system.tenant.findMany({
    where: { settings: { path: ["payReminders", "on"], equals: true } },
    select: { id: true, settings: true, timeZone: true, quietFrom: true, quietTo: true },
  });
  let queued = 0;
  for (const school of schools) queued += (await scanSchool(system, school, now)).length;
  return queued;
}

/**
 * One family's reminder (PAY_REMINDER_SEND), in one transaction: the orders locked as a payment locks them, those no
 * longer owing dropped, each (order, step) claimed once, and the message of those claimed queued. Answers the
 * messages queued (none when everything was paid or already reminded).
 */
export async function sendReminder(system: Db, job: ReminderSend): Promise<number> {
  const db = forTenant(system, job.tenantId);
  const ids = [...new Set(job.items.map((i) => i.orderId))];
  return db.$transaction(async (tx) => {
    await lockKeys(
      tx,
      "order-money",
      ids.map((id) => [id]),
    );
    const owed = new Map<number, OwedOrder>();
    for (const id of ids) {
      // An order deleted since the scan is not found: nothing to remind of.
      const found = await payableBalance(tx, id).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      if (!found?.open) continue;
      const { order, balance } = found;
      owed.set(id, { id, studentId: order.studentId, brief: order.brief, dueDate: order.dueDate, curr: order.curr, balance: balance.toFixed(2) });
    }
    const claimed = await tx.orderReminder.createManyAndReturn({
      data: job.items.filter((i) => owed.has(i.orderId)).map((i) => ({ orderId: i.orderId, step: i.step, day: parseDate(job.day) })),
      skipDuplicates: true,
      select: { orderId: true, step: true },
    });
    if (!claimed.length) return 0;
    const orders = [...new Set(claimed.map((c) => c.orderId))].sort((a, b) => a - b).map((id) => owed.get(id)!);
    const key = `reminder:${job.day}:${claimed
      .map((c) => `${c.orderId}.${c.step}`)
      .sort()
      .join(",")}`;
    const drafts = await payerDrafts(
      tx,
      { source: BILLING_SOURCE.reminder, key, texts: "billing.reminders.message", online: paymentProvider() !== null },
      orders,
      job.payers,
    );
    return (await queueMessages(tx, drafts)).queued;
  });
}

/** GET admBilling/reminders: the school's reminder settings. */
export async function getReminderSettings(ctx: AuthedContext): Promise<Reply<TReminderSettings>> {
  const school = await ctx.db.tenant.findUniqueOrThrow({ where: { id: tenantOf(ctx.db) }, select: { settings: true } });
  return { data: remindersIn(school.settings) };
}

/**
 * POST admBilling/reminders: the school's reminder settings, written into Tenant.settings in one statement (the
 * school's other switches untouched, whoever saves them at the same time), with its audit row.
 */
export async function saveReminderSettings(ctx: AuthedContext & { body: TReminderSettings }): Promise<Reply<TReminderSettings>> {
  const saved = await ctx.db.$transaction(async (tx) => {
    const id = tenantOf(tx);
    await tx.$executeRaw`UPDATE "Tenant" SET settings = jsonb_set(CASE WHEN jsonb_typeof(settings) = 'object' THEN settings ELSE '{}'::jsonb END,
      '{payReminders}', ${JSON.stringify(ctx.body)}::jsonb), "updatedAt" = now() WHERE id = ${id}`;
    await audit(tx, ctx, "admBilling", "edit", id, {
      reminders: ctx.body.on ? "on" : "off",
      before: ctx.body.before.join(","),
      after: ctx.body.after.join(","),
    });
    return remindersIn((await tx.tenant.findUniqueOrThrow({ where: { id }, select: { settings: true } })).settings);
  });
  return { data: saved, msgKey: "billing.reminders.saved" };
}
