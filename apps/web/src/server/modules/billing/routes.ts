import { billingLabelKey, ZOrderParams, ZPaymentAnswer, ZPaymentBody, ZRefundAnswer, ZRefundBody } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { payOrder, refundOrder } from "./ledger.ts";

const MODULE = "admBilling";
const labelKey = billingLabelKey;

/** 001 §7 "Billing and orders": a payment of an order and the refund of a paid one (write on admBilling). */
export const BILLING_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admBilling/setpaymentbyorder/{id}",
    auth: "user",
    module: MODULE,
    params: ZOrderParams,
    body: ZPaymentBody,
    labelKey,
    answer: ZPaymentAnswer,
    handler: payOrder,
  }),
  authedRoute({
    method: "POST",
    path: "admBilling/refundbyorder/{id}",
    auth: "user",
    module: MODULE,
    params: ZOrderParams,
    body: ZRefundBody,
    labelKey,
    answer: ZRefundAnswer,
    handler: refundOrder,
  }),
];
