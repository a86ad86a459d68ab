import { ZPushEndpoint, ZPushKeyAnswer, ZPushStateAnswer, ZPushSubscribe } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { pushKey, pushLabel, pushStatus, subscribe, unsubscribe } from "./subscriptions.ts";

/**
 * Web Push on this device. No module answers for them and none is needed: whoever is signed in manages only their
 * own devices (every call is narrowed to the caller), and the public key is public by nature.
 */
const OWN_DEVICE = { auth: "user", module: null, labelKey: pushLabel } as const;

export const PUSH_ROUTES: Route[] = [
  authedRoute({ method: "GET", path: "push/key", ...OWN_DEVICE, answer: ZPushKeyAnswer, handler: pushKey }),
  authedRoute({ method: "POST", path: "push/subscribe", ...OWN_DEVICE, body: ZPushSubscribe, answer: ZPushStateAnswer, handler: subscribe }),
  authedRoute({ method: "POST", path: "push/status", ...OWN_DEVICE, body: ZPushEndpoint, answer: ZPushStateAnswer, handler: pushStatus }),
  authedRoute({ method: "POST", path: "push/unsubscribe", ...OWN_DEVICE, body: ZPushEndpoint, answer: ZPushStateAnswer, handler: unsubscribe }),
];
