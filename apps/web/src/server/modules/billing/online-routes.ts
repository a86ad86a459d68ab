import { ZNoData, ZOrderParams, ZRequest2PayAnswer } from "@pizarra/contracts";
import { authedRoute, publicRoute, type Route } from "../../http/route.ts";
import { receivePaymentWebhook, requestToPay } from "./online-pay.ts";

/** A provider's webhook is a small JSON event: a larger body is not one and is refused while it is read. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/** 001 §7 "Billing and orders": the checkout link of an unpaid order (read on admOrder). */
export const ONLINE_PAY_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admOrder/request2pay/{id}",
    auth: "user",
    module: "admOrder",
    params: ZOrderParams,
    answer: ZRequest2PayAnswer,
    handler: requestToPay,
  }),
];

/**
 * The providers' webhooks (Stripe's, Mercado Pago's): a provider's callback, answered by the worker's callback port
 * (provider-routes.ts) like Meta's, so that a provider's bursts take nothing of the web app staff are waiting on.
 */
export const PAYMENT_WEBHOOK_ROUTES: Route[] = (["stripe", "mercadopago"] as const).map((name) =>
  publicRoute({
    method: "POST",
    path: `payments/${name}/webhook`,
    auth: "public",
    maxBytes: WEBHOOK_MAX_BYTES,
    answer: ZNoData,
    handler: (ctx) => receivePaymentWebhook(ctx, name),
  }),
);
