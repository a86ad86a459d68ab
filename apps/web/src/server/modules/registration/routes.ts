import { ZCompanySetup, ZCompanySetupAnswer, ZPinVerify, ZPinVerifyAnswer } from "@pizarra/contracts";
import { publicRoute, type Route } from "../../http/route.ts";
import { companySetup } from "./setup.ts";
import { verifyPin } from "./verify.ts";

const labelKey = (field: string) => `register.fields.${field}`;

/** A school registers itself (002 §2 "Login and registration", §4, §7): the number's PIN verified, then company/setup. */
export const REGISTRATION_ROUTES: Route[] = [
  publicRoute({
    method: "POST",
    path: "user/mauthpin/verify",
    auth: "public",
    body: ZPinVerify,
    answer: ZPinVerifyAnswer,
    handler: verifyPin,
    maxBytes: 64 * 1024,
    labelKey,
  }),
  publicRoute({
    method: "POST",
    path: "company/setup",
    auth: "public",
    body: ZCompanySetup,
    answer: ZCompanySetupAnswer,
    handler: companySetup,
    maxBytes: 64 * 1024,
    labelKey,
  }),
];
