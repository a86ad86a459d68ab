import { ZNoData } from "@pizarra/contracts";
import { publicRoute, type Route } from "../../http/route.ts";
import { receiveWebhook, verifyWebhook } from "./webhook-route.ts";

/**
 * Meta's WhatsApp Cloud API webhook: its subscription check (GET) and its signed notifications (POST), one URL for
 * both, answered by the worker's callback port (provider-routes.ts, callback-lane.ts). The check answers with the
 * challenge as plain text; a notification with no data, whatever it held.
 */
export const WHATSAPP_ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "whatsapp/webhook", auth: "public", answer: "response", handler: verifyWebhook }),
  publicRoute({ method: "POST", path: "whatsapp/webhook", auth: "public", answer: ZNoData, handler: receiveWebhook }),
];
