import { ORDER_STATUS, type TPayLinkAnswer } from "@pizarra/contracts";
import { forTenant } from "@pizarra/db";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, BaseContext, Reply } from "../../http/context.ts";
import { queueMessages } from "../../delivery/ledger.ts";
import { log } from "../../log.ts";
import { formatDateTime } from "../../resource/values.ts";
import { payableBalance } from "./ledger.ts";
import { openCheckout, providerOrRefuse } from "./online-pay.ts";
import { BILLING_SOURCE, payerDrafts, payerIdsOf } from "./pay-link-drafts.ts";
import { verifyPayLink } from "./pay-link-token.ts";

/**
 * POST admOrder/sendpaylink/{id}: the pay link of an unpaid order, sent to its payers (pay-link-drafts.ts) through the
 * delivery pipeline, which holds it through the school's quiet hours. Refused, saying why, when the school takes no
 * payments online or the order is paid or voided, and when no payer can be written to. Sent again the same day for
 * the same balance it queues nothing (the ledger's key names the day and the balance): a double click is one message.
 * What went out is the delivery ledger's (source billingPayLink, the order's id).
 */
export async function sendPayLink(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TPayLinkAnswer>> {
  providerOrRefuse();
  return ctx.db.$transaction(async (tx) => {
    const { order, balance, open } = await payableBalance(tx, ctx.params.id);
    if (order.status === ORDER_STATUS.paid) throw new AppError(-409, "billing.payLink.paid", 409);
    if (order.status === ORDER_STATUS.voided) throw new AppError(-409, "billing.payLink.voided", 409);
    if (!open) throw new AppError(-409, "billing.notUnpaid", 409);
    const payers = (await payerIdsOf(tx, [order.studentId])).get(order.studentId) ?? [];
    const owed = { id: order.id, studentId: order.studentId, brief: order.brief, dueDate: order.dueDate, curr: order.curr, balance: balance.toFixed(2) };
    const day = formatDateTime(new Date()).slice(0, 10);
    const drafts = await payerDrafts(
      tx,
      { source: BILLING_SOURCE.payLink, key: `paylink:${order.id}:${owed.balance}:${day}`, texts: "billing.payLink.message", online: true },
      [owed],
      payers,
    );
    if (!drafts.length) throw new AppError(-409, "billing.payLink.noPayer", 409);
    const { queued } = await queueMessages(tx, drafts);
    const written = new Set(drafts.map((d) => d.userId)).size;
    return { data: { queued, payers: written }, msgKey: queued ? "billing.payLink.sent" : "billing.payLink.already", msgValues: { count: written } };
  });
}

/**
 * GET pay/{token}: the family's pay link, opened in a browser: the checkout of what the order owes now, by a redirect.
 * A link that is not genuine is refused and logged; one of an order paid or voided meanwhile, or of a school that no
 * longer takes payments online, is refused saying so (openCheckout).
 */
export async function openPayLink(ctx: BaseContext & { params: { token: string } }): Promise<Reply<null> & { response: Response }> {
  const claims = await verifyPayLink(ctx.params.token);
  if (claims === "expired") throw new AppError(-410, "billing.payLink.expired", 410);
  const school = claims ? await ctx.system.tenant.findUnique({ where: { id: claims.tenantId }, select: { id: true } }) : null;
  if (!claims || !school) {
    log().info({ address: ctx.address }, "pay link refused: tampered or malformed");
    throw new AppError(-401, "billing.payLink.invalid", 401);
  }
  const checkout = await openCheckout(forTenant(ctx.system, claims.tenantId), claims.tenantId, claims.orderId);
  return {
    data: null,
    response: new Response(null, { status: 303, headers: { location: checkout.url, "cache-control": "no-store", "referrer-policy": "no-referrer" } }),
  };
}
