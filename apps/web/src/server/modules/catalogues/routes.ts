import { ZOtltTypesAnswer } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { LOCALIZATION_ROUTES } from "./localization-routes.ts";
import { otltTypes } from "./otlt-types.ts";

/** The catalogue calls beyond the generic five. */
export const CATALOGUE_ROUTES: Route[] = [
  authedRoute({ method: "GET", path: "admOtlt/types", auth: "user", module: "admOtlt", answer: ZOtltTypesAnswer, handler: otltTypes }),
  ...LOCALIZATION_ROUTES,
];
