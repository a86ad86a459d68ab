import type { Prisma } from "@pizarra/db";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import { recipientCount, type Audience } from "./recipients.ts";

type Tx = Prisma.TransactionClient;

/** 002 §4: 0 draft, 1 ready, 2 sending, 3 sent, 4 cancelled, 5 sending errors. */
export const STATUS = { draft: 0, ready: 1, sending: 2, sent: 3, cancelled: 4, errors: 5 } as const;

/** A notification that is going out or went out is history: it is no longer changed or scheduled again. */
export function assertChangeable(status: number): void {
  if (status === STATUS.sending || status === STATUS.sent) throw new AppError(-409, "api.notificationLocked", 409);
}

/** The first minute that is not yet past (send dates are entered to the minute). */
const thisMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

/** 002 §5: the send date may not be in the past. */
export function assertNotPast(ctx: AuthedContext, sendOn: Date): void {
  if (sendOn < thisMinute()) throw fieldRefusal("sendOn", ctx.t("api.sendOnPast"));
}

type Schedulable = Audience & { id: number; status: number; sendOn: Date; doWA: boolean; doMail: boolean; doPush: boolean };

/**
 * The dry run and the confirmation of `admNotification/schedule/{id}` (002 §4), and the start-sending switch of the
 * form: a notification can go out when it has a way to be sent, a send date still ahead and someone to reach. The
 * dry run only counts; confirming makes it ready (status 1) with its number of recipients. Delivery (WhatsApp,
 * e-mail, push) is not part of this application yet: nothing is sent.
 */
export async function schedule(tx: Tx, ctx: AuthedContext, n: Schedulable, confirm: boolean): Promise<{ status: number; total: number }> {
  assertChangeable(n.status);
  if (!n.doWA && !n.doMail && !n.doPush) throw fieldRefusal("doWA", ctx.t("api.notificationNoChannel"));
  assertNotPast(ctx, n.sendOn);
  const total = await recipientCount(tx, n);
  if (total === 0) throw new AppError(-422, "api.notificationNoRecipients", 422);
  if (!confirm) return { status: n.status, total };
  await tx.notification.updateMany({ where: { id: n.id }, data: { status: STATUS.ready, total, scheduledAt: new Date() } });
  return { status: STATUS.ready, total };
}
