import { ZContactUs, ZContactUsAnswer } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { contactUs, supportLabel } from "./contact-us.ts";

/** The contact-support side modal's call (000 §7, 002 §7): any signed-in person may write to their school's support. */
export const SUPPORT_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "tenants/contact/us",
    auth: "user",
    module: null,
    body: ZContactUs,
    labelKey: supportLabel,
    answer: ZContactUsAnswer,
    handler: contactUs,
  }),
];
