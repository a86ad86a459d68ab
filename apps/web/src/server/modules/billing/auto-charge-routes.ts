import {
  autoChargeLabelKey,
  ZAutoChargeAnswer,
  ZAutoChargeConfirmQuery,
  ZAutoChargeParams,
  ZAutoChargePreviewQuery,
  ZCardOnFileAnswer,
  ZCardOnFileParams,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { confirmAutoCharge, previewAutoCharge } from "./auto-charge.ts";
import { getCardOnFile, removeCardOnFile } from "./auto-charge-cards.ts";

const MODULE = "admBilling";
const labelKey = autoChargeLabelKey;

/**
 * 001 §7 "Billing and orders": the automatic charge's preview (read on admBilling) and its confirm (write), and the
 * cards on file it charges, which staff see and remove on admBilling too (the stricter module of the money they move).
 */
export const AUTO_CHARGE_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admBilling/automaticCharge/{date}",
    auth: "user",
    module: MODULE,
    params: ZAutoChargeParams,
    query: ZAutoChargePreviewQuery,
    labelKey,
    answer: ZAutoChargeAnswer,
    handler: previewAutoCharge,
  }),
  authedRoute({
    method: "POST",
    path: "admBilling/automaticCharge/{date}",
    auth: "user",
    module: MODULE,
    params: ZAutoChargeParams,
    query: ZAutoChargeConfirmQuery,
    labelKey,
    answer: ZAutoChargeAnswer,
    handler: confirmAutoCharge,
  }),
  authedRoute({
    method: "GET",
    path: "admBilling/cardOnFile/{guardianId}",
    auth: "user",
    module: MODULE,
    params: ZCardOnFileParams,
    labelKey,
    answer: ZCardOnFileAnswer,
    handler: getCardOnFile,
  }),
  authedRoute({
    method: "POST",
    path: "admBilling/cardOnFile/{guardianId}/remove",
    auth: "user",
    module: MODULE,
    params: ZCardOnFileParams,
    labelKey,
    answer: ZCardOnFileAnswer,
    handler: removeCardOnFile,
  }),
];
