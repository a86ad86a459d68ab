import { publicRoute, type Route } from "../../http/route.ts";
import { receiveWebhook, verifyWebhook } from "./webhook-route.ts";

/**
 * Meta's WhatsApp Cloud API webhook: its subscription check (GET) and its signed notifications (POST), one URL for
 * both, answered by the worker's callback port (provider-routes.ts, callback-lane.ts).
 */
export const WHATSAPP_ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "whatsapp/webhook", auth: "public", handler: verifyWebhook }),
  publicRoute({ method: "POST", path: "whatsapp/webhook", auth: "public", handler: receiveWebhook }),
];
