import {
  ZActiveResourcesAnswer,
  ZBookingConfirmAnswer,
  ZBookingFamilyAnswer,
  ZBookingFamilyQuery,
  ZBookingParams,
  ZCatalogueListAnswer,
  ZCatalogueTypeParams,
  ZConductPickQuery,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { mayPick } from "../../resource/pick-gate.ts";
import { activeResources } from "./bookable-resources.ts";
import { confirmBooking } from "./booking-rules.ts";
import { catalogueList } from "./catalogue-values.ts";
import { family } from "./family.ts";

/** The behaviour area's calls beyond the generic five (001 §7); admTracking/file comes with the definition's file fields. */
export const CONDUCT_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "general/getlist/{type}",
    auth: "user",
    module: null,
    params: ZCatalogueTypeParams,
    query: ZConductPickQuery,
    answer: ZCatalogueListAnswer,
    handler: catalogueList,
  }),
  authedRoute({
    method: "GET",
    path: "admResource/active",
    auth: "user",
    module: "admResource",
    alsoAllowed: mayPick("admResource/get", { pickOnly: false }),
    query: ZConductPickQuery,
    answer: ZActiveResourcesAnswer,
    handler: activeResources,
  }),
  authedRoute({
    method: "GET",
    path: "me/family",
    auth: "user",
    module: "admBookingList",
    query: ZBookingFamilyQuery,
    answer: ZBookingFamilyAnswer,
    handler: family,
  }),
  authedRoute({
    method: "POST",
    path: "admBookingList/confirm/{id}",
    auth: "user",
    module: "admBookingList",
    params: ZBookingParams,
    answer: ZBookingConfirmAnswer,
    handler: confirmBooking,
  }),
];
