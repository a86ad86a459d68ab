import { authedRoute, type Route } from "../../http/route.ts";
import { mayPick } from "../../resource/pick-gate.ts";
import { activeResources } from "./bookable-resources.ts";
import { confirmBooking, ZBookingKey } from "./booking-rules.ts";
import { catalogueList, ZCatalogueType, ZOptionQuery } from "./catalogue-values.ts";
import { family, ZFamilyQuery } from "./family.ts";

/** The behaviour area's calls beyond the generic five (001 §7); admTracking/file comes with the definition's file fields. */
export const CONDUCT_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "general/getlist/{type}",
    auth: "user",
    module: null,
    params: ZCatalogueType,
    query: ZOptionQuery,
    handler: catalogueList,
  }),
  authedRoute({
    method: "GET",
    path: "admResource/active",
    auth: "user",
    module: "admResource",
    alsoAllowed: mayPick("admResource/get", { pickOnly: false }),
    query: ZOptionQuery,
    handler: activeResources,
  }),
  authedRoute({ method: "GET", path: "me/family", auth: "user", module: "admBookingList", query: ZFamilyQuery, handler: family }),
  authedRoute({ method: "POST", path: "admBookingList/confirm/{id}", auth: "user", module: "admBookingList", params: ZBookingKey, handler: confirmBooking }),
];
