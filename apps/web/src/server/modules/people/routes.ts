import { ZUnsubscribeAnswer, ZUnsubscribeToken } from "@pizarra/contracts";
import { UNSUBSCRIBE_PATH } from "../../delivery/unsubscribe-link.ts";
import { publicRoute, type Route } from "../../http/route.ts";
import { unsubscribe, unsubscribeState } from "./unsubscribe.ts";

const path = `${UNSUBSCRIBE_PATH}/{token}`;
const label = () => "delivery.unsubscribe.link";

/** A person's own say over the school's messages, without an account: the signed link of their e-mails. */
export const PEOPLE_ROUTES: Route[] = [
  publicRoute({
    method: "POST",
    path,
    auth: "public",
    form: true,
    params: ZUnsubscribeToken,
    labelKey: label,
    answer: ZUnsubscribeAnswer,
    handler: unsubscribe,
  }),
  publicRoute({
    method: "GET",
    path,
    auth: "public",
    params: ZUnsubscribeToken,
    labelKey: label,
    // No data (null) only beside the redirect a browser is sent, which answers with its own response.
    answer: ZUnsubscribeAnswer.nullable(),
    handler: unsubscribeState,
  }),
];
